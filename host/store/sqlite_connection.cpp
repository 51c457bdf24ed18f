#include "host/store/sqlite_connection.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <fmt/core.h>

#include <sys/stat.h>

#include <cerrno>
#include <filesystem>
#include <map>
#include <system_error>
#include <utility>

#include "host/store/store_schema.hpp"

namespace cherries::host {

namespace {

class SqliteConnection final : public SqlConnection {
public:
    SqliteConnection(std::string file, std::chrono::milliseconds busy) : file_(std::move(file)), busy_(busy) { open(); }

    SqlDialect dialect() const override { return SqlDialect::sqlite; }

    SqlRows run(std::string_view sql, const std::vector<SqlValue>& params) override {
        try {
            SQLite::Statement& s = statement(sql);
            s.reset();
            s.clearBindings();
            for (std::size_t i = 0; i < params.size(); ++i) bind(s, fmt::format("${}", i + 1), params[i]);
            SqlRows out;
            const sqlite3_int64 before = sqlite3_total_changes64(db_->getHandle());
            while (s.executeStep()) {
                std::vector<SqlValue>& row = out.rows.emplace_back();
                for (int c = 0; c < s.getColumnCount(); ++c) row.push_back(value(s.getColumn(c)));
            }
            out.changed = sqlite3_total_changes64(db_->getHandle()) - before;
            s.reset();
            return out;
        } catch (const SQLite::Exception& e) {
            throw SqlError(e.what());
        }
    }

    void script(std::string_view sql) override {
        try {
            configure();
            db_->exec(std::string(sql));
        } catch (const SQLite::Exception& e) {
            throw SqlError(e.what());
        }
    }

    void begin() override { script("BEGIN IMMEDIATE"); }
    void commit() override { script("COMMIT"); }

    void recover() noexcept override {
        // A statement left mid-step makes every later COMMIT and ROLLBACK fail with "SQL
        // statements in progress": each is reset before the rollback.
        for (auto& [sql, s] : statements_) {
            try {
                s->reset();
                s->clearBindings();
            } catch (...) {
            }
        }
        if (db_ && sqlite3_get_autocommit(db_->getHandle()) == 0)
            sqlite3_exec(db_->getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }

    int schema_version() override {
        try {
            return db_->execAndGet("PRAGMA user_version").getInt();
        } catch (const SQLite::Exception& e) {
            throw SqlError(e.what());
        }
    }

    void set_schema_version(int version) override { script(fmt::format("PRAGMA user_version = {}", version)); }

    std::string before_write() override {
        struct stat st {};
        if (::stat(file_.c_str(), &st) == 0) return {};
        if (errno != ENOENT) return {};  // cannot tell (a folder we may not read): write on as before
        write_anew();
        return file_ + ": the database file was deleted while cherries used it; a new one was written there with "
                       "everything stored so far";
    }

private:
    // The file was deleted while open: SQLite refuses to write to it (SQLITE_READONLY_DBMOVED)
    // and a restart would find nothing. The open connection still reads everything, its WAL
    // included, through the files it has open, so it is copied (SQLite's backup API) into a new
    // file at the same path, and writing goes on there.
    void write_anew() {
        try {
            recover();
            // The old -wal and -shm go first, so that the new file does not take them for its own.
            std::error_code ignored;
            std::filesystem::remove(file_ + "-wal", ignored);
            std::filesystem::remove(file_ + "-shm", ignored);
            {
                SQLite::Database fresh(file_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
                sqlite3_backup* copy = sqlite3_backup_init(fresh.getHandle(), "main", db_->getHandle(), "main");
                if (!copy) throw SQLite::Exception(fresh.getHandle(), sqlite3_errcode(fresh.getHandle()));
                const int rc = sqlite3_backup_step(copy, -1);
                sqlite3_backup_finish(copy);
                if (rc != SQLITE_DONE) throw SQLite::Exception(sqlite3_errstr(rc), rc);
            }
            statements_.clear();  // the old connection's
            db_.reset();
            open();
        } catch (const SQLite::Exception& e) {
            if (!db_) open();
            fail_store(file_, fmt::format("the database file was deleted, and a new one cannot be written: {}", e.what()));
        }
    }

    void open() {
        configured_ = false;
        try {
            db_ = std::make_unique<SQLite::Database>(file_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                                                     static_cast<int>(busy_.count()));
            // SQLite opens a file it may not write read-only, silently: every write would fail later.
            if (sqlite3_db_readonly(db_->getHandle(), "main") == 1)
                fail_store(file_, "the database file is read-only; expected a file cherries can write (check its "
                                  "permissions and its folder's)");
            if (db_->execAndGet("PRAGMA user_version").getInt() == 0 &&
                db_->execAndGet("SELECT count(*) FROM sqlite_master").getInt() > 0)
                fail_store(file_, "a SQLite database of another program (tables but no Cherries schema version); "
                                  "expected a Cherries database or a new file");
        } catch (const SQLite::Exception& e) {
            fail_store(file_, fmt::format("cannot open the database: {}; expected a SQLite database file", e.what()));
        }
    }

    // Before the first statement that is not the schema version's (the store reads that first,
    // and refuses a newer schema untouched): WAL, a sync at every commit, foreign keys.
    void configure() {
        if (configured_) return;
        db_->exec("PRAGMA journal_mode = WAL");
        db_->exec("PRAGMA synchronous = FULL");  // a committed turn survives a power cut too
        db_->exec("PRAGMA foreign_keys = ON");
        configured_ = true;
    }

    SQLite::Statement& statement(std::string_view sql) {
        configure();
        auto it = statements_.find(sql);
        if (it == statements_.end())
            it = statements_.emplace(std::string(sql), std::make_unique<SQLite::Statement>(*db_, std::string(sql))).first;
        return *it->second;
    }

    static void bind(SQLite::Statement& s, const std::string& name, const SqlValue& v) {
        // A parameter the statement does not use is not bound (SQLite numbers only those it has).
        if (s.getIndex(name.c_str()) == 0) return;
        std::visit(
            [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, std::monostate>) s.bind(name.c_str());
                else s.bind(name.c_str(), x);
            },
            v);
    }

    static SqlValue value(const SQLite::Column& c) {
        if (c.isInteger()) return c.getInt64();
        if (c.isFloat()) return c.getDouble();
        if (c.isNull()) return std::monostate{};
        return c.getString();
    }

    std::string file_;
    std::chrono::milliseconds busy_;
    std::unique_ptr<SQLite::Database> db_;
    bool configured_ = false;
    std::map<std::string, std::unique_ptr<SQLite::Statement>, std::less<>> statements_;
};

}  // namespace

std::unique_ptr<SqlConnection> open_sqlite(const std::string& file, std::chrono::milliseconds busy) {
    return std::make_unique<SqliteConnection>(file, busy);
}

}  // namespace cherries::host
