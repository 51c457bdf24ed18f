// Opening a store's database (a SQLite file or a PostgreSQL URL) at a schema version, migrating
// it there (host/store/store_schema.cpp). Private to host/store/.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// Throws StoreError "FILE: WHAT" (`what`: what is wrong; what was expected).
[[noreturn]] void fail_store(const std::string& file, const std::string& what);

/// Opens `where` (a SQLite file, created when missing, or a postgresql:// URL: is_postgresql_url)
/// and brings its schema to `version`, each migration in order in one transaction. Reads before
/// it writes: a file that is no SQLite database, another program's database or a newer schema is
/// refused untouched. `busy`: how long a statement waits for another process's lock. Throws
/// StoreError naming the file (or the URL without its password) and what was expected.
std::unique_ptr<SqlConnection> open_database(const std::string& where, int version,
                                             std::chrono::milliseconds busy = std::chrono::milliseconds(5000));

}  // namespace cherries::host
