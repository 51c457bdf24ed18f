// Where a claimed name is told "your turn" (schema 6): its browsers' push subscriptions and its
// webhook, and the server's own keys (the VAPID key pair). Private to host/store/ (GameStore's
// notice methods call it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// Keeps the push subscription `json` of endpoint `endpoint` for the name of skeleton
/// `skeleton`, replacing one of the same endpoint; a name keeps its `most` newest. Inside the
/// caller's transaction.
void put_push_subscription(SqlConnection& db, const std::string& skeleton, const std::string& endpoint,
                           const std::string& json, std::int64_t now_seconds, std::size_t most);
/// The push subscriptions' JSON of the name of skeleton `skeleton`, oldest first.
std::vector<std::string> read_push_subscriptions(SqlConnection& db, const std::string& skeleton);
/// Drops the subscription of `endpoint` (for `skeleton` only, unless `skeleton` is empty: a push
/// service said it is gone). True when there was one.
bool delete_push_subscription(SqlConnection& db, const std::string& endpoint, const std::string& skeleton);

/// The webhook URL of the name of skeleton `skeleton` becomes `url`; "" drops it.
void put_webhook(SqlConnection& db, const std::string& skeleton, const std::string& url, std::int64_t now_seconds);
/// The webhook URL of the name of skeleton `skeleton`, if it has one.
std::optional<std::string> read_webhook(SqlConnection& db, const std::string& skeleton);

/// The server key `name` ("vapid"), if one is kept.
std::optional<std::string> read_server_key(SqlConnection& db, const std::string& name);
/// Keeps `value` as server key `name` unless one is kept already; returns the one kept.
std::string put_server_key(SqlConnection& db, const std::string& name, const std::string& value);

}  // namespace cherries::host
