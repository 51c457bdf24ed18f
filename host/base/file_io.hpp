// Small POSIX file helpers shared by every front end: reading a whole input file, writing all bytes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace cherries::host {

/// Writes all `size` bytes of `data` to `fd`, retrying after short writes and EINTR. Returns
/// false (errno set) if a write fails; what was written before stays written.
bool write_all(int fd, const char* data, std::size_t size);

/// Largest input file read_text_file reads by default, in bytes (a save, a scenario, a config).
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

/// The whole of `file` as bytes: a regular file of at most `max_bytes` (a named pipe or a
/// directory is refused, never waited on). `what` names it in messages ("the save file").
/// Throws InputError "FILE: cannot read the save file: no such file", "FILE: the save file is a
/// directory; expected a regular file", "... cannot be read: Permission denied".
std::string read_text_file(const std::filesystem::path& file, const std::string& what,
                           std::size_t max_bytes = kMaxInputFileBytes);

}  // namespace cherries::host
