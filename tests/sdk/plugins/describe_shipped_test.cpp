// Every shipped card has rules text (GDD §3.3.2.1.2.2, the specifics of a card), and the text
// of every shipped modifier says what its functions do: where sdk/plugins/describe recognises them the
// text is the derived words as a sentence; where it does not, every "A becomes B" example the
// text gives is what the function returns.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <regex>

#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/describe.hpp"

using namespace cherries;

namespace {

std::string sentence(std::string words) {
    words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
    return words + ".";
}

}  // namespace

TEST_CASE("shipped sets: every card has text, and a modifier's text agrees with its functions") {
    const std::filesystem::path root(CHERRIES_SOURCE_DIR);
    for (const char* set : {"standard", "orchard"}) {
        const sdk::Bundle bundle = sdk::Bundle::load({root / "sets" / set}, root / "gametypes/official");
        auto runtime = bundle.make_runtime();
        std::size_t derived = 0, examples = 0;
        for (const CardKind& kind : bundle.catalog().kinds()) {
            INFO(set << ": " << kind.id << ": " << kind.text);
            CHECK_FALSE(kind.text.empty());
            if (kind.type != CardType::modifier) continue;
            if (const auto words = sdk::derived_modifier_words(kind, *runtime)) {
                CHECK(kind.text == sentence(*words));
                ++derived;
                continue;
            }
            // Not recognised: one function that changes something, checked on the text's examples.
            const FunctionId f = kind.cherry_function != kIdentity ? kind.cherry_function : kind.score_function;
            const std::regex example("([+-]?[0-9]+) becomes ([+-]?[0-9]+)");
            std::size_t seen = 0;
            for (std::sregex_iterator it(kind.text.begin(), kind.text.end(), example), end; it != end; ++it, ++seen) {
                std::int64_t result = 0;
                REQUIRE(runtime->call(f, std::stoll((*it)[1]), result));
                CHECK(result == std::stoll((*it)[2]));
            }
            CHECK(seen >= 2);
            examples += seen;
        }
        CHECK(derived > 0);
        if (std::string(set) == "standard") CHECK(examples == 0);  // all twelve are recognised
    }
}
