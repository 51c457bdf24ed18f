// The fair deal (docs/records.md, "The fair deal"; host/records/deal.hpp): a hosted table's
// record holds a commitment to its seed instead of the seed, its end line reveals seed and salt,
// and `cherries replay` checks the reveal against the commitment and refuses one that differs.
// The seed fixes the deck's order (GDD §3.4.1 shuffle, §3.4.2.2 renewal), so it is the game's
// hidden information until the end.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/records/deal.hpp"
#include "host/session/bot_source.hpp"
#include "host/table/table.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
using nlohmann::json;

namespace {

struct Quiet final : TableListener {};

// A table of the Standard Set seeded with `seed`.
struct Fixture {
    Fixture(std::uint64_t seed, TableOptions options)
        : runtime(bundle.make_runtime()), table(bundle, *runtime, seed, bots, listener, std::move(options), recorded_plugins(bundle)) {}
    const sdk::Bundle& bundle = test::standard_bundle();
    std::unique_ptr<sdk::LuaRuntime> runtime;
    InstalledBots bots;
    Quiet listener;
    Table table;
};

TableOptions sealed() {
    TableOptions o;
    o.deal_salt = new_salt();
    return o;
}

// A table of two bots played to its end; its record's lines.
std::vector<std::string> bot_game(Table& table) {
    REQUIRE(table.add_bot("greedy"));
    REQUIRE(table.add_bot("random"));
    REQUIRE(table.start());
    std::vector<std::string> lines;
    for (int i = 0; i < 10000 && !(table.record() && table.record()->ended()); ++i) {
        table.advance();
        for (auto& l : table.record()->take_lines()) lines.push_back(std::move(l));
    }
    for (auto& l : table.record()->take_lines()) lines.push_back(std::move(l));
    REQUIRE(table.record()->ended());
    return lines;
}

std::string write_record(const test::TempFolder& dir, const std::vector<std::string>& lines, const std::string& name) {
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    return dir.write(name, text).string();
}

}  // namespace

TEST_CASE("the commitment is SHA-256 of \"cherries-deal-v1:SEED:SALT\", as docs/records.md tells players to check it", "[deal]") {
    // printf 'cherries-deal-v1:%s:%s' 7 0123456789abcdef0123456789abcdef | sha256sum
    CHECK(commitment(Deal{.seed = 7, .salt = "0123456789abcdef0123456789abcdef"}) ==
          "bb91acfce42dfc2360ee0cf32bdb49c0d221d819f0ecdaad54c5d1129ed65a9e");
    CHECK(commitment(Deal{.seed = 8, .salt = "0123456789abcdef0123456789abcdef"}) !=
          commitment(Deal{.seed = 7, .salt = "0123456789abcdef0123456789abcdef"}));
    const std::string a = new_salt(), b = new_salt();
    CHECK(valid_salt(a));
    CHECK(a != b);  // 128 random bits each
    CHECK_FALSE(valid_salt("0123456789ABCDEF0123456789ABCDEF"));
    CHECK_FALSE(valid_salt("0123"));
}

TEST_CASE("a sealed table's record holds the commitment, not the seed, until its end line reveals both", "[deal]") {
    Fixture f(1234567, sealed());
    Table& table = f.table;
    const std::string promised = table.commitment();
    REQUIRE(valid_commitment(promised));
    const std::vector<std::string> lines = bot_game(table);

    const json header = json::parse(lines.front());
    CHECK(header.at("format") == 4);
    CHECK_FALSE(header.contains("seed"));
    CHECK(header.at("commitment") == promised);
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) CHECK(lines[i].find("1234567") == std::string::npos);

    const json end = json::parse(lines.back());
    CHECK(end.at("seed") == 1234567);
    const Deal revealed{.seed = end.at("seed").get<std::uint64_t>(), .salt = end.at("salt").get<std::string>()};
    CHECK(commitment(revealed) == promised);
    REQUIRE(table.revealed_deal());
    CHECK(table.revealed_deal()->salt == revealed.salt);
}

TEST_CASE("replay checks a sealed record's reveal, and refuses a changed reveal or a record without one", "[deal]") {
    Fixture f(99, sealed());
    Table& table = f.table;
    std::vector<std::string> lines = bot_game(table);
    test::TempFolder dir;

    const test::CliRun ok = test::run_cli("replay '" + write_record(dir, lines, "game.jsonl") + "'");
    CHECK(ok.status == 0);
    CHECK_THAT(ok.out, Catch::Contains("the deal verifies: seed 99 and its salt hash to the header's commitment " +
                                       table.commitment()));

    // Another seed in the reveal (a host that changed the deck after the start): refused.
    json end = json::parse(lines.back());
    end["seed"] = 100;
    std::vector<std::string> forged = lines;
    forged.back() = end.dump();
    const test::CliRun bad = test::run_cli("replay '" + write_record(dir, forged, "forged.jsonl") + "'");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("the revealed deal (seed 100") && Catch::Contains("does not match the header's commitment"));

    // A salt changed by one digit: refused too.
    end = json::parse(lines.back());
    std::string salt = end["salt"];
    salt.back() = salt.back() == '0' ? '1' : '0';
    end["salt"] = salt;
    forged.back() = end.dump();
    CHECK(test::run_cli("replay '" + write_record(dir, forged, "salted.jsonl") + "'").status == 2);

    // No reveal at all: the seed cannot be known, and replay says why.
    end = json::parse(lines.back());
    end.erase("seed");
    forged.back() = end.dump();
    const test::CliRun hidden = test::run_cli("replay '" + write_record(dir, forged, "hidden.jsonl") + "'");
    CHECK(hidden.status == 2);
    CHECK_THAT(hidden.err, Catch::Contains("the end line must reveal it: expected \"seed\" and \"salt\""));

    // A live game's record (no end line yet) cannot be replayed: its seed is not public.
    lines.pop_back();
    const test::CliRun live = test::run_cli("replay '" + write_record(dir, lines, "live.jsonl") + "'");
    CHECK(live.status == 2);
    CHECK_THAT(live.err, Catch::Contains("its deal is sealed"));
}

TEST_CASE("a sealed table saved and restored keeps its commitment and reveals the same deal", "[deal]") {
    Fixture f(5150, sealed());
    Table& table = f.table;
    REQUIRE(table.join("ann"));
    REQUIRE(table.add_bot("greedy"));
    REQUIRE(table.start());
    REQUIRE(table.advance() == SessionStop::human);
    const std::string promised = table.commitment();
    const json saved = table.save_json();
    CHECK(saved.at("salt").is_string());

    Table again(f.bundle, *f.runtime, saved, f.bots, f.listener, sealed());
    CHECK(again.commitment() == promised);
    CHECK_FALSE(again.revealed_deal());  // the game goes on: nothing revealed
    again.stop("stopped by the test");
    REQUIRE(again.revealed_deal());
    CHECK(commitment(*again.revealed_deal()) == promised);
    const auto lines = again.record()->take_lines();
    REQUIRE_FALSE(lines.empty());
    const json end = json::parse(lines.back());
    CHECK(end.at("seed") == 5150);
    CHECK(end.at("salt") == again.revealed_deal()->salt);
}

TEST_CASE("an open table (cherries play) keeps its seed in the header and reveals nothing at the end", "[deal]") {
    Fixture f(77, TableOptions{});
    Table& table = f.table;
    CHECK(table.commitment().empty());
    const std::vector<std::string> lines = bot_game(table);
    CHECK(json::parse(lines.front()).at("seed") == 77);
    CHECK_FALSE(json::parse(lines.back()).contains("salt"));
    CHECK_FALSE(table.revealed_deal());
}
