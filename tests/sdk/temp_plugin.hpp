// Writes throwaway plugin folders for sdk tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace cherries::test {

/// A temporary folder, removed with everything in it when destroyed.
class TempFolder {
public:
    TempFolder() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() / ("cherries-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    /// Writes `text` to `name` (relative to the folder) and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        const auto file = path_ / name;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// The whole content of `file` ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// A minimal valid set.toml header; append [[card]] tables.
inline std::string set_header(const std::string& id = "orchard") {
    return "[set]\nid = \"" + id + "\"\nname = \"Orchard\"\nversion = \"0.1.0\"\nsymbol = \"O\"\napi = 1\n";
}

/// A minimal valid gametype.toml.
inline const char* kOfficialGametype =
    "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 10\n\n[distribution]\n5 = 1\n";

}  // namespace cherries::test
