// host/base/file_io.hpp: write_all writes everything or says it could not.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <thread>

#include "host/base/file_io.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

TEST_CASE("write_all writes every byte, through a pipe's short writes too, and reports a failed write") {
    // A pipe holds 64 KiB: 1 MiB goes through only in many partial writes while the reader reads.
    std::string data(1 << 20, '\0');
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>('a' + i % 26);
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::string got;
    std::thread reader([&] {
        char buffer[4096];
        for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) got.append(buffer, static_cast<std::size_t>(n));
    });
    CHECK(host::write_all(fds[1], data.data(), data.size()));
    ::close(fds[1]);
    reader.join();
    ::close(fds[0]);
    CHECK(got == data);

    test::TempFolder dir;
    const auto file = dir.write("f", "x");
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    errno = 0;
    CHECK_FALSE(host::write_all(fd, data.data(), 10));
    CHECK(errno == EBADF);
    ::close(fd);
}
