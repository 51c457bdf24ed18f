// The print lint of `cherries check` (host/design/print_lint.hpp; docs/check.md, "Print lint"):
// a planted set whose symbol, name and texts would print badly gets a warning for each, at the
// card; the shipped sets get none; and the estimate without pango (text_fit.hpp) agrees with
// what the painter's pango layout does (drawing.hpp's text_fit).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "host/design/card_face.hpp"
#include "host/design/card_layout.hpp"
#include "host/design/drawing.hpp"
#include "host/design/print_lint.hpp"
#include "host/design/text_fit.hpp"
#include "sdk/plugins/manifest.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

sdk::SetManifest read_set(const fs::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    sdk::SetManifest set = sdk::read_set_manifest(folder, problems);
    INFO(folder.string());
    REQUIRE(problems.empty());
    return set;
}

const fs::path kSource = CHERRIES_SOURCE_DIR;

// The one warning whose message contains `needle`, or a failed REQUIRE.
const sdk::Diagnostic& warning_with(const std::vector<sdk::Diagnostic>& all, const std::string& needle) {
    const sdk::Diagnostic* found = nullptr;
    for (const auto& d : all)
        if (d.message.find(needle) != std::string::npos) {
            REQUIRE(found == nullptr);
            found = &d;
        }
    INFO(needle);
    REQUIRE(found != nullptr);
    return *found;
}

}  // namespace

TEST_CASE("print lint: a symbol too long for its badge, a name and texts too long, each named at its line "
          "(GDD §3.3.2.2, §3.3.2.1.2.2)", "[host][design][print]") {
    const sdk::SetManifest set = read_set(kSource / "tests/fixtures/sets/print-lint");
    const auto warnings = lint_print(set);
    for (const auto& d : warnings) {
        INFO(d.to_string());
        CHECK(d.severity == sdk::Diagnostic::Severity::warning);
        CHECK(d.file == set.file);
    }
    const auto& symbol = warning_with(warnings, "the symbol 'GLASSHOUSE'");
    CHECK(symbol.line == 8);  // symbol = "GLASSHOUSE"
    CHECK(symbol.message.find("spills out") != std::string::npos);
    CHECK(symbol.message.find("use a symbol of at most 3 characters") != std::string::npos);
    const auto& name = warning_with(warnings, "card 'long-name': its name");
    CHECK(name.line == 19);  // the card's id
    CHECK(name.message.find("shorten `name` to about") != std::string::npos);
    const auto& small = warning_with(warnings, "card 'small-print': its rules text prints at 5.5 pt");
    CHECK(small.line == 26);
    CHECK(small.message.find("below the readable 6 pt") != std::string::npos);
    CHECK(small.message.find("shorten `text` to about") != std::string::npos);
    const auto& essay = warning_with(warnings, "card 'essay': its rules text");
    CHECK(essay.line == 34);
    // A face text (docs/cards.md: the flavour, where a picture would go) is checked in its box too.
    const auto& flavour = warning_with(warnings, "card 'storyteller': its flavour");
    CHECK(flavour.line == 50);  // its id
    CHECK(flavour.message.find("shorten `flavour` to about") != std::string::npos);
    CHECK(warnings.size() == 5);  // 'cherry' and 'fine' print well
}

TEST_CASE("print lint: the shipped sets print well, so they get no warning", "[host][design][print]") {
    for (const auto& entry : fs::directory_iterator(kSource / "sets")) {
        if (!fs::exists(entry.path() / "set.toml")) continue;
        const auto warnings = lint_print(read_set(entry.path()));
        INFO(entry.path().string() << ": " << (warnings.empty() ? "" : warnings.front().to_string()));
        CHECK(warnings.empty());
    }
}

TEST_CASE("text fit: shrinking stops when the text fits; a word too wide breaks; the size follows the layout",
          "[host][design][print]") {
    const TextFit short_name = fit_text("Cherry", kNameBox);
    CHECK(short_name.size == kNameBox.size);  // no shrinking
    CHECK(short_name.lines == 1);
    CHECK(short_name.fits);
    const TextFit word = fit_text("GLASSHOUSE", kSymbolBox);
    CHECK(word.broken);
    CHECK_FALSE(word.fits);
    CHECK(word.size < kSymbolBox.size * kSmallestShare);  // the printer gave up shrinking
    CHECK(fit_text("S", kSymbolBox).fits);
    CHECK(text_width("ab", 2, false) == Approx(text_width("a", 2, false) + text_width("b", 2, false)));
    CHECK(text_width("W", 1, true) > text_width("i", 1, true));
}

TEST_CASE("text fit: the estimate without pango agrees with the painter's pango layout", "[host][design][print]") {
    const DesignDrawing& drawing = design_drawing();
    std::vector<std::pair<std::string, TextBox>> texts;
    for (const char* folder : {"sets/standard", "sets/orchard", "tests/fixtures/sets/print-lint"}) {
        const sdk::SetManifest set = read_set(kSource / folder);
        texts.push_back({set.info.symbol, kSymbolBox});
        for (const CardFront& f : card_fronts(set)) {
            texts.push_back({f.name, kNameBox});
            texts.push_back({f.headline, kHeadlineBox});
            texts.push_back({f.type, kTypeBox});
            if (!f.rules.empty()) texts.push_back({f.rules, kRulesBox});
        }
    }
    int same_size = 0;
    for (const auto& [text, box] : texts) {
        const TextFit estimate = fit_text(text, box);
        const TextFit pango = drawing.text_fit(text, box);
        INFO("'" << text << "': estimate " << estimate.size << " mm, " << estimate.lines << " lines; pango " << pango.size
                 << " mm, " << pango.lines << " lines");
        CHECK(estimate.fits == pango.fits);
        CHECK(estimate.broken == pango.broken);
        // Within one shrink step (kerning and break rules differ a little), never larger.
        CHECK(estimate.size <= pango.size * 1.0001);
        CHECK(estimate.size >= pango.size * kShrinkStep * 0.9999);
        same_size += std::abs(estimate.size - pango.size) < 1e-9;
    }
    CHECK(same_size >= static_cast<int>(texts.size() * 9 / 10));
}

TEST_CASE("cherries check prints the print lint's warnings at the card, and none for the Standard Set",
          "[host][design][print][cli]") {
    const auto planted = test::run_cli("check '" + (kSource / "tests/fixtures/sets/print-lint").string() + "'");
    INFO(planted.out << planted.err);
    CHECK(planted.status == 0);  // warnings only
    CHECK(planted.out.find("print-lint/set.toml:8:10: warning: set 'print-lint': the symbol 'GLASSHOUSE'") !=
          std::string::npos);
    CHECK(planted.out.find("print-lint/set.toml:34:6: warning: card 'essay': its rules text") != std::string::npos);
    CHECK(planted.out.find("print-lint/set.toml:50:6: warning: card 'storyteller': its flavour") != std::string::npos);
    CHECK(planted.out.find("0 errors, 5 warnings") != std::string::npos);
    const auto standard = test::run_cli("check '" + (kSource / "sets/standard").string() + "'");
    CHECK(standard.status == 0);
    CHECK(standard.out.find("0 errors, 0 warnings") != std::string::npos);
}
