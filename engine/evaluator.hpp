// The one interface through which the engine runs plugin code (modifier functions,
// distribution functions). The sdk implements it with Lua; tests with plain C++.
#pragma once

#include <cstdint>
#include <string>

#include "engine/card.hpp"

namespace cherries {

/// Calls Z -> Z functions named by FunctionId (never kIdentity: the engine skips those).
class Evaluator {
public:
    virtual ~Evaluator() = default;

    /// Calls `function` with `argument`. On success stores the result and returns true; on a
    /// fault (error, budget, wrong result type) returns false and fault_message() says why.
    /// Must not throw. The engine range-checks the result against kMaxMagnitude itself.
    virtual bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept = 0;

    /// Why the last call() returned false, for reports (GDD §3.5). It does not name the function
    /// or a card: the engine prefixes the card and which of its functions ran.
    virtual std::string fault_message() const = 0;

    /// True when `function` is proven to answer every call from its argument alone: it can keep
    /// nothing between calls, so a caller may keep its results as long as it likes (across
    /// games). False when not proven, which is the default: the purity contract (docs/architecture.md, "Design intent")
    /// then only lets a caller keep them within one game.
    virtual bool proven_pure(FunctionId /*function*/) const noexcept { return false; }
};

}  // namespace cherries
