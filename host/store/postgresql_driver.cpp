#include "host/store/postgresql_driver.hpp"

#include <fmt/core.h>

#include <mutex>

#include "host/base/input_error.hpp"
#include "host/base/shared_library.hpp"
#include "host/store/store_location.hpp"
#include "host/store/store_schema.hpp"

#ifndef CHERRIES_LIBRARY_INSTALL_DIR
#define CHERRIES_LIBRARY_INSTALL_DIR "../lib/cherries"  // relative to the executable's folder
#endif

namespace cherries::host {

namespace {

const PostgresqlDriver& driver() {
    static std::mutex mutex;
    static const PostgresqlDriver* table = nullptr;  // not a static initialised once: a failed load is tried again
    const std::lock_guard lock(mutex);
    if (table) return *table;
    const SharedLibrary lib{.file = kPostgresqlLibraryFile,
                            .entry = kPostgresqlDriverSymbol,
                            .install_dir = CHERRIES_LIBRARY_INSTALL_DIR,
                            .purpose = "use a PostgreSQL store",
                            .name = "the PostgreSQL library",
                            .contents = "libpqxx",
                            .target = "cherries_postgresql"};
    using Entry = const PostgresqlDriver* (*)();
    const PostgresqlDriver* found = reinterpret_cast<Entry>(shared_library_entry(lib))();
    if (!found || found->version != kPostgresqlDriverVersion || !found->connect)
        throw InputError(fmt::format("{}: not the PostgreSQL library this cherries was built with (expected version {}); "
                                     "rebuild or reinstall cherries",
                                     kPostgresqlLibraryFile, kPostgresqlDriverVersion));
    return *(table = found);
}

}  // namespace

std::unique_ptr<SqlConnection> open_postgresql(const std::string& url, std::chrono::milliseconds busy) {
    try {
        return std::unique_ptr<SqlConnection>(driver().connect(url, busy));
    } catch (const InputError& e) {
        fail_store(redacted_url(url), e.what());
    } catch (const SqlError& e) {
        fail_store(redacted_url(url), fmt::format("cannot connect to the PostgreSQL server: {}; expected a "
                                                  "postgresql://USER@HOST:PORT/DATABASE it accepts", e.what()));
    }
}

}  // namespace cherries::host
