#include "sdk/base/plugin_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cherries::sdk {

namespace {

// What a non-regular file is, for messages.
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "is a directory";
    if (S_ISFIFO(mode)) return "is a named pipe";
    if (S_ISSOCK(mode)) return "is a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device";
    return "is not a regular file";
}

}  // namespace

bool path_present(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(path, ec);
    return !ec && status.type() != std::filesystem::file_type::not_found;
}

bool inside_folder(const std::filesystem::path& folder, const std::filesystem::path& relative) {
    std::error_code ec;
    const auto inside = std::filesystem::weakly_canonical(folder, ec);
    if (ec) return false;
    const auto target = std::filesystem::weakly_canonical(folder / relative, ec);
    if (ec) return false;
    const auto rel = target.lexically_relative(inside);
    return !rel.empty() && *rel.begin() != "..";
}

bool read_plugin_file(const std::filesystem::path& file, const std::filesystem::path& folder, std::size_t max_bytes,
                      const std::string& what, std::string& text, std::string& problem) {
    text.clear();
    struct stat link{};
    if (::lstat(file.c_str(), &link) != 0) {
        problem = errno == ENOENT ? "no such file" : what + " cannot be read: " + std::strerror(errno);
        return false;
    }
    if (!folder.empty() && S_ISLNK(link.st_mode) && !inside_folder(folder, file.lexically_relative(folder))) {
        problem = what + " is a link to a file outside the plugin folder; expected a file inside it";
        return false;
    }
    struct stat target{};
    if (::stat(file.c_str(), &target) != 0) {
        problem = what + " is a link to nothing (" + std::strerror(errno) + ")";
        return false;
    }
    if (!S_ISREG(target.st_mode)) {  // checked before opening: opening a named pipe blocks
        problem = what + " " + kind_of(target.st_mode) + "; expected a regular file";
        return false;
    }
    // O_NONBLOCK: should the file be swapped for a pipe after the check, open does not wait.
    const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        problem = what + " cannot be read: " + std::strerror(errno);
        return false;
    }
    struct stat opened{};
    bool ok = ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode);
    if (!ok) problem = what + " " + kind_of(opened.st_mode) + "; expected a regular file";
    if (ok && static_cast<std::size_t>(opened.st_size) > max_bytes) {
        problem = what + " is " + std::to_string(opened.st_size) + " bytes; expected at most " + std::to_string(max_bytes);
        ok = false;
    }
    char buffer[65536];
    while (ok) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            problem = what + " cannot be read: " + std::strerror(errno);
            ok = false;
        } else if (text.size() + static_cast<std::size_t>(n) > max_bytes) {  // grew while being read
            problem = what + " is more than " + std::to_string(max_bytes) + " bytes; expected at most that";
            ok = false;
        } else {
            text.append(buffer, static_cast<std::size_t>(n));
        }
    }
    ::close(fd);
    if (!ok) text.clear();
    return ok;
}

}  // namespace cherries::sdk
