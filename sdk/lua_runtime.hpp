// The Lua side of plugins: a sandboxed lua_State per thread that runs modifier functions and
// distribution functions for the engine (the Evaluator interface).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/evaluator.hpp"

struct lua_State;

namespace cherries::sdk {

/// One plugin's Lua file: its text and the name errors use for it ("@sets/x/set.lua").
struct LuaChunk {
    std::string chunkname;  ///< starts with '@': Lua then reports "sets/x/set.lua:12:"
    std::string code;
};

/// A function a manifest names: `name` in the table that chunk `chunk` returns.
struct LuaFunctionRef {
    std::size_t chunk = 0;
    std::string name;
    std::string label;  ///< for load messages: "card 'cherry-halver' cherry function" (its first use)
};

/// All the Lua code of a bundle. FunctionId n (n >= 1) is functions[n - 1].
struct LuaProgram {
    std::vector<LuaChunk> chunks;
    std::vector<LuaFunctionRef> functions;

    /// The FunctionId of function `name` of chunk `chunk`, or kIdentity when it is not listed.
    FunctionId find(std::size_t chunk, const std::string& name) const {
        for (std::size_t i = 0; i < functions.size(); ++i)
            if (functions[i].chunk == chunk && functions[i].name == name) return static_cast<FunctionId>(i + 1);
        return kIdentity;
    }
    /// The FunctionId of function `name` of chunk `chunk`, listed with `label` (how messages name
    /// it: its first use) if it is not yet: one id per distinct function, however many cards use it.
    FunctionId add(std::size_t chunk, const std::string& name, std::string label) {
        if (const FunctionId id = find(chunk, name); id != kIdentity) return id;
        functions.push_back({chunk, name, std::move(label)});
        return static_cast<FunctionId>(functions.size());
    }
};

/// Budgets for plugin code.
struct LuaLimits {
    std::size_t memory_bytes = 32u << 20;  ///< whole lua_State, bytes
    int instructions = 1'000'000;           ///< per function call (and per file at load), Lua VM instructions
};

/// A sandboxed Lua state with a program loaded: base, table, string, math and utf8 only;
/// text-only chunks; each chunk in its own environment; capped memory; an instruction budget
/// per call. Not thread-safe: one per thread.
///
/// What the sandbox guarantees, whatever the plugin does (tests/security/ tries it):
/// - Budget: each call (and each file's body at load) may run `instructions` VM instructions.
///   Library functions whose work is not one step (pattern matching, table.sort/insert/remove/
///   move/concat/unpack, string.rep/format/byte/unpack, utf8.codepoint, load) and allocation
///   volume are charged against the same budget, so it also bounds work done in C. A safety
///   net stops a call that has used more than 1 µs of CPU time per budgeted instruction (1 s
///   for the default budget): one instruction can still move a megabyte (varargs, comparing
///   long strings), which no counter sees.
/// - Memory: `memory_bytes` for the whole state; one string holds at most 1 MiB; one file may
///   keep at most a quarter of `memory_bytes` after loading, so every plugin has room to run.
/// - No finalizers and no weak tables: `setmetatable` refuses `__gc` and `__mode` and installs a
///   private copy of the metatable's metamethods (`getmetatable` still returns the plugin's
///   table), so neither can be added afterwards (finalizers run without the budget hook, and
///   weak-keyed tables let the garbage collector do quadratic work).
/// - Determinism: `next`/`pairs` visit keys in one canonical order (false, true, numbers
///   ascending, strings bytewise), not Lua's, which follows per-state random string-hash seeds;
///   tostring and string.format("%s") show no addresses; "%p" is refused.
/// - Nothing one plugin does is seen by another, except that they share the memory limit.
/// - Messages quoted from plugin code show control characters as \xNN and stop at 1000 bytes.
class LuaRuntime final : public Evaluator {
public:
    /// Loads every chunk and resolves every function. Throws LoadError (file:line: message)
    /// on a syntax error, a chunk that fails or returns no table, or a missing function.
    explicit LuaRuntime(const LuaProgram& program, LuaLimits limits = {});
    ~LuaRuntime() override;
    LuaRuntime(const LuaRuntime&) = delete;
    LuaRuntime& operator=(const LuaRuntime&) = delete;

    /// Calls a function through its registry reference under the instruction budget. A fault is
    /// an error, budget or memory exhaustion, or a result that is not an integer (a float with an
    /// exact integer value counts as that integer). fault_message() then says why without naming
    /// the function: one Lua function may serve many cards, and only the caller knows which card
    /// it ran for.
    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override;
    std::string fault_message() const override { return fault_; }

    /// For bot plugins (host/bots/lua_bot): runs `body` in a protected call under the same
    /// budget and memory limit as call(), with the stack holding function `function` and a light
    /// userdata `context` as its two arguments. `body` builds the arguments, calls the function
    /// and reads its result; it may raise Lua errors. On any failure returns false and
    /// fault_message() says why, naming the function.
    bool run(FunctionId function, int (*body)(lua_State*), void* context) noexcept;

    /// Bytes the state holds now.
    std::size_t memory_in_use() const;

private:
    struct Sandbox;  // allocator, budget of the running call; reached from Lua via the extra space
    std::unique_ptr<Sandbox> sandbox_;
    lua_State* state_ = nullptr;
    std::vector<int> refs_;  // FunctionId -> registry reference (index 0 unused)
    std::vector<std::string> files_;  // per chunk, for messages
    std::string located(std::string message) const;
    LuaLimits limits_;
    std::string fault_;
};

}  // namespace cherries::sdk
