// `cherries sim --shard K/N` and `cherries merge`: merged shards print exactly what one run prints
// (byte for byte), and parts that do not belong together are refused naming the file.
#include <catch2/catch.hpp>

#include <string>

#include "host/batch/sim.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
using cherries::test::run_cli;
using cherries::test::TempFolder;

namespace {

// Writes each shard's part of `flags` to DIR/part-K.json; returns the file names, space-separated.
std::string write_sim_parts(const TempFolder& dir, const std::string& flags, int shards) {
    std::string files;
    for (int k = 1; k <= shards; ++k) {
        const auto run = run_cli(flags + " --shard " + std::to_string(k) + "/" + std::to_string(shards));
        REQUIRE(run.status == 0);
        const auto file = dir.write("part-" + std::to_string(k) + ".json", run.out);
        files += " '" + file.string() + "'";
    }
    return files;
}

std::string without_last_line(const std::string& text) {
    const auto end = text.rfind('\n', text.size() - 2);
    return end == std::string::npos ? "" : text.substr(0, end + 1);
}

}  // namespace

TEST_CASE("shard ranges cover every game exactly once", "[host][shard]") {
    for (std::uint64_t games : {1u, 7u, 100u, 101u}) {
        for (std::uint32_t shards : {1u, 2u, 3u, 8u}) {
            std::uint64_t next = 0;
            for (std::uint32_t k = 1; k <= shards; ++k) {
                const ShardRange r = sim_shard_range(games, k, shards);
                CHECK(r.first == next);
                CHECK(r.end >= r.first);
                CHECK(r.end - r.first <= games / shards + 1);  // equal slices, give or take one
                next = r.end;
            }
            CHECK(next == games);
        }
    }
}

TEST_CASE("cherries merge of sim shards equals one run byte for byte", "[host][shard][cli]") {
    const TempFolder dir;
    const std::string flags = "sim --games 101 --players 3 --bot greedy --seed 11 --jobs 2";
    const auto one = run_cli(flags + " --json");
    REQUIRE(one.status == 0);
    const std::string parts = write_sim_parts(dir, flags, 3);
    const auto merged = run_cli("merge" + parts + " --json");
    REQUIRE(merged.status == 0);
    CHECK(merged.out == one.out);
    CHECK(nlohmann::json::parse(merged.out)["games"] == 101);

    // The text: the same but for the last line (one machine's throughput, the parts' summed time).
    const auto one_text = run_cli(flags);
    const auto merged_text = run_cli("merge" + parts);
    REQUIRE(merged_text.status == 0);
    CHECK(without_last_line(merged_text.out) == without_last_line(one_text.out));
    CHECK_THAT(merged_text.out, Catch::Contains("summed over 3 parts"));
}

TEST_CASE("cherries merge refuses parts that do not belong together, naming the file", "[host][shard][cli]") {
    const TempFolder dir;
    const std::string flags = "sim --games 40 --players 2 --seed 1";
    const std::string parts = write_sim_parts(dir, flags, 2);
    const std::string first = (dir.path() / "part-1.json").string();
    const std::string second = (dir.path() / "part-2.json").string();

    SECTION("a missing shard") {
        const auto run = run_cli("merge '" + first + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains("missing shard 2/2"));
    }
    SECTION("a shard given twice") {
        const auto run = run_cli("merge '" + first + "' '" + first + "' '" + second + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains("given twice"));
        CHECK_THAT(run.err, Catch::Contains(first));
    }
    SECTION("another seed") {
        const auto other = run_cli("sim --games 40 --players 2 --seed 2 --shard 2/2");
        const auto file = dir.write("other-seed.json", other.out).string();
        const auto run = run_cli("merge '" + first + "' '" + file + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(file));
        CHECK_THAT(run.err, Catch::Contains("\"seed\" differs"));
    }
    SECTION("another gametype (another fingerprint)") {
        const auto other = run_cli("sim --games 40 --players 2 --seed 1 --gametype example-a --shard 2/2");
        REQUIRE(other.status == 0);
        const auto file = dir.write("other-gametype.json", other.out).string();
        const auto run = run_cli("merge '" + first + "' '" + file + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(file));
        CHECK_THAT(run.err, Catch::Contains("differs"));
    }
    SECTION("a different number of shards") {
        const auto other = run_cli(flags + " --shard 2/3");
        const auto file = dir.write("of-three.json", other.out).string();
        const auto run = run_cli("merge '" + first + "' '" + file + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(file));
        CHECK_THAT(run.err, Catch::Contains("one of 3 slices"));
    }
    SECTION("not a part") {
        const auto file = dir.write("garbage.json", "{not json").string();
        const auto run = run_cli("merge '" + file + "'");
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(file + ": not a part file"));
        const auto missing = run_cli("merge '" + (dir.path() / "nowhere.json").string() + "'");
        CHECK(missing.status == 2);
        CHECK_THAT(missing.err, Catch::Contains("nowhere.json: cannot read the file"));
    }
    SECTION("a malformed --shard") {
        for (const char* bad : {"0/2", "3/2", "1", "a/b", "1/2/3", "-1/2"}) {
            const auto run = run_cli(std::string("sim --games 4 --shard ") + bad);
            CHECK(run.status == 2);
            CHECK_THAT(run.err, Catch::Contains("--shard"));
        }
    }
}
