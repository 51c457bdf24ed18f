// Small POSIX file helpers shared by records, saves and the simulator.
#pragma once

#include <cstddef>

namespace cherries::host {

/// Writes all `size` bytes of `data` to `fd`, retrying after short writes and EINTR. Returns
/// false (errno set) if a write fails; what was written before stays written.
bool write_all(int fd, const char* data, std::size_t size);

}  // namespace cherries::host
