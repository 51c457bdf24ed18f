// `cherries sim` names the cards that faulted, with a count per card (issue 30): in its
// results, its JSON (a "faults" key only when a card faulted) and its text. A fault removes the
// card from its game (GDD §3.5); cards removed with their whole set did not fault.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

#include "engine/game.hpp"
#include "host/batch/sim.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CHERRIES_SOURCE_DIR);

sdk::Bundle with_hostile(const std::string& folder) {
    return sdk::Bundle::load({kSource / "sets/standard", kSource / "tests/security/plugins" / folder}, kSource / "gametypes/official");
}

SimOptions options(std::uint64_t games, unsigned jobs) {
    SimOptions o;
    o.games = games;
    o.players = 3;
    o.seed = 7;
    o.jobs = jobs;
    return o;
}

std::string run_cherries(const std::string& arguments, int& status) {
    const std::string command = std::string("'") + CHERRIES_BINARY + "' " + arguments;
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    const int raw = pclose(pipe);
    status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return out;
}

}  // namespace

TEST_CASE("sim counts each card's faults, the same for every --jobs (GDD §3.5)", "[host][sim]") {
    // 72's one card faults whenever it is drawn (gsub's replacement is over budget at once).
    const sdk::Bundle bundle = with_hostile("72-gsub-replacement-amplifier");
    const SimResults one = run_sim(bundle, options(20, 1));
    const SimResults two = run_sim(bundle, options(20, 2));
    REQUIRE(one.faults.size() == 1);
    const std::uint64_t n = one.faults.at("hostile-72:evil");
    CHECK(n >= 1);
    CHECK(n <= 20);  // one copy a game, removed at its fault
    CHECK(two.faults == one.faults);

    const auto json = sim_summary(one, bundle);
    REQUIRE(json.contains("faults"));
    CHECK(json["faults"]["hostile-72:evil"] == n);
    const std::string text = sim_report(one, bundle);
    CHECK_THAT(text, Catch::Contains("faults by card"));
    CHECK_THAT(text, Catch::Contains("hostile-72:evil"));
    CHECK_THAT(text, Catch::Contains(std::to_string(n) + "\n"));
}

TEST_CASE("sim does not count cards removed with their whole set as faults (GDD §3.5)", "[host][sim]") {
    // 61 has 10,000 copies of a card that faults: the 8th fault in a game removes the rest.
    const sdk::Bundle bundle = with_hostile("61-deep-recursion-count-10000");
    const SimResults results = run_sim(bundle, options(3, 1));
    REQUIRE(results.faults.count("hostile-61:evil") == 1);
    CHECK(results.faults.at("hostile-61:evil") == 3 * kSetFaultLimit);
}

TEST_CASE("sim without faults prints nothing new: no faults key, no faults line", "[host][sim]") {
    const SimResults results = run_sim(test::standard_bundle(), options(30, 1));
    CHECK(results.faults.empty());
    CHECK_FALSE(sim_summary(results, test::standard_bundle()).contains("faults"));
    CHECK_THAT(sim_report(results, test::standard_bundle()), !Catch::Contains("faults"));
}

TEST_CASE("cherries sim --json names the faulting card", "[host][sim][cli]") {
    int status = -1;
    const std::string folder = (kSource / "tests/security/plugins/72-gsub-replacement-amplifier").string();
    const std::string out = run_cherries("sim --games 10 --seed 3 --quiet --json --set standard --set '" + folder + "' 2>/dev/null", status);
    REQUIRE(status == 0);
    const auto json = nlohmann::json::parse(out);
    REQUIRE(json.contains("faults"));
    CHECK(json["faults"]["hostile-72:evil"].get<std::uint64_t>() >= 1);
}
