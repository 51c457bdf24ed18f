// The store's SQLite connection (sql_connection.hpp): one database file, in WAL mode, synced at
// every commit. Private to host/store/.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// Opens the SQLite database `file` (created when missing). `busy`: how long one statement waits
/// for another process's lock before it fails. Reads before it writes: a file that is not a
/// SQLite database, another program's database (tables but no Cherries schema version) or a
/// read-only file is refused untouched. Throws StoreError "FILE: what; what was expected".
std::unique_ptr<SqlConnection> open_sqlite(const std::string& file, std::chrono::milliseconds busy);

}  // namespace cherries::host
