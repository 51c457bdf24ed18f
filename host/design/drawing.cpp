// Finding libcherries-design.so (drawing.hpp), and the print-and-play writers that call into it.
#include "host/design/drawing.hpp"

#include <fmt/core.h>

#include <mutex>

#include "host/base/input_error.hpp"
#include "host/base/shared_library.hpp"

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
    const SharedLibrary lib{.file = kDesignLibraryFile,
                            .entry = kDesignDrawingSymbol,
                            .install_dir = CHERRIES_DESIGN_INSTALL_DIR,
                            .purpose = "draw",
                            .name = "the drawing library",
                            .contents = "cairo, pango, librsvg",
                            .target = "cherries_design"};
    return checked(reinterpret_cast<Entry>(shared_library_entry(lib)), kDesignLibraryFile);
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
