// Finding libcherries-design.so (drawing.hpp), and the print-and-play writers that call into it.
#include "host/design/drawing.hpp"

#include <dlfcn.h>
#include <fmt/core.h>

#include <mutex>
#include <system_error>

#include "host/base/input_error.hpp"

#ifndef CHERRIES_DESIGN_INSTALL_DIR
#define CHERRIES_DESIGN_INSTALL_DIR "../lib/cherries"  // relative to the executable's folder
#endif

namespace cherries::host {

namespace {

using Entry = const DesignDrawing* (*)();

const DesignDrawing& checked(Entry entry, const std::string& where) {
    const DesignDrawing* table = entry();
    if (!table || table->version != kDesignDrawingVersion || !table->cards_pdf || !table->card_pngs ||
        !table->card_svg || !table->svg_image || !table->text_fit)
        throw InputError(fmt::format("{}: not the drawing library this cherries was built with (expected version {}); "
                                     "rebuild or reinstall cherries",
                                     where, kDesignDrawingVersion));
    return *table;
}

const DesignDrawing& load() {
    // Linked in (the tests, a program that links the cherries_design target): no dlopen.
    if (void* symbol = dlsym(RTLD_DEFAULT, kDesignDrawingSymbol))
        return checked(reinterpret_cast<Entry>(symbol), "the linked cherries_design library");
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path folder = error ? std::filesystem::path(".") : exe.parent_path();
    const std::filesystem::path candidates[] = {folder / kDesignLibraryFile,
                                                (folder / CHERRIES_DESIGN_INSTALL_DIR / kDesignLibraryFile).lexically_normal()};
    for (const std::filesystem::path& file : candidates) {
        if (!std::filesystem::exists(file, error)) continue;
        // Never unloaded: the table's functions live as long as the process.
        void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* why = dlerror();
            throw InputError(fmt::format("cannot load the drawing library {}: {}", file.string(), why ? why : "?"));
        }
        void* symbol = dlsym(handle, kDesignDrawingSymbol);
        if (!symbol) throw InputError(fmt::format("{}: has no {}; rebuild or reinstall cherries", file.string(),
                                                  kDesignDrawingSymbol));
        return checked(reinterpret_cast<Entry>(symbol), file.string());
    }
    throw InputError(fmt::format("cannot draw: the drawing library {} (cairo, pango, librsvg) is missing; looked for "
                                 "{} and {}. Build the cherries_design target, or install cherries with "
                                 "`cmake --install`",
                                 kDesignLibraryFile, candidates[0].string(), candidates[1].string()));
}

}  // namespace

const DesignDrawing& design_drawing() {
    // Not a function-local static initialised by load(): a failed load throws, and the next
    // call (after the library was built, in a long-running server) tries again.
    static std::mutex mutex;
    static const DesignDrawing* table = nullptr;
    const std::lock_guard lock(mutex);
    if (!table) table = &load();
    return *table;
}

SheetSummary write_cards_pdf(const std::vector<CardFront>& fronts, const CardBack& back, const SheetLayout& layout,
                             const std::filesystem::path& file) {
    return design_drawing().cards_pdf(fronts, back, layout, file);
}

std::vector<std::filesystem::path> write_card_pngs(const std::vector<CardFront>& fronts, const CardBack& back,
                                                   const std::filesystem::path& dir) {
    return design_drawing().card_pngs(fronts, back, dir);
}

}  // namespace cherries::host
