// Ratings kept per gametype over a results file (issue 42 / Weng & Lin 2011 Algorithm 4;
// docs/ratings.md): each game rated against what the games before it left, in file order; ties
// share a place; gametypes kept apart; players listed by ordinal; the JSON's shape.
#include <catch2/catch.hpp>

#include "host/ratings/standings.hpp"

using namespace cherries::host;

namespace {

RatedGame game(const std::string& gametype, std::vector<std::vector<std::string>> order) {
    return RatedGame{gametype, std::move(order), 0};
}

const Standing& find(const GametypeStandings& table, const std::string& name) {
    for (const Standing& s : table.players)
        if (s.player == name) return s;
    FAIL("no player " << name);
    throw;
}

}  // namespace

TEST_CASE("one game is openskill::rate of its places; ties share a rank", "[ratings]") {
    const auto standings = rate_games({game("official", {{"ann"}, {"bob", "carl"}, {"dan"}})});
    REQUIRE(standings.size() == 1);
    const GametypeStandings& table = standings.at("official");
    CHECK(table.games == 1);
    const auto direct = openskill::rate({{{}}, {{}}, {{}}, {{}}}, {1, 2, 2, 3});
    CHECK(find(table, "ann").rating.mu == direct[0][0].mu);
    CHECK(find(table, "bob").rating.mu == direct[1][0].mu);
    CHECK(find(table, "carl").rating.mu == direct[2][0].mu);
    CHECK(find(table, "dan").rating.sigma == direct[3][0].sigma);
    CHECK(find(table, "bob").rating.mu == find(table, "carl").rating.mu);
    CHECK(find(table, "ann").games == 1);
}

TEST_CASE("games are applied in file order, each against the ratings before it", "[ratings]") {
    const RatedGame first = game("g", {{"ann"}, {"bob"}});
    const RatedGame second = game("g", {{"bob"}, {"carl"}, {"ann"}});
    const auto forward = rate_games({first, second});
    const auto backward = rate_games({second, first});
    const auto& f = forward.at("g");
    // The second game by hand: ann and bob as the first game left them, carl new.
    const auto one = openskill::rate({{{}}, {{}}}, {1, 2});
    const auto two = openskill::rate({{one[1][0]}, {{}}, {one[0][0]}}, {1, 2, 3});
    CHECK(find(f, "bob").rating.mu == two[0][0].mu);
    CHECK(find(f, "carl").rating.sigma == two[1][0].sigma);
    CHECK(find(f, "ann").rating.mu == two[2][0].mu);
    CHECK(find(f, "ann").games == 2);
    CHECK(find(f, "carl").games == 1);
    CHECK(f.games == 2);
    CHECK(find(f, "ann").rating.mu != find(backward.at("g"), "ann").rating.mu);  // order matters
}

TEST_CASE("gametypes keep their own ratings; players are listed by ordinal, best first", "[ratings]") {
    const auto standings = rate_games({game("official", {{"ann"}, {"bob"}}), game("closed", {{"bob"}, {"ann"}, {"carl"}}),
                                       game("official", {{"ann"}, {"carl"}})});
    REQUIRE(standings.size() == 2);
    const auto& official = standings.at("official");
    const auto& closed = standings.at("closed");
    CHECK(official.games == 2);
    CHECK(closed.games == 1);
    CHECK(find(official, "ann").games == 2);
    CHECK(find(closed, "ann").games == 1);
    CHECK(find(closed, "bob").rating.mu > 25);   // bob lost in official, won in closed
    CHECK(find(official, "bob").rating.mu < 25);
    for (const auto& [gametype, table] : standings)
        for (std::size_t i = 1; i < table.players.size(); ++i)
            CHECK(openskill::ordinal(table.players[i - 1].rating) >= openskill::ordinal(table.players[i].rating));
    CHECK(official.players.front().player == "ann");
    CHECK(closed.players.front().player == "bob");
    // Equal ordinals (a tie between new players) are listed by name.
    const auto tied = rate_games({game("g", {{"zed", "amy"}})});
    CHECK(tied.at("g").players.front().player == "amy");
}

TEST_CASE("the JSON: the model, the games, each gametype's players in order", "[ratings]") {
    openskill::Options options;
    options.tau = 0.25;
    const auto j = standings_json(rate_games({game("g", {{"ann"}, {"bob"}}), game("h", {{"bob"}, {"ann"}})}, options), options);
    CHECK(j["model"]["tau"] == 0.25);
    CHECK(j["model"]["mu"] == 25.0);
    CHECK(j["model"]["beta"] == Approx(25.0 / 6.0));
    CHECK(j["games"] == 2);
    REQUIRE(j["gametypes"]["g"]["players"].size() == 2);
    const auto& ann = j["gametypes"]["g"]["players"][0];
    CHECK(ann["name"] == "ann");
    CHECK(ann["games"] == 1);
    CHECK(ann["ordinal"].get<double>() == Approx(ann["mu"].get<double>() - 3 * ann["sigma"].get<double>()));
    CHECK(j["gametypes"]["h"]["players"][0]["name"] == "bob");
    // Keys in the documented order.
    std::vector<std::string> keys;
    for (const auto& item : ann.items()) keys.push_back(item.key());
    CHECK(keys == std::vector<std::string>{"name", "mu", "sigma", "ordinal", "games"});
    CHECK(standings_json({}, options)["gametypes"].empty());
}
