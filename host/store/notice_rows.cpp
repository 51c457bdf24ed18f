#include "host/store/notice_rows.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace cherries::host {

void put_push_subscription(SQLite::Database& db, const std::string& skeleton, const std::string& endpoint,
                           const std::string& json, std::int64_t now_seconds, std::size_t most) {
    SQLite::Statement put(db, "INSERT INTO push_subscriptions (endpoint, skeleton, subscription, created) VALUES (?, ?, ?, ?) "
                              "ON CONFLICT(endpoint) DO UPDATE SET skeleton = excluded.skeleton, "
                              "subscription = excluded.subscription, created = excluded.created");
    put.bind(1, endpoint);
    put.bind(2, skeleton);
    put.bind(3, json);
    put.bind(4, now_seconds);
    put.exec();
    // The newest `most` stay (a browser that subscribes anew gets a new endpoint).
    SQLite::Statement trim(db, "DELETE FROM push_subscriptions WHERE skeleton = ?1 AND endpoint NOT IN "
                               "(SELECT endpoint FROM push_subscriptions WHERE skeleton = ?1 ORDER BY created DESC, endpoint LIMIT ?2)");
    trim.bind(1, skeleton);
    trim.bind(2, static_cast<std::int64_t>(most));
    trim.exec();
}

std::vector<std::string> read_push_subscriptions(SQLite::Database& db, const std::string& skeleton) {
    SQLite::Statement q(db, "SELECT subscription FROM push_subscriptions WHERE skeleton = ? ORDER BY created, endpoint");
    q.bind(1, skeleton);
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

bool delete_push_subscription(SQLite::Database& db, const std::string& endpoint, const std::string& skeleton) {
    SQLite::Statement del(db, skeleton.empty() ? "DELETE FROM push_subscriptions WHERE endpoint = ?1"
                                               : "DELETE FROM push_subscriptions WHERE endpoint = ?1 AND skeleton = ?2");
    del.bind(1, endpoint);
    if (!skeleton.empty()) del.bind(2, skeleton);
    return del.exec() > 0;
}

void put_webhook(SQLite::Database& db, const std::string& skeleton, const std::string& url, std::int64_t now_seconds) {
    if (url.empty()) {
        SQLite::Statement del(db, "DELETE FROM webhooks WHERE skeleton = ?");
        del.bind(1, skeleton);
        del.exec();
        return;
    }
    SQLite::Statement put(db, "INSERT INTO webhooks (skeleton, url, created) VALUES (?, ?, ?) "
                              "ON CONFLICT(skeleton) DO UPDATE SET url = excluded.url, created = excluded.created");
    put.bind(1, skeleton);
    put.bind(2, url);
    put.bind(3, now_seconds);
    put.exec();
}

std::optional<std::string> read_webhook(SQLite::Database& db, const std::string& skeleton) {
    SQLite::Statement q(db, "SELECT url FROM webhooks WHERE skeleton = ?");
    q.bind(1, skeleton);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
}

std::optional<std::string> read_server_key(SQLite::Database& db, const std::string& name) {
    SQLite::Statement q(db, "SELECT value FROM server_keys WHERE name = ?");
    q.bind(1, name);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
}

std::string put_server_key(SQLite::Database& db, const std::string& name, const std::string& value) {
    SQLite::Statement put(db, "INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING");
    put.bind(1, name);
    put.bind(2, value);
    put.exec();
    return read_server_key(db, name).value_or(value);
}

}  // namespace cherries::host
