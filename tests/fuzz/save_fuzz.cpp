// libFuzzer target: the save reader (host::parse_save) and what `play --resume` does with a save
// it accepts: restore the game and play on (bots keep every card). Bad input must end in a
// InputError; a save that passes the checks and then fails to play on (a RuleError: "cannot
// start a turn during a turn"), any other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <optional>

#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "host/records/save.hpp"
#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
    if (j.is_discarded()) return 0;  // read_save: "not JSON"
    host::SaveState save;
    const sdk::Bundle* bundle = nullptr;
    try {
        save = host::parse_save(j, "fuzz.save");
        host::check_resumable(save, "fuzz.save");
        bundle = fuzz::recorded_bundle(save.plugins);
    } catch (const host::InputError&) {
        return 0;
    } catch (const sdk::LoadError&) {
        return 0;
    }
    if (!bundle) return 0;
    auto runtime = bundle->make_runtime();
    std::optional<Game> game;
    try {
        game.emplace(bundle->catalog(), bundle->gametype(), *runtime, save.game);  // play --resume refuses these
    } catch (const RuleError&) {
        return 0;
    }
    // The resumed loop (host/cli/play_command.cpp): between turns, start a turn; give until it ends.
    for (int turns = 0; turns < 50 && !game->over() && game->phase() != Phase::suspended; ++turns) {
        game->start_turn();
        while (game->phase() == Phase::awaiting_give) game->give(game->current_player());
    }
    return 0;
}
