// Shared by the libFuzzer targets (tests/fuzz/README.md): a private scratch folder for inputs
// that the code under test reads from files, and the plugins the game-level targets play with.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "host/session/plugin_list.hpp"
#include "host/records/replay.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::fuzz {

/// A folder of this process's own under the temporary directory (removed at exit).
inline const std::filesystem::path& scratch() {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() / ("cherries-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratch(), ec);
        });
        return d;
    }();
    return dir;
}

/// Writes `data` to scratch()/name and returns its path.
inline std::filesystem::path write_input(const std::string& name, const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path file = scratch() / name;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return file;
}

/// The plugins a recorded list names, loaded once per list (only lists that load are kept).
inline const sdk::Bundle* recorded_bundle(const std::vector<host::RecordedPlugin>& plugins) {
    static std::map<std::string, std::unique_ptr<sdk::Bundle>> loaded;
    std::string key;
    for (const auto& p : plugins) key += p.type + '\n' + p.id + '\n';
    if (const auto it = loaded.find(key); it != loaded.end()) return it->second.get();
    if (loaded.size() >= 16) return nullptr;  // only the project's own combinations matter
    auto bundle = std::make_unique<sdk::Bundle>(host::load_recorded_bundle(plugins, {}));
    return loaded.emplace(key, std::move(bundle)).first->second.get();
}

}  // namespace cherries::fuzz
