#include "host/store/irc_link_rows.hpp"

namespace cherries::host {

void put_irc_link_code(SqlConnection& db, const std::string& code_hash, const std::string& skeleton, std::int64_t expires) {
    db.run("DELETE FROM irc_link_codes WHERE skeleton = $1", {skeleton});
    db.run("INSERT INTO irc_link_codes (code_hash, skeleton, expires) VALUES ($1, $2, $3)", {code_hash, skeleton, expires});
}

std::optional<std::string> spend_irc_link_code(SqlConnection& db, const std::string& code_hash, const std::string& account,
                                               std::int64_t now) {
    const SqlRows q = db.run("SELECT skeleton, expires FROM irc_link_codes WHERE code_hash = $1", {code_hash});
    if (q.empty()) return std::nullopt;
    const std::string skeleton = q.text(0, 0);
    const std::int64_t expires = q.integer(0, 1);
    db.run("DELETE FROM irc_link_codes WHERE code_hash = $1 OR expires < $2", {code_hash, now});
    if (expires < now) return std::nullopt;
    db.run("DELETE FROM irc_links WHERE account = $1", {account});  // one name per account
    db.run("INSERT INTO irc_links (skeleton, account, created) VALUES ($1, $2, $3) "
           "ON CONFLICT(skeleton) DO UPDATE SET account = excluded.account, created = excluded.created",
           {skeleton, account, now});
    return skeleton;
}

bool delete_irc_link(SqlConnection& db, const std::string& account) {
    return db.run("DELETE FROM irc_links WHERE account = $1", {account}).changed > 0;
}

std::optional<std::string> read_irc_link(SqlConnection& db, const std::string& skeleton) {
    const SqlRows q = db.run("SELECT account FROM irc_links WHERE skeleton = $1", {skeleton});
    if (q.empty()) return std::nullopt;
    return q.text(0, 0);
}

void put_irc_message(SqlConnection& db, const std::string& account, const std::string& text, std::int64_t now, std::size_t most) {
    db.run("INSERT INTO irc_messages (account, text, created) VALUES ($1, $2, $3)", {account, text, now});
    db.run("DELETE FROM irc_messages WHERE account = $1 AND id NOT IN "
           "(SELECT id FROM irc_messages WHERE account = $1 ORDER BY id DESC LIMIT $2)",
           {account, static_cast<std::int64_t>(most)});
}

std::vector<IrcMessage> take_irc_messages(SqlConnection& db, const std::function<bool(const std::string&)>& deliverable,
                                          std::int64_t oldest) {
    std::vector<IrcMessage> out;
    const SqlRows q = db.run("SELECT id, account, text, created FROM irc_messages ORDER BY id");
    for (std::size_t i = 0; i < q.rows.size(); ++i) {
        IrcMessage m{.account = q.text(i, 1), .text = q.text(i, 2), .created = q.integer(i, 3)};
        if (m.created < oldest) continue;  // dropped below
        if (!deliverable(m.account)) continue;
        db.run("DELETE FROM irc_messages WHERE id = $1", {q.integer(i, 0)});
        out.push_back(std::move(m));
    }
    db.run("DELETE FROM irc_messages WHERE created < $1", {oldest});
    return out;
}

}  // namespace cherries::host
