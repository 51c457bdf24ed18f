// Finding a library of the program's own that only some commands load (docs/architecture.md,
// "Link layout"): libcherries-design.so (drawing) and libcherries-postgresql.so (a PostgreSQL
// store), so that every other command starts without their dependencies.
#pragma once

#include <string>

namespace cherries::host {

/// Where to find one of the program's libraries and what it is for.
struct SharedLibrary {
    const char* file;         ///< its file name: "libcherries-design.so"
    const char* entry;        ///< the one symbol looked up: its entry point
    const char* install_dir;  ///< where `cmake --install` puts it, relative to the executable's folder
    std::string purpose;      ///< for the errors: "draw", "use a PostgreSQL store"
    std::string name;         ///< for the errors: "the drawing library"
    std::string contents;     ///< for the errors: "cairo, pango, librsvg"
    std::string target;       ///< its CMake target: "cherries_design"
};

/// The address of `lib.entry`: in the process already when the program links the library's
/// target (the tests, a server), else in `lib.file` beside the executable (the build tree) or
/// in `lib.install_dir` relative to it. A loaded library is never unloaded. Throws InputError
/// saying where it looked when the library is missing, cannot be loaded or lacks the entry.
void* shared_library_entry(const SharedLibrary& lib);

}  // namespace cherries::host
