#include "host/bots/memo_evaluator.hpp"

#include "engine/random.hpp"

namespace cherries::host {

std::size_t MemoEvaluator::Hash::operator()(const Key& k) const noexcept {
    return static_cast<std::size_t>(mix_seed(static_cast<std::uint64_t>(k.argument) * 0x100000001b3ULL ^
                                             static_cast<std::uint64_t>(k.function)));
}

bool MemoEvaluator::call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept {
    if (function < kFlatFunctions && argument >= -kHalfSpan && argument < kHalfSpan) {
        const std::size_t at = function * static_cast<std::size_t>(2 * kHalfSpan) +
                               static_cast<std::size_t>(argument + kHalfSpan);
        if (at < known_.size() && known_[at]) {
            result = flat_[at];
            return true;
        }
        if (!inner_.call(function, argument, result)) return false;
        try {
            if (at >= known_.size()) {
                known_.resize((function + 1) * static_cast<std::size_t>(2 * kHalfSpan), 0);
                flat_.resize(known_.size(), 0);
            }
            known_[at] = 1;
            flat_[at] = result;
        } catch (...) {  // out of memory: answer without remembering
        }
        return true;
    }
    const Key key{function, argument};
    if (const auto it = memo_.find(key); it != memo_.end()) {
        result = it->second;
        return true;
    }
    if (!inner_.call(function, argument, result)) return false;
    try {
        memo_.emplace(key, result);
    } catch (...) {  // out of memory: answer without remembering
    }
    return true;
}

}  // namespace cherries::host
