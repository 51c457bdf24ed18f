// Golden playthroughs (OpenSpiel style): one recorded game per shipped gametype, kept in
// tests/golden/ and replayed here, so that any change to the rules or the plugins that alters
// how a game goes shows up as the first event that differs (GDD §3.5 note 6: determinism).
// Regenerate them only on purpose: bash scripts/golden (docs/records.md).
#include <catch2/catch.hpp>

#include <filesystem>

#include "sdk/plugins/plugin_search.hpp"
#include "host/records/replay.hpp"
#include "tests/support/record_support.hpp"
#include "sdk/plugins/bundle.hpp"

using namespace cherries;
namespace fs = std::filesystem;

TEST_CASE("every shipped gametype has a golden playthrough, and each replays event for event to its end") {
    const fs::path source = CHERRIES_SOURCE_DIR;
    std::size_t replayed = 0;
    for (const auto& entry : fs::directory_iterator(source / "gametypes")) {
        const std::string gametype = entry.path().filename().string();
        const std::string file = (source / "tests" / "golden" / (gametype + ".jsonl")).string();
        INFO("golden playthrough " << file << " (regenerate on purpose with: bash scripts/golden)");
        REQUIRE(fs::exists(file));
        const std::vector<std::string> lines = test::read_lines(file);
        const host::RecordHeader header = host::parse_header_line(lines.at(0), file, 1);
        const sdk::Bundle bundle = host::load_recorded_bundle(header.plugins, {source});
        auto runtime = bundle.make_runtime();
        host::Replayer replayer(bundle, *runtime, header, lines, file);
        std::string difference;
        bool ended = false;
        try {
            ended = replayer.run();
        } catch (const host::ReplayMismatch& e) {
            difference = e.what();
        }
        CHECK(difference == "");
        CHECK(ended);
        CHECK(replayer.events() == lines.size() - 2);  // every line but the header and the end
        CHECK(replayer.game().over());
        ++replayed;
    }
    CHECK(replayed >= 4);  // official, example-a, example-b, closed-table
}
