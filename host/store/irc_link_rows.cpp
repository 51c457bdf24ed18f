#include "host/store/irc_link_rows.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace cherries::host {

void put_irc_link_code(SQLite::Database& db, const std::string& code_hash, const std::string& skeleton, std::int64_t expires) {
    SQLite::Statement del(db, "DELETE FROM irc_link_codes WHERE skeleton = ?");
    del.bind(1, skeleton);
    del.exec();
    SQLite::Statement put(db, "INSERT INTO irc_link_codes (code_hash, skeleton, expires) VALUES (?, ?, ?)");
    put.bind(1, code_hash);
    put.bind(2, skeleton);
    put.bind(3, expires);
    put.exec();
}

std::optional<std::string> spend_irc_link_code(SQLite::Database& db, const std::string& code_hash, const std::string& account,
                                               std::int64_t now) {
    SQLite::Statement q(db, "SELECT skeleton, expires FROM irc_link_codes WHERE code_hash = ?");
    q.bind(1, code_hash);
    if (!q.executeStep()) return std::nullopt;
    const std::string skeleton = q.getColumn(0).getString();
    const std::int64_t expires = q.getColumn(1).getInt64();
    q.reset();
    SQLite::Statement spent(db, "DELETE FROM irc_link_codes WHERE code_hash = ? OR expires < ?");
    spent.bind(1, code_hash);
    spent.bind(2, now);
    spent.exec();
    if (expires < now) return std::nullopt;
    SQLite::Statement other(db, "DELETE FROM irc_links WHERE account = ?");  // one name per account
    other.bind(1, account);
    other.exec();
    SQLite::Statement put(db, "INSERT INTO irc_links (skeleton, account, created) VALUES (?, ?, ?) "
                              "ON CONFLICT(skeleton) DO UPDATE SET account = excluded.account, created = excluded.created");
    put.bind(1, skeleton);
    put.bind(2, account);
    put.bind(3, now);
    put.exec();
    return skeleton;
}

bool delete_irc_link(SQLite::Database& db, const std::string& account) {
    SQLite::Statement del(db, "DELETE FROM irc_links WHERE account = ?");
    del.bind(1, account);
    return del.exec() > 0;
}

std::optional<std::string> read_irc_link(SQLite::Database& db, const std::string& skeleton) {
    SQLite::Statement q(db, "SELECT account FROM irc_links WHERE skeleton = ?");
    q.bind(1, skeleton);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
}

void put_irc_message(SQLite::Database& db, const std::string& account, const std::string& text, std::int64_t now, std::size_t most) {
    SQLite::Statement put(db, "INSERT INTO irc_messages (account, text, created) VALUES (?, ?, ?)");
    put.bind(1, account);
    put.bind(2, text);
    put.bind(3, now);
    put.exec();
    SQLite::Statement trim(db, "DELETE FROM irc_messages WHERE account = ?1 AND id NOT IN "
                               "(SELECT id FROM irc_messages WHERE account = ?1 ORDER BY id DESC LIMIT ?2)");
    trim.bind(1, account);
    trim.bind(2, static_cast<std::int64_t>(most));
    trim.exec();
}

std::vector<IrcMessage> take_irc_messages(SQLite::Database& db, const std::function<bool(const std::string&)>& deliverable,
                                          std::int64_t oldest) {
    std::vector<IrcMessage> out;
    std::vector<std::int64_t> taken;
    {
        SQLite::Statement q(db, "SELECT id, account, text, created FROM irc_messages ORDER BY id");
        while (q.executeStep()) {
            IrcMessage m{.account = q.getColumn(1).getString(), .text = q.getColumn(2).getString(), .created = q.getColumn(3).getInt64()};
            if (m.created < oldest) continue;  // dropped below
            if (!deliverable(m.account)) continue;
            taken.push_back(q.getColumn(0).getInt64());
            out.push_back(std::move(m));
        }
    }
    SQLite::Statement del(db, "DELETE FROM irc_messages WHERE id = ?");
    for (const std::int64_t id : taken) {
        del.bind(1, id);
        del.exec();
        del.reset();
    }
    SQLite::Statement old(db, "DELETE FROM irc_messages WHERE created < ?");
    old.bind(1, oldest);
    old.exec();
    return out;
}

}  // namespace cherries::host
