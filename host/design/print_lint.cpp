#include "host/design/print_lint.hpp"

#include <fmt/core.h>

#include <cmath>
#include <string>
#include <string_view>

#include "host/design/card_layout.hpp"
#include "host/design/text_fit.hpp"
#include "sdk/base/code_points.hpp"

namespace cherries::host {

namespace {

double points(double mm) { return mm * kPointsPerMm; }

// Below kReadablePt as a size is printed: to a tenth of a point (one shrink step of the rules
// text, 2.3 mm x 0.92 = 5.998 pt, is 6.0 pt).
bool readable(double mm) { return std::round(points(mm) * 10) / 10 >= kReadablePt; }

bool good(const TextFit& f) { return f.fits && !f.broken && readable(f.size); }


// The longest start of `text` that prints well in `box` (whole words when it has spaces; else
// letters), in code points.
std::size_t longest_good(std::string_view text, const TextBox& box) {
    std::size_t best = 0;
    const bool words = text.find(' ') != std::string_view::npos;
    for (std::size_t i = 1; i <= text.size(); ++i) {
        if (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // inside a code point
        if (words && i < text.size() && text[i] != ' ') continue;
        if (!good(fit_text(text.substr(0, i), box))) break;
        best = sdk::code_points(text.substr(0, i));
    }
    return best;
}

// What is wrong with a text whose fit in `box` is `f`, or "" when it prints well.
std::string problem(const TextBox& box, const TextFit& f) {
    if (!f.fits)
        return fmt::format("does not fit its {:g} x {:g} mm box even at {:.1f} pt ({} lines): it spills out of the "
                           "box on the printed card",
                           box.w, box.h, points(f.size), f.lines);
    if (f.broken) return fmt::format("has a word too wide for its {:g} mm box: it breaks between letters", box.w);
    if (!readable(f.size))
        return fmt::format("prints at {:.1f} pt to fit its {:g} x {:g} mm box, below the readable {:g} pt",
                           points(f.size), box.w, box.h, kReadablePt);
    return "";
}

sdk::Diagnostic warning(const sdk::SetManifest& set, const sdk::SourcePosition& at, std::string message) {
    return {sdk::Diagnostic::Severity::warning, set.file, at.line, at.column, std::move(message), {}};
}

}  // namespace

std::vector<sdk::Diagnostic> lint_print(const sdk::SetManifest& set) {
    std::vector<sdk::Diagnostic> out;
    const std::string& symbol = set.info.symbol;
    if (const TextFit f = fit_text(symbol, kSymbolBox); !symbol.empty() && !good(f)) {
        const std::size_t fit = longest_good(symbol, kSymbolBox);
        out.push_back(warning(set, set.symbol_position,
                              fmt::format("set '{}': the symbol '{}' {} (the badge at the top left of every card "
                                          "front, GDD §3.3.2.2); use a symbol of at most {} character{}",
                                          set.info.id, symbol, problem(kSymbolBox, f), fit, fit == 1 ? "" : "s")));
    }
    for (const sdk::CardManifest& card : set.cards) {
        const CardKind& kind = card.kind;
        const sdk::SourcePosition at = card.position;
        const auto lint = [&](std::string_view what, const std::string& text, const TextBox& box, std::string_view field) {
            const TextFit f = fit_text(text, box);
            if (text.empty() || good(f)) return;
            const std::size_t fit = longest_good(text, box);
            out.push_back(warning(set, at,
                                  fmt::format("card '{}': its {} {}; shorten `{}` to about {} characters (it has {})",
                                              kind.id, what, problem(box, f), field, fit, sdk::code_points(text))));
        };
        lint("name", kind.name, kNameBox, "name");
        lint("rules text", kind.text, kRulesBox, "text");
        if (card.picture.empty())  // a face text shows where a picture would
            for (const auto& [key, text] : card.face_texts)
                if (const TextBox* box = face_text_box(key)) lint(key, text, *box, key);
    }
    return out;
}

}  // namespace cherries::host
