// The Lua side of plugins: a sandboxed lua_State per thread that runs modifier functions and
// distribution functions for the engine (the Evaluator interface).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/evaluator.hpp"

struct lua_State;

namespace cherries::sdk {

namespace lua_budget {
struct SandboxState;
}

/// One level of the Lua call stack when a call faulted: where it was and what Lua calls the
/// function running there ("upvalue 'helper'", "function <sets/x/set.lua:12>", "main chunk").
struct LuaFrame {
    std::string file;  ///< the plugin's file
    int line = 0;      ///< 1-based
    std::string what;
};

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

/// What one plugin (one chunk) has used of its budget for a game or a check.
struct PluginUsage {
    int faults = 0;
    std::int64_t instructions = 0;  ///< counted as the budget counts them: calls past their first 256 instructions, and library work
    std::int64_t cpu_ns = 0;        ///< CPU time of calls that ran past their first 256 instructions
};

/// Usage per chunk, shareable between runtimes (check loads a plugin several times).
struct LuaUsage {
    std::vector<PluginUsage> plugins;  ///< by chunk
};

/// Budgets for plugin code.
struct LuaLimits {
    std::size_t memory_bytes = 32u << 20;  ///< whole lua_State, bytes
    int instructions = 1'000'000;           ///< per function call (and per file at load), Lua VM instructions
    /// Per plugin, per game (LuaRuntime::start_game) or per check: once a plugin has faulted
    /// this often, counted this many instructions, or used this much CPU time in calls, every
    /// call of its functions faults at once, unrun ("used up its budget"), so the engine removes
    /// its cards (GDD §3.5; a set that faults kSetFaultLimit times is removed whole) at no cost.
    /// The CPU time is a liveness net: one call may also take no more than what is left of it.
    /// In a game only the time is limited: faults and instructions also come from bots' look-
    /// ahead calls, which a replay does not make, so counting them would make a replay differ
    /// (the engine counts the faults it commits instead: kSetFaultLimit). Check limits all three.
    int plugin_faults = std::numeric_limits<int>::max();
    std::int64_t plugin_instructions = std::numeric_limits<std::int64_t>::max();
    std::int64_t plugin_cpu_ms = 25;
    /// CPU time each plugin's files may take to load (the larger of this and plugin_cpu_ms): the
    /// same allowance as Bundle::load's, so a plugin that loaded there loads in every runtime made
    /// from the bundle, on a slow machine too. A runtime with its own usage does not charge its
    /// load to a game: its first game's budget is whole, as every later one's is (start_game).
    /// With shared usage (check) the load is charged to the shared budget.
    std::int64_t load_cpu_ms = 200;
    std::string budget_scope = "this game";  ///< for messages: "used up its budget for this game"
    /// Shared usage (check shares one between the runtimes of one plugin); null: the runtime's own.
    std::shared_ptr<LuaUsage> usage;
};

/// A sandboxed Lua state with a program loaded: base, table, string, math and utf8 only;
/// text-only chunks; each chunk in its own environment; capped memory; an instruction budget
/// per call. Not thread-safe: one per thread.
///
/// What the sandbox guarantees, whatever the plugin does (tests/security/ tries it):
/// - Budget: each call (and each file's body at load) may run `instructions` VM instructions.
///   Every library function whose C work grows with its arguments (pattern matching and gsub's
///   replacement, string.rep/format/pack/unpack/packsize/char/byte/upper/lower/reverse/sub,
///   table.sort/insert/remove/move/concat/unpack, the utf8 functions, load, and any string read
///   as a number: tonumber, math, string arithmetic) and allocation volume are charged against
///   the same budget before the work runs (lua_library::charge), at no more than ~25 ns of CPU
///   per instruction, so it also bounds work done in C. A safety net stops a call that has used
///   more than 1 µs of CPU time per budgeted instruction (at least 2 s), or what is left of the
///   plugin's time: one VM instruction can still compare two megabyte strings or convert a
///   megabyte numeral in a for loop, which no counter sees; the net looks at the clock every
///   256 instructions and at every charge, and every charge looks at the wall clock too, so a
///   call past twice its time limit is stopped at its next charge (the backstop).
/// - Limits where no price fits: a library call returns at most lua_library::kMaxResults
///   values; load reads at most kMaxLoadBytes from a reader function; the table functions take
///   plain tables only (no __index, __newindex or __len: they would walk chains in C).
/// - Depth: at most 1,000 nested Lua calls (lua_budget::kMaxCallDepth), then "stack overflow".
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
/// - Read-only after load: every table a plugin's file can reach when it has run (globals,
///   library tables, the returned table, what they hold, tables kept as upvalues) is sealed
///   (lua_seal.hpp): a write faults the function that writes. Upvalues are put back by
///   start_game, so one game never sees what an earlier one left.
/// - Per plugin budget: LuaLimits::plugin_faults / plugin_instructions / plugin_cpu_ms per game
///   (or check); past it every function of the plugin faults at once, unrun.
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

    /// True when no function of the plugin that defines `function` can assign an upvalue: read
    /// from its compiled code at load (lua_bytecode.hpp). Its tables are sealed and its library
    /// keeps no state, so its results depend on the argument alone (Evaluator::proven_pure).
    bool proven_pure(FunctionId function) const noexcept override {
        return function != kIdentity && function < chunk_of_.size() && chunk_of_[function] < chunk_pure_.size() &&
               chunk_pure_[chunk_of_[function]];
    }

    /// True when the last fault of call() or run() was a budget used up (the call's instructions
    /// or CPU time, or the plugin's budget for the game or check), not something the function
    /// did wrong: check reports it as slowness, never as state kept between calls.
    bool fault_was_budget() const { return fault_budget_; }

