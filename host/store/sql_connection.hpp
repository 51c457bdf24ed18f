// One connection to the store's database as host/store uses it, whichever engine is behind it:
// SQLite (sqlite_connection.cpp, the embedded default) or PostgreSQL (postgresql_connection.cpp,
// in libcherries-postgresql.so). The store's SQL is written once for both: parameters are $1, $2,
// ... (PostgreSQL's own; SQLite reads "$1" as a named parameter and the SQLite connection binds
// it by that name). What differs between the engines (schema, transactions, the schema version)
// is behind this interface. Header-only, so that the PostgreSQL library needs nothing of the
// executable. Private to host/store/.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cherries::host {

/// A parameter or a column's value: NULL, an integer, a real or a text.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string>;

/// What a statement returned: its rows (each its columns' values, in the SELECT's order) and how
/// many rows it changed (an INSERT, UPDATE or DELETE).
struct SqlRows {
    std::vector<std::vector<SqlValue>> rows;
    std::int64_t changed = 0;

    bool empty() const { return rows.empty(); }
    /// Column `column` of row `row` as an integer (0 for NULL). Throws SqlError for a text or real.
    std::int64_t integer(std::size_t row, std::size_t column) const;
    /// As a real (an integer converts; 0 for NULL).
    double real(std::size_t row, std::size_t column) const;
    /// As a text ("" for NULL). Throws SqlError for a number.
    const std::string& text(std::size_t row, std::size_t column) const;
    bool is_null(std::size_t row, std::size_t column) const {
        return std::holds_alternative<std::monostate>(rows.at(row).at(column));
    }
};

/// The database engine failed a statement, or a connection could not be made: the engine's words.
/// Default visibility: libcherries-postgresql.so throws it and the executable catches it.
class [[gnu::visibility("default")]] SqlError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Which SQL the schema is written in (store_schema.cpp); queries are the same for both.
enum class SqlDialect { sqlite, postgresql };

/// One connection. Not thread-safe: one thread at a time.
class [[gnu::visibility("default")]] SqlConnection {
public:
    virtual ~SqlConnection() = default;
    virtual SqlDialect dialect() const = 0;
    /// Runs one statement with `params` as $1, $2, ...; its rows are read whole. Statements are
    /// prepared once per text and kept. Throws SqlError.
    virtual SqlRows run(std::string_view sql, const std::vector<SqlValue>& params) = 0;
    /// Runs `sql`, one or more statements without parameters (a migration). Throws SqlError.
    virtual void script(std::string_view sql) = 0;
    /// Opens a transaction that writes (SQLite: BEGIN IMMEDIATE, so a second writer waits at the
    /// start, not at the commit). Throws SqlError.
    virtual void begin() = 0;
    virtual void commit() = 0;
    /// Ends an open transaction without its changes, and leaves every statement ready for the
    /// next one (after a failure: a lock, a full disk, a lost server). Never throws.
    virtual void recover() noexcept = 0;
    /// The schema version the database says it has (0: none, a new database).
    virtual int schema_version() = 0;
    /// Records `version`; inside the migration's transaction.
    virtual void set_schema_version(int version) = 0;
    /// Before a write: what the connection had to do by itself to be able to write, said once
    /// ("" when nothing): SQLite's file deleted while open is written anew at its path.
    virtual std::string before_write() = 0;

    /// run() with the parameters in place.
    SqlRows run(std::string_view sql, std::initializer_list<SqlValue> params = {}) {
        return run(sql, std::vector<SqlValue>(params));
    }
};

/// A write transaction: begun when made, rolled back when left without commit() (an exception).
class SqlTransaction {
public:
    explicit SqlTransaction(SqlConnection& db) : db_(db) { db_.begin(); }
    ~SqlTransaction() {
        if (!done_) db_.recover();
    }
    SqlTransaction(const SqlTransaction&) = delete;
    SqlTransaction& operator=(const SqlTransaction&) = delete;
    void commit() {
        db_.commit();
        done_ = true;
    }

private:
    SqlConnection& db_;
    bool done_ = false;
};

inline std::int64_t SqlRows::integer(std::size_t row, std::size_t column) const {
    const SqlValue& v = rows.at(row).at(column);
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    if (std::holds_alternative<std::monostate>(v)) return 0;
    throw SqlError("column " + std::to_string(column + 1) + " is not an integer");
}

inline double SqlRows::real(std::size_t row, std::size_t column) const {
    const SqlValue& v = rows.at(row).at(column);
    if (const auto* d = std::get_if<double>(&v)) return *d;
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    if (std::holds_alternative<std::monostate>(v)) return 0;
    throw SqlError("column " + std::to_string(column + 1) + " is not a number");
}

inline const std::string& SqlRows::text(std::size_t row, std::size_t column) const {
    static const std::string kNull;
    const SqlValue& v = rows.at(row).at(column);
    if (const auto* s = std::get_if<std::string>(&v)) return *s;
    if (std::holds_alternative<std::monostate>(v)) return kNull;
    throw SqlError("column " + std::to_string(column + 1) + " is not a text");
}

}  // namespace cherries::host
