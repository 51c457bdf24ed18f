// The report as one self-contained HTML page: inline CSS and SVG, no script, no network.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// The page for `report` (report_json). Draws the charts with gnuplot (gnuplot_svgs): throws
/// InputError when gnuplot cannot be run.
std::string report_html(const nlohmann::json& report);

/// The page's "How the game plays" section (report_html_play.cpp): first player's advantage,
/// lead changes, drama, decisiveness, length, decisions that matter and the skill gap, each with
/// its interval and a sentence on how to read it.
std::string play_section(const nlohmann::json& report);

/// One step of the page's "What to do next": why, and the command to run.
struct NextStep {
    std::string why;
    std::string command;
};

/// The page's "What to do next" (docs/report.md): for the (at most two) cards furthest beyond their
/// peers' band under the strongest bot (too strong or too weak findings), a what-if on the same
/// seeds at that player count: one copy fewer of a too-strong card (for a modifier of one copy, a
/// sweep of shorter lifetimes), else the set without it; with no such card, a rerun on a fresh
/// seed. Ordered worst first.
std::vector<NextStep> next_steps(const nlohmann::json& report);

/// The cards in question ("set:card" ids), in the order the verdicts name them: every card the
/// strongest bot's verdicts flag (helps or hurts its receiver, too strong or too weak); with none,
/// the card of the largest and the smallest handling effect of each player count.
std::vector<std::string> cards_in_question(const nlohmann::json& report);

/// One flagged card's sample game (docs/report.md, "A game it decided").
struct DecidingLine {
    std::string card;     ///< "set:card"
    int players = 0;
    std::string text;     ///< what happened in that game, or that no fork of the card decided one
    std::string command;  ///< records the game and replays it to the give's turn; empty when none
    std::uint64_t game = 0;
    std::uint32_t turn = 0;
};

/// For every card the strongest bot's verdicts flag, per player count: the first game (lowest
/// index, then turn) among its forks in which its handling flipped its receiver's result in the
/// direction of its effect (made them win for an effect ≥ 0, lose below), with the commands that
/// record that game (`cherries sim ... --games I+1 --record DIR`, the same seed as the report's
/// game I) and replay it to the turn of the give (`cherries replay --to TURN DIR/game-NNNNNN.jsonl`).
std::vector<DecidingLine> deciding_games(const nlohmann::json& report);

/// The command that plays the report of `setup` again ("cherries report --plugin-path DIR --set A
/// --set B --gametype G --games N --players P --bots B --seed S", and any option off its default):
/// `plugin_path` the folders given to --plugin-path (report JSON "plugin_path"), `verdicts` the
/// report's "verdict_options" (its band options, when off their defaults).
std::string reproduce_command(const nlohmann::json& setup, const nlohmann::json& plugin_path = nlohmann::json::array(),
                              const nlohmann::json& verdicts = nlohmann::json::object());

/// `text` with &, <, > and " escaped for HTML.
std::string html_escape(const std::string& text);

}  // namespace cherries::host
