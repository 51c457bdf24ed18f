#include "host/base/file_io.hpp"

#include <unistd.h>

#include <cerrno>

#include "host/base/input_error.hpp"
#include "sdk/base/plugin_file.hpp"

namespace cherries::host {

bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

std::string read_text_file(const std::filesystem::path& file, const std::string& what, std::size_t max_bytes) {
    std::string text, problem;
    if (!sdk::read_plugin_file(file, {}, max_bytes, what, text, problem))
        throw InputError(file.string() + ": " + (problem == "no such file" ? "cannot read " + what + ": no such file" : problem));
    return text;
}

}  // namespace cherries::host
