#include "host/store/notice_rows.hpp"

namespace cherries::host {

void put_push_subscription(SqlConnection& db, const std::string& skeleton, const std::string& endpoint,
                           const std::string& json, std::int64_t now_seconds, std::size_t most) {
    db.run("INSERT INTO push_subscriptions (endpoint, skeleton, subscription, created) VALUES ($1, $2, $3, $4) "
           "ON CONFLICT(endpoint) DO UPDATE SET skeleton = excluded.skeleton, "
           "subscription = excluded.subscription, created = excluded.created",
           {endpoint, skeleton, json, now_seconds});
    // The newest `most` stay (a browser that subscribes anew gets a new endpoint).
    db.run("DELETE FROM push_subscriptions WHERE skeleton = $1 AND endpoint NOT IN "
           "(SELECT endpoint FROM push_subscriptions WHERE skeleton = $1 ORDER BY created DESC, endpoint LIMIT $2)",
           {skeleton, static_cast<std::int64_t>(most)});
}

std::vector<std::string> read_push_subscriptions(SqlConnection& db, const std::string& skeleton) {
    const SqlRows q = db.run("SELECT subscription FROM push_subscriptions WHERE skeleton = $1 ORDER BY created, endpoint", {skeleton});
    std::vector<std::string> out;
    for (std::size_t i = 0; i < q.rows.size(); ++i) out.push_back(q.text(i, 0));
    return out;
}

bool delete_push_subscription(SqlConnection& db, const std::string& endpoint, const std::string& skeleton) {
    const SqlRows del = skeleton.empty()
                            ? db.run("DELETE FROM push_subscriptions WHERE endpoint = $1", {endpoint})
                            : db.run("DELETE FROM push_subscriptions WHERE endpoint = $1 AND skeleton = $2", {endpoint, skeleton});
    return del.changed > 0;
}

void put_webhook(SqlConnection& db, const std::string& skeleton, const std::string& url, std::int64_t now_seconds) {
    if (url.empty()) {
        db.run("DELETE FROM webhooks WHERE skeleton = $1", {skeleton});
        return;
    }
    db.run("INSERT INTO webhooks (skeleton, url, created) VALUES ($1, $2, $3) "
           "ON CONFLICT(skeleton) DO UPDATE SET url = excluded.url, created = excluded.created",
           {skeleton, url, now_seconds});
}

std::optional<std::string> read_webhook(SqlConnection& db, const std::string& skeleton) {
    const SqlRows q = db.run("SELECT url FROM webhooks WHERE skeleton = $1", {skeleton});
    if (q.empty()) return std::nullopt;
    return q.text(0, 0);
}

std::optional<std::string> read_server_key(SqlConnection& db, const std::string& name) {
    const SqlRows q = db.run("SELECT value FROM server_keys WHERE name = $1", {name});
    if (q.empty()) return std::nullopt;
    return q.text(0, 0);
}

std::string put_server_key(SqlConnection& db, const std::string& name, const std::string& value) {
    db.run("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT(name) DO NOTHING", {name, value});
    return read_server_key(db, name).value_or(value);
}

}  // namespace cherries::host
