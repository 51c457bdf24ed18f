// One card lookup for every front end (host/text/card_lookup.hpp): the terminal's `card NAME`
// and IRC's !card NAME find the same card for the same words.
#include <catch2/catch.hpp>

#include "host/text/card_lookup.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

std::string lookup_name(const std::string& words) {
    const Catalog& catalog = test::standard_bundle().catalog();
    const CardLookup found = find_card(catalog, words);
    return found.card ? catalog.kinds()[*found.card].name : std::string("-");
}

std::size_t lookup_candidates(const std::string& words) { return find_card(test::standard_bundle().catalog(), words).candidates.size(); }

}  // namespace

TEST_CASE("card lookup: exact name in any case, id, set:id, then a unique start of a word") {
    CHECK(lookup_name("Double Cherry") == "Double Cherry");
    CHECK(lookup_name("  double CHERRY ") == "Double Cherry");
    CHECK(lookup_name("double-cherry") == "Double Cherry");
    CHECK(lookup_name("standard:double-cherry") == "Double Cherry");
    CHECK(lookup_name("cherry") == "Cherry");  // exact beats the cards whose words start so
    CHECK(lookup_name("anti") == "-");         // Anticherry, Double Anticherry, ...: several
    CHECK(lookup_candidates("anti") == 3);
    CHECK(lookup_name("minus-th") == "-3 Points");  // the start of an id
    CHECK(lookup_name("unfr") == "-1 Hat Of Unfruit");  // the start of a word of the name
    CHECK(lookup_candidates("hat") == 2);              // +1 Hat Of Fruit, -1 Hat Of Unfruit
    CHECK(lookup_name("") == "-");
    CHECK(lookup_candidates("") == 0);
    CHECK(lookup_name("zzz") == "-");
    CHECK(lookup_candidates("zzz") == 0);
}
