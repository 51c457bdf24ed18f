// The store on PostgreSQL (docs/cluster.md): its connection lives in libcherries-postgresql.so
// (libpqxx and libpq's two dozen libraries), loaded only when the database setting is a
// postgresql:// URL, so that every other command starts without them. Private to host/store/.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// What libcherries-postgresql.so offers: one table, found by one symbol.
struct PostgresqlDriver {
    /// kPostgresqlDriverVersion of the library: a table of another shape is refused.
    int version = 0;
    /// Connects to `url` (a libpq connection URI: postgresql://USER@HOST:PORT/DB, or with
    /// ?host=/SOCKET/FOLDER); `busy`: how long a statement waits for another node's lock
    /// (lock_timeout). The caller owns the connection. Throws SqlError in libpq's words.
    SqlConnection* (*connect)(const std::string& url, std::chrono::milliseconds busy) = nullptr;
};

/// The table's shape; raise it when PostgresqlDriver or SqlConnection changes.
inline constexpr int kPostgresqlDriverVersion = 1;
/// The library's entry point: `extern "C" const PostgresqlDriver* cherries_postgresql_driver_v1()`.
inline constexpr const char* kPostgresqlDriverSymbol = "cherries_postgresql_driver_v1";
/// The library's file name.
inline constexpr const char* kPostgresqlLibraryFile = "libcherries-postgresql.so";

/// Connects through libcherries-postgresql.so. Throws StoreError naming the (redacted) URL when
/// the library is missing or the server cannot be reached.
std::unique_ptr<SqlConnection> open_postgresql(const std::string& url, std::chrono::milliseconds busy);

}  // namespace cherries::host
