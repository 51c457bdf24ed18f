// What a database setting (`--database`, `[server] database`, `[bot] database`) names: a SQLite
// file (the embedded default) or a PostgreSQL database (docs/cluster.md, "One PostgreSQL store").
#pragma once

#include <string>

namespace cherries::host {

/// True when `where` names a PostgreSQL database (it begins postgresql:// or postgres://: a
/// libpq connection URI) rather than a SQLite file.
bool is_postgresql_url(const std::string& where);

/// `url` as errors and logs show it: a password (user:PASSWORD@, password=...) replaced by "***".
std::string redacted_url(const std::string& url);

/// `where` as errors and logs show it: a file's path as it is, a URL without its password.
std::string shown_location(const std::string& where);

}  // namespace cherries::host
