// A memo in front of an Evaluator, for the expert's rollouts: modifier and distribution
// functions are Z -> Z functions (GDD §3.3.2.1.1.3, §3.3.1.1), so a rollout that asks the same
// function about the same argument thousands of times asks the plugin once.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/evaluator.hpp"

namespace cherries::host {

/// Forwards call() to `inner` the first time a (function, argument) pair is asked and answers
/// later asks from memory. Faults are not remembered: a call that faulted is forwarded again,
/// so fault_message() is always the inner evaluator's own. A plugin whose functions are not
/// pure (they are meant to be) only makes the bot's imagined games differ from real ones; the
/// game itself asks through host::GameMemo (host/session/game_memo.hpp). clear() forgets
/// everything (call it per decision).
class MemoEvaluator final : public Evaluator {
public:
    explicit MemoEvaluator(Evaluator& inner) : inner_(inner) {}
    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override;
    std::string fault_message() const override { return inner_.fault_message(); }
    void clear() {
        memo_.clear();
        known_.assign(known_.size(), 0);
    }

private:
    struct Key {
        FunctionId function;
        std::int64_t argument;
        bool operator==(const Key&) const = default;
    };
    struct Hash {
        std::size_t operator()(const Key& k) const noexcept;
    };
    // Small arguments of the first functions are kept in a flat table (row per function), the
    // rest in the map: a rollout's calls are mostly on small changes.
    static constexpr std::int64_t kHalfSpan = 64;
    static constexpr FunctionId kFlatFunctions = 1024;
    Evaluator& inner_;
    std::vector<std::int64_t> flat_;
    std::vector<std::uint8_t> known_;
    std::unordered_map<Key, std::int64_t, Hash> memo_;
};

}  // namespace cherries::host
