// The store's PostgreSQL connection (sql_connection.hpp) on libpqxx: the one file of
// libcherries-postgresql.so (postgresql_driver.hpp). It uses nothing of the executable.
#include <pqxx/pqxx>

#include <charconv>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <system_error>

#include "host/store/postgresql_driver.hpp"

namespace cherries::host {

namespace {

// PostgreSQL's type OIDs (pg_type.h) of the columns read as numbers; every other is text.
constexpr pqxx::oid kBool = 16, kInt8 = 20, kInt2 = 21, kInt4 = 23, kFloat4 = 700, kFloat8 = 701, kNumeric = 1700;

class PostgresqlConnection final : public SqlConnection {
    // libpqxx's exceptions as SqlError; a lost connection is made anew at the next statement.
    template <class F>
    auto guarded(F&& f) {
        try {
            return f();
        } catch (const SqlError&) {
            throw;
        } catch (const pqxx::broken_connection& e) {
            tx_.reset();
            conn_.reset();  // the next statement connects anew
            throw SqlError(std::string("the connection to the PostgreSQL server was lost: ") + e.what());
        } catch (const std::exception& e) {
            if (conn_ && !conn_->is_open()) {  // the server ended the session (a shutdown): made anew next time
                tx_.reset();
                conn_.reset();
            }
            throw SqlError(trimmed(e.what()));
        }
    }

public:
    PostgresqlConnection(std::string url, std::chrono::milliseconds busy) : url_(std::move(url)), busy_(busy) {
        guarded([&] { connect(); });
    }

    SqlDialect dialect() const override { return SqlDialect::postgresql; }

    SqlRows run(std::string_view sql, const std::vector<SqlValue>& params) override {
        return guarded([&] {
            if (!conn_ || !conn_->is_open()) connect();
            const std::string& name = prepared(sql);
            std::vector<std::string> texts(params.size());
            std::vector<const char*> values(params.size(), nullptr);
            for (std::size_t i = 0; i < params.size(); ++i) {
                if (std::holds_alternative<std::monostate>(params[i])) continue;
                texts[i] = text_of(params[i]);
                values[i] = texts[i].c_str();
            }
            const auto args = pqxx::prepare::make_dynamic_params(values);
            if (tx_) return rows_of(tx_->exec_prepared(name, args));
            pqxx::nontransaction once(*conn_);  // outside a transaction: the statement commits by itself
            return rows_of(once.exec_prepared(name, args));
        });
    }

    void script(std::string_view sql) override {
        guarded([&] {
            if (!conn_ || !conn_->is_open()) connect();
            if (tx_) {
                tx_->exec(std::string(sql));
            } else {
                pqxx::nontransaction once(*conn_);
                once.exec(std::string(sql));
            }
        });
    }

    void begin() override {
        guarded([&] {
            if (!conn_ || !conn_->is_open()) connect();
            tx_ = std::make_unique<pqxx::work>(*conn_);
        });
    }

    void commit() override {
        guarded([&] {
            if (!tx_) throw SqlError("COMMIT without a transaction");
            auto tx = std::move(tx_);
            tx->commit();
        });
    }

    void recover() noexcept override {
        if (!tx_) return;
        try {
            tx_->abort();
        } catch (...) {
        }
        tx_.reset();
    }

    int schema_version() override {
        const SqlRows has = run("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() "
                                "AND table_name = 'cherries_schema'", {});
        if (has.integer(0, 0) == 0) {
            const SqlRows tables = run("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()", {});
            if (tables.integer(0, 0) > 0)
                throw SqlError("a database of another program (tables but no Cherries schema version); expected a "
                               "Cherries database or an empty one");
            return 0;
        }
        const SqlRows v = run("SELECT coalesce(max(version), 0) FROM cherries_schema", {});
        return static_cast<int>(v.integer(0, 0));
    }

    void set_schema_version(int version) override {
        script("CREATE TABLE IF NOT EXISTS cherries_schema (version INTEGER NOT NULL)");
        run("DELETE FROM cherries_schema", {});
        run("INSERT INTO cherries_schema (version) VALUES ($1)", {static_cast<std::int64_t>(version)});
    }

    std::string before_write() override { return {}; }

private:
    void connect() {
        tx_.reset();
        prepared_.clear();
        conn_ = std::make_unique<pqxx::connection>(url_);
        pqxx::nontransaction setup(*conn_);
        // NOTICEs ("relation already exists, skipping") are not the operator's business.
        setup.exec("SET client_min_messages = warning");
        setup.exec("SET lock_timeout = " + std::to_string(busy_.count()));
    }

    const std::string& prepared(std::string_view sql) {
        auto it = prepared_.find(sql);
        if (it == prepared_.end()) {
            const std::string name = "s" + std::to_string(prepared_.size());
            conn_->prepare(name, std::string(sql));
            it = prepared_.emplace(std::string(sql), name).first;
        }
        return it->second;
    }

    static std::string text_of(const SqlValue& v) {
        if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
        if (const auto* d = std::get_if<double>(&v)) {
            char buf[32];
            const auto end = std::to_chars(buf, buf + sizeof buf, *d).ptr;  // shortest text that reads back the same
            return std::string(buf, end);
        }
        return std::get<std::string>(v);
    }

    static SqlRows rows_of(const pqxx::result& r) {
        SqlRows out;
        out.changed = static_cast<std::int64_t>(r.affected_rows());
        const auto columns = r.columns();
        std::vector<pqxx::oid> types(columns);
        for (pqxx::row::size_type c = 0; c < columns; ++c) types[c] = r.column_type(c);
        for (const pqxx::row& row : r) {
            std::vector<SqlValue>& values = out.rows.emplace_back();
            for (pqxx::row::size_type c = 0; c < columns; ++c) values.push_back(value_of(row[c], types[c]));
        }
        return out;
    }

    static SqlValue value_of(const pqxx::field& f, pqxx::oid type) {
        if (f.is_null()) return std::monostate{};
        const char* text = f.c_str();
        const char* end = text + f.size();
        switch (type) {
            case kBool: return std::int64_t{text[0] == 't'};
            case kInt2: case kInt4: case kInt8: {
                std::int64_t i = 0;
                if (std::from_chars(text, end, i).ec != std::errc()) throw SqlError(std::string("not an integer: ") + text);
                return i;
            }
            case kFloat4: case kFloat8: case kNumeric: {
                double d = 0;
                if (std::from_chars(text, end, d).ec != std::errc()) throw SqlError(std::string("not a number: ") + text);
                return d;
            }
            default: return std::string(text, end);
        }
    }

    // libpq's messages end with a newline, and its statement errors add the query on a line of
    // their own: the first line is the message.
    static std::string trimmed(const std::string& what) {
        const std::size_t eol = what.find('\n');
        return eol == std::string::npos ? what : what.substr(0, eol);
    }

    std::string url_;
    std::chrono::milliseconds busy_;
    std::unique_ptr<pqxx::connection> conn_;
    std::unique_ptr<pqxx::work> tx_;
    std::map<std::string, std::string, std::less<>> prepared_;
};

SqlConnection* connect(const std::string& url, std::chrono::milliseconds busy) { return new PostgresqlConnection(url, busy); }

constexpr PostgresqlDriver kDriver{.version = kPostgresqlDriverVersion, .connect = connect};

}  // namespace

}  // namespace cherries::host

extern "C" [[gnu::visibility("default")]] const cherries::host::PostgresqlDriver* cherries_postgresql_driver_v1() {
    return &cherries::host::kDriver;
}