    /// True when the plugin that defines `function` has used up its budget for the game or
    /// check (LuaLimits::plugin_*): its functions fault unrun from now on. check tells this
    /// apart from a call that ran out of its own budget: the plugin is slow, not wrong.
    bool plugin_budget_spent(FunctionId function) const noexcept;
    /// What the plugin that defines `function` has used of its budget (zeros for an unknown id).
    PluginUsage plugin_usage(FunctionId function) const noexcept;

    /// Where plugin code was when the last fault of call() or run() (or a file's load) was
    /// raised: the Lua call stack, innermost first, plugin frames only; empty for a fault with
    /// none (a result that is not an integer, an exhausted plugin budget, no memory to spare).
    /// check turns it into notes (lua_messages::add_traceback_notes); fault_message() stays
    /// one line.
    const std::vector<LuaFrame>& fault_traceback() const { return traceback_; }

    /// For bot plugins (sdk/plugins/bot_plugin): runs `body` in a protected call under the same
    /// budget and memory limit as call(), with the stack holding function `function` and a light
    /// userdata `context` as its two arguments. `body` builds the arguments, calls the function
    /// and reads its result; it may raise Lua errors. On any failure returns false and
    /// fault_message() says why (without naming the function, as call()).
    bool run(FunctionId function, int (*body)(lua_State*), void* context) noexcept;

    /// Starts a new game on this runtime: every plugin's upvalues go back to their values after
    /// loading (its tables are sealed: lua_seal.hpp), and the per-game budgets start over. A
    /// game then never depends on the games played before it on the runtime.
    void start_game() noexcept;

    /// Puts every upvalue of the plugins' functions back to its value after loading; returns
    /// how many had changed (a function that changes one keeps state between calls).
    int restore_state() noexcept;

    /// What each plugin (by chunk) has used of its budget since load or start_game.
    const std::vector<PluginUsage>& usage() const { return usage_->plugins; }

    /// The call (call() or run(), not a file's load) that used the most CPU time since the
    /// runtime was made (start_game keeps it), in ns, and its plugin's file. Calls that ended
    /// within their first 256 instructions are not timed and count as 0. {0, ""} before any.
    struct SlowestCall {
        std::int64_t cpu_ns = 0;
        std::string file;
    };
    SlowestCall slowest_call() const;

    /// The limits this runtime was made with (a check makes its next runtimes with them, so they
    /// share one plugin budget).
    const LuaLimits& limits() const { return limits_; }

    /// Bytes the state holds now.
    std::size_t memory_in_use() const;

    /// What the table chunk `chunk` returned holds under string keys, as (name, Lua type name:
    /// "function", "number", ...) sorted by name; empty when the chunk is not loaded. For check's
    /// "did you mean" over the names a file defines.
    std::vector<std::pair<std::string, std::string>> module_contents(std::size_t chunk) const;

    /// The line where the __index metamethod of the table chunk `chunk` returned is defined
    /// (a Lua function), or 0: there is none, or it is not a Lua function. Functions are looked
    /// up in the table itself, never through __index (which would run plugin code), so check
    /// reports a name that only __index could give at this line.
    int module_index_line(std::size_t chunk) const;

    /// The line of its file where function `function` starts (Lua debug info 'S', linedefined);
    /// 0 for the identity, a C function or an unknown id.
    int line_defined(FunctionId function) const;

private:
    /// The one protected call path of every call into Lua (sandbox opening, a file's load,
    /// function resolution, call(), run()): the stack holds the callee and `nargs` arguments
    /// above the message handler (index 1). Runs lua_pcall under the call's budget (instructions,
    /// memory, the CPU net within what plugin `chunk` has left; kNoChunk: the host's own code).
    /// On failure sets fault_ (memory, or the error's message with full file names),
    /// fault_budget_ and traceback_. Returns Lua's status; the caller accounts and clears.
    int protected_call(std::size_t chunk, int nargs, int nresults) noexcept;
    /// May a function of plugin `chunk` run? Sets fault_ (and fault_budget_) when not.
    bool may_run(FunctionId function, std::size_t& chunk) noexcept;
    static constexpr std::size_t kNoChunk = static_cast<std::size_t>(-1);

    std::unique_ptr<lua_budget::SandboxState> sandbox_;  // allocator, budget of the running call; reached from Lua via the extra space
    lua_State* state_ = nullptr;
    std::vector<int> refs_;  // FunctionId -> registry reference (index 0 unused)
    std::vector<std::size_t> chunk_of_;  // FunctionId -> chunk (index 0 unused)
    std::vector<int> modules_;           // per chunk: registry reference of its table, or LUA_NOREF
    std::vector<bool> chunk_pure_;       // per chunk: no function of it can assign an upvalue
    std::shared_ptr<LuaUsage> usage_;
    int slots_ = 0;  // registry reference: the upvalues recorded at load (lua_seal::seal_reachable)
    std::string exhausted(std::size_t chunk) const;  // why plugin `chunk` may not run; "" while it may
    bool over_budget(std::size_t chunk) const noexcept;  // exhausted(chunk) is not "", without making it
    void limit_time(std::size_t chunk);
    void account(std::size_t chunk, bool faulted);
    std::vector<std::string> files_;  // per chunk, for messages
    std::string located(std::string message) const;
    LuaLimits limits_;
    std::string fault_;
    bool fault_budget_ = false;
    bool loading_ = false;  // in the constructor: calls are file loads (LuaLimits::load_cpu_ms)
    std::int64_t slowest_ns_ = 0;    // slowest_call()
    std::size_t slowest_chunk_ = 0;
    std::vector<LuaFrame> traceback_;
};

}  // namespace cherries::sdk
