// The fair deal (docs/records.md, "The fair deal"; host/records/deal.hpp): a hosted table's
// record holds a commitment to its seed instead of the seed, its end line reveals seed and salt,
// and `cherries replay` checks the reveal against the commitment and refuses one that differs.
// The seed fixes the deck's order (GDD §3.4.1 shuffle, §3.4.2.2 renewal), so it is the game's
// hidden information until the end.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "host/base/random_seed.hpp"
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

TEST_CASE("replay says whether a deal was sealed, open or unverifiable, and --require-sealed takes only a verified sealed one", "[deal]") {
    // Issue 39: a sealed record rewritten as an open-seed one replayed with exit 0 and no word.
    Fixture f(4242, sealed());
    const std::vector<std::string> lines = bot_game(f.table);
    test::TempFolder dir;
    const std::string sealed_file = write_record(dir, lines, "sealed.jsonl");

    const test::CliRun ok = test::run_cli("replay --require-sealed '" + sealed_file + "'");
    CHECK(ok.status == 0);
    CHECK_THAT(ok.out, Catch::Contains("the deal verifies: seed 4242") && Catch::Contains("(a sealed deal"));
    const test::CliRun ok_json = test::run_cli("replay --json '" + sealed_file + "'");
    REQUIRE(ok_json.status == 0);
    CHECK(json::parse(ok_json.out).at("deal") == "sealed");

    // Rewritten: the commitment dropped, the seed put in the header; the end line still reveals.
    std::vector<std::string> rewritten = lines;
    json header = json::parse(lines.front());
    header.erase("commitment");
    header["seed"] = 4242;
    rewritten.front() = header.dump();
    const std::string rewritten_file = write_record(dir, rewritten, "rewritten.jsonl");
    const test::CliRun plain = test::run_cli("replay '" + rewritten_file + "'");
    CHECK(plain.status == 0);  // the seed is right, so the game replays ...
    CHECK_THAT(plain.out, Catch::Contains("the deal cannot be verified: the header holds the seed 4242 and no commitment"));
    CHECK_THAT(plain.out, !Catch::Contains("the deal verifies"));
    const test::CliRun refused = test::run_cli("replay --require-sealed '" + rewritten_file + "'");
    CHECK(refused.status == 2);  // ... but it is no sealed deal
    CHECK_THAT(refused.err, Catch::Contains("rewritten.jsonl:1: --require-sealed: the deal cannot be verified"));
    CHECK(refused.out.find("events in") == std::string::npos);  // refused before replaying
    const test::CliRun rewritten_json = test::run_cli("replay --json '" + rewritten_file + "'");
    REQUIRE(rewritten_json.status == 0);
    CHECK(json::parse(rewritten_json.out).at("deal") == "unverifiable");

    // Rewritten with the reveal dropped too: an open deal, as play's; refused all the same.
    json end = json::parse(rewritten.back());
    end.erase("seed");
    end.erase("salt");
    rewritten.back() = end.dump();
    const std::string open_file = write_record(dir, rewritten, "open.jsonl");
    const test::CliRun open = test::run_cli("replay '" + open_file + "'");
    CHECK(open.status == 0);
    CHECK_THAT(open.out, Catch::Contains("the deal is open, not sealed: the header holds the seed 4242"));
    const test::CliRun open_refused = test::run_cli("replay --require-sealed '" + open_file + "'");
    CHECK(open_refused.status == 2);
    CHECK_THAT(open_refused.err, Catch::Contains("--require-sealed: the deal is open, not sealed"));

    // A sealed record whose reveal was changed is refused with or without the option.
    end = json::parse(lines.back());
    end["seed"] = 4243;
    std::vector<std::string> forged = lines;
    forged.back() = end.dump();
    const test::CliRun forged_run = test::run_cli("replay --require-sealed '" + write_record(dir, forged, "forged.jsonl") + "'");
    CHECK(forged_run.status == 2);
    CHECK_THAT(forged_run.err, Catch::Contains("does not match the header's commitment"));

    // A file of many records counts its deals, and --require-sealed refuses at the first open one.
    std::vector<std::string> both = lines;
    both.insert(both.end(), rewritten.begin(), rewritten.end());
    const std::string both_file = write_record(dir, both, "both.jsonl");
    const test::CliRun many = test::run_cli("replay '" + both_file + "'");
    CHECK(many.status == 0);
    CHECK_THAT(many.out, Catch::Contains(": 2 records, ") && Catch::Contains("deals: 1 sealed and verified, 1 open"));
    const test::CliRun many_refused = test::run_cli("replay --require-sealed '" + both_file + "'");
    CHECK(many_refused.status == 2);
    CHECK_THAT(many_refused.err, Catch::Contains(fmt::format("both.jsonl:{}: --require-sealed: the deal is open", lines.size() + 1)));
}

TEST_CASE("the OS's random source gives seeds and salts that differ from one draw to the next", "[deal]") {
    // getrandom(2), not std::random_device (RDRAND alone on some CPUs): 64 and 128 bits.
    std::set<std::uint64_t> seeds;
    std::set<std::string> salts;
    for (int i = 0; i < 64; ++i) {
        seeds.insert(random_seed());
        salts.insert(new_salt());
    }
    CHECK(seeds.size() == 64);
    CHECK(salts.size() == 64);
    for (const auto& salt : salts) CHECK(valid_salt(salt));
}
