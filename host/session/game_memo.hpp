// The memo a Session puts in front of its game's Evaluator: plugin functions are pure by contract
// (docs/architecture.md, "Design intent"; GDD §3.3.2.1.1.3 modifier functions, §3.3.1.1 distributions), so a (function,
// argument) pair asked again in the same game is answered from memory. A function the evaluator
// proves pure (Evaluator::proven_pure: a Lua plugin none of whose functions can assign an
// upvalue) is answered from memory across games too, which is what a simulator's worker, playing
// game after game in one Session, mostly asks. Small and inline: a game asks a few dozen distinct
// pairs, and a memo that allocated per game cost more than it saved.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/evaluator.hpp"

namespace cherries::host {

/// Forwards call() to `inner` the first time a (function, argument) pair is asked and answers
/// later asks from memory: for the whole life of the memo when `inner` proves the function pure
/// (up to kLastingEntries pairs), otherwise until clear() (up to kGameEntries pairs a game). Pairs
/// past either limit are always forwarded. Faults are never remembered: a call that faulted is
/// forwarded again, so fault_message() is always the inner evaluator's own and every fault is the
/// plugin's. What a game sees never depends on the games before it: a proven-pure function gives
/// the same answer whenever it is asked, and the per-game pairs and limit start over each game.
class GameMemo final : public Evaluator {
public:
    explicit GameMemo(Evaluator& inner) : inner_(inner) {}

    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        const std::uint64_t h = (static_cast<std::uint64_t>(argument) * 0x9E3779B97F4A7C15ULL) ^ (function * 0xC2B2AE3D27D4EB4FULL);
        if (lasting_.find(h, function, argument, result) || game_.find(h, function, argument, result)) return true;
        if (!inner_.call(function, argument, result)) return false;
        if (inner_.proven_pure(function))
            lasting_.add(h, function, argument, result);
        else
            game_.add(h, function, argument, result);
        return true;
    }
    std::string fault_message() const override { return inner_.fault_message(); }
    bool proven_pure(FunctionId function) const noexcept override { return inner_.proven_pure(function); }

    /// A new game starts (a Session restarted, Session::restart): forgets every pair of a
    /// function not proven pure.
    void clear() { game_.clear(); }

    static constexpr std::size_t kGameEntries = 64 * 3 / 4;
    static constexpr std::size_t kLastingEntries = 256 * 3 / 4;

private:
    // Open addressing with linear probing, filled to three quarters at most, so that a probe
    // always ends at a free slot. `Bits`: log2 of the number of slots.
    template <unsigned Bits>
    class ProbeMap {
    public:
        bool find(std::uint64_t h, FunctionId function, std::int64_t argument, std::int64_t& result) const {
            for (std::size_t at = h >> (64 - Bits);; at = (at + 1) & (kSlots - 1)) {
                const Entry& e = entries_[at];
                if (e.function == kIdentity) return false;  // a free slot: not asked yet
                if (e.function == function && e.argument == argument) {
                    result = e.result;
                    return true;
                }
            }
        }
        void add(std::uint64_t h, FunctionId function, std::int64_t argument, std::int64_t result) {
            if (used_ >= kSlots * 3 / 4) return;
            std::size_t at = h >> (64 - Bits);
            while (entries_[at].function != kIdentity) at = (at + 1) & (kSlots - 1);
            entries_[at] = {function, argument, result};
            ++used_;
        }
        void clear() {
            entries_.fill(Entry{});
            used_ = 0;
        }

    private:
        static constexpr std::size_t kSlots = std::size_t{1} << Bits;
        struct Entry {
            FunctionId function = kIdentity;  // kIdentity (never called): a free slot
            std::int64_t argument = 0;
            std::int64_t result = 0;
        };
        std::array<Entry, kSlots> entries_{};
        std::size_t used_ = 0;
    };

    Evaluator& inner_;
    ProbeMap<8> lasting_;  // functions proven pure: kept across games
    ProbeMap<6> game_;     // every other function: this game's
};

}  // namespace cherries::host
