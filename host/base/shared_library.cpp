#include "host/base/shared_library.hpp"

#include <dlfcn.h>
#include <fmt/core.h>

#include <filesystem>
#include <system_error>

#include "host/base/input_error.hpp"

namespace cherries::host {

void* shared_library_entry(const SharedLibrary& lib) {
    if (void* symbol = dlsym(RTLD_DEFAULT, lib.entry)) return symbol;  // linked in: no dlopen
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path folder = error ? std::filesystem::path(".") : exe.parent_path();
    const std::filesystem::path candidates[] = {folder / lib.file, (folder / lib.install_dir / lib.file).lexically_normal()};
    for (const std::filesystem::path& file : candidates) {
        if (!std::filesystem::exists(file, error)) continue;
        void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            throw InputError(fmt::format("cannot load {}: {}", file.string(), why ? why : "?"));
        }
        void* symbol = dlsym(handle, lib.entry);
        if (!symbol) throw InputError(fmt::format("{}: has no {}; rebuild or reinstall cherries", file.string(), lib.entry));
        return symbol;
    }
    throw InputError(fmt::format("cannot {}: {} {} ({}) is missing; looked for {} and {}. Build the {} target, or "
                                 "install cherries with `cmake --install`",
                                 lib.purpose, lib.name, lib.file, lib.contents, candidates[0].string(), candidates[1].string(),
                                 lib.target));
}

}  // namespace cherries::host
