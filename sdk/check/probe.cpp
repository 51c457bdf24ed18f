#include "sdk/check/probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>

#include "sdk/sandbox/lua_messages.hpp"

namespace cherries::sdk::check {

namespace {

constexpr std::int64_t k2_31 = std::int64_t{1} << 31;
constexpr std::int64_t k2_52 = std::int64_t{1} << 52;

// One call's outcome: a result, or the fault message.
struct Outcome {
    bool ok = false;
    std::int64_t value = 0;
    std::string fault;
    bool kept_state = false;  // the call changed an upvalue of the file (put back since)
    bool budget = false;      // the fault was a budget used up (LuaRuntime::fault_was_budget)
    std::vector<LuaFrame> traceback;  // where plugin code was when it faulted
};

Outcome call(LuaRuntime& runtime, FunctionId function, std::int64_t input) {
    Outcome o;
    o.ok = runtime.call(function, input, o.value);
    if (!o.ok) {
        o.fault = runtime.fault_message();
        o.budget = runtime.fault_was_budget();
        o.traceback = runtime.fault_traceback();
    }
    o.kept_state = runtime.restore_state() > 0;
    return o;
}

// A fault that only says the result is a float too large for an integer ("returned
// 9.2233720368548e+18, expected an integer"): at a large input, that is a result beyond
// ±(2^53 - 1) like any other, which the engine faults on (GDD §3.5).
bool is_huge_float_result(const std::string& reason) {
    const std::string head = "returned ", tail = ", expected an integer";
    if (reason.rfind(head, 0) != 0 || reason.size() <= head.size() + tail.size() ||
        reason.compare(reason.size() - tail.size(), tail.size(), tail) != 0)
        return false;
    const std::string number = reason.substr(head.size(), reason.size() - head.size() - tail.size());
    char* end = nullptr;
    const double value = std::strtod(number.c_str(), &end);
    return end == number.c_str() + number.size() && std::isfinite(value) &&
           std::fabs(value) > static_cast<double>(kMaxMagnitude);
}

bool is_large(std::int64_t input) { return input <= -kLargeInput || input >= kLargeInput; }

std::string describe(const Outcome& o) { return o.ok ? "returned " + std::to_string(o.value) : "failed"; }

// Per target: the outcome of each input of the first pass, and whether it is already reported.
struct TargetState {
    std::map<std::int64_t, Outcome> first;
    bool reported = false;
};

class Prober {
public:
    Prober(const PluginCode& code, const std::vector<ProbeTarget>& targets, std::vector<int> lines, std::vector<Diagnostic>& out)
        : code_(code), targets_(targets), state_(targets.size()), lines_(std::move(lines)), out_(out) {}

    std::size_t size() const { return targets_.size(); }
    bool reported(std::size_t t) const { return state_[t].reported; }

    // Pass 1 for target t: records every outcome; reports faults and results out of range.
    void first_pass(LuaRuntime& runtime, std::size_t t) {
        for (const std::int64_t input : *targets_[t].inputs) {
            if (state_[t].reported) break;
            if (spent(runtime, t)) break;
            const Outcome o = call(runtime, targets_[t].function, input);
            ++calls_;
            state_[t].first[input] = o;
            if (!o.ok) {
                if (!(is_large(input) && is_huge_float_result(o.fault))) report_fault(t, input, o.fault, o.traceback);
            } else if ((o.value < -kMaxMagnitude || o.value > kMaxMagnitude) && !is_large(input)) {
                report(t, input, "returned " + std::to_string(o.value) +
                                     ", outside ±(2^53 - 1): the engine faults on it and removes the card (GDD §3.5)");
            }
            if (o.kept_state && !state_[t].reported)
                report(t, input, "it changed a local variable of its file (an upvalue), so it keeps state between "
                                 "calls, and must not: it is a function of its input alone (" + targets_[t].rule + ")");
        }
    }

    // Passes 2 and 3: the same inputs again; any other outcome is state kept between calls.
    void compare_pass(LuaRuntime& runtime, bool reverse_targets, bool reverse_inputs) {
        std::vector<std::size_t> order(targets_.size());
        for (std::size_t t = 0; t < order.size(); ++t) order[t] = t;
        if (reverse_targets) std::reverse(order.begin(), order.end());
        for (const std::size_t t : order) {
            std::vector<std::int64_t> inputs = *targets_[t].inputs;
            if (reverse_inputs) std::reverse(inputs.begin(), inputs.end());
            for (const std::int64_t input : inputs) {
                if (state_[t].reported) break;
                if (spent(runtime, t)) break;
                const Outcome o = call(runtime, targets_[t].function, input);
                ++calls_;
                const Outcome& before = state_[t].first[input];
                if (o.ok == before.ok && (!o.ok || o.value == before.value)) continue;
                // Slowness is not impurity: a budget or the time running out in one pass only
                // is reported as what it is.
                if (o.budget || before.budget) {
                    report_fault(t, input, o.budget ? o.fault : before.fault, o.budget ? o.traceback : before.traceback);
                    continue;
                }
                report(t, input, describe(before) + ", then " + describe(o) + (o.ok ? "" : " (" + o.fault + ")") +
                                     " for the same input: it keeps state between calls, and must not: it is a "
                                     "function of its input alone (" + targets_[t].rule + ")");
            }
        }
    }

    std::vector<ProbeResult> results() const {
        std::vector<ProbeResult> r(targets_.size());
        for (std::size_t t = 0; t < targets_.size(); ++t) {
            r[t].faulted = state_[t].reported;
            r[t].identity = !state_[t].reported && !state_[t].first.empty() &&
                            std::all_of(state_[t].first.begin(), state_[t].first.end(),
                                        [](const auto& entry) { return entry.second.ok && entry.second.value == entry.first; });
            r[t].positive = std::any_of(state_[t].first.begin(), state_[t].first.end(),
                                        [](const auto& entry) { return entry.second.ok && entry.second.value > 0; });
        }
        return r;
    }

    bool all_reported() const {
        return std::all_of(state_.begin(), state_.end(), [](const TargetState& s) { return s.reported; });
    }

private:
    // True (and a warning reported) when the plugin has used up check's one budget before this
    // call, so it would not run: the function is slow, not wrong. Each call so far stayed within
    // a call's own budget, which is what a game gives it, so games play it; check says how far
    // it could probe instead of an error. (A call that fails on its own is reported as a fault.)
    // Not for a distribution: loading a gametype tabulates it for 256 cherry counts within a
    // budget of its own (10 M instructions), so one that runs out of check's budget does not
    // load for a game either, and its fault stays an error.
    bool spent(const LuaRuntime& runtime, std::size_t t) {
        if (targets_[t].inputs == &distribution_probe_inputs()) return false;
        if (!runtime.plugin_budget_spent(targets_[t].function)) return false;
        const LuaLimits& limits = runtime.limits();
        const PluginUsage used = runtime.plugin_usage(targets_[t].function);
        const std::size_t inputs = targets_[t].inputs->size();
        std::string message = targets_[t].label + ": slow: ";
        if (calls_ > 0) message += "the plugin's calls ran about " + std::to_string(used.instructions / static_cast<std::int64_t>(calls_)) + " instructions each, so ";
        message += "check's budget for the whole plugin (" + std::to_string(limits.plugin_instructions) + " instructions, " +
                   std::to_string(limits.plugin_cpu_ms) + " ms of CPU time) ran out after " + std::to_string(calls_) +
                   " calls, " +
                   (state_[t].first.size() < inputs
                        ? "with " + std::to_string(state_[t].first.size()) + " of this function's " + std::to_string(inputs) +
                              " inputs probed: the rest were not probed"
                        : "before the passes that call it again with its " + std::to_string(inputs) +
                              " inputs were done (they show state kept between calls)") +
                   ". A game gives every call a budget of its own (" +
                   std::to_string(limits.instructions) + " instructions), so games play it; make it cheaper to have it "
                   "checked in full";
        Diagnostic d{Diagnostic::Severity::warning, code_.lua_file, 0, 0, message};
        locate(d, targets_[t], lines_[t], "");
        out_.push_back(std::move(d));
        state_[t].reported = true;
        return true;
    }

    std::string context(std::size_t t, std::int64_t input) const {
        return "with " + targets_[t].argument + " = " + std::to_string(input);
    }
    void report_fault(std::size_t t, std::int64_t input, const std::string& fault, const std::vector<LuaFrame>& traceback) {
        Diagnostic d = fault_diagnostic(code_.lua_file, targets_[t].label, context(t, input), fault);
        lua_messages::add_traceback_notes(d, traceback);  // where a helper's error was called from
        locate(d, targets_[t], lines_[t], fault);
        out_.push_back(std::move(d));
        state_[t].reported = true;
    }
    void report(std::size_t t, std::int64_t input, const std::string& message) {
        Diagnostic d{Diagnostic::Severity::error, code_.lua_file, 0, 0, targets_[t].label + ": " + context(t, input) + ": " + message};
        locate(d, targets_[t], lines_[t], message);
        out_.push_back(std::move(d));
        state_[t].reported = true;
    }

    const PluginCode& code_;
    const std::vector<ProbeTarget>& targets_;
    std::vector<TargetState> state_;
    std::vector<int> lines_;  // per target: where its function starts in the Lua file
    std::vector<Diagnostic>& out_;
    std::size_t calls_ = 0;  // calls made, every target and pass
};

}  // namespace

const std::vector<std::int64_t>& modifier_probe_inputs() {
    static const std::vector<std::int64_t> inputs = [] {
        std::vector<std::int64_t> v{0};
        for (std::int64_t x = 1; x <= kDenseProbeLimit; ++x) {
            v.push_back(x);
            v.push_back(-x);
        }
        for (const std::int64_t x : {std::int64_t{100}, std::int64_t{1000}, k2_31, k2_52, kMaxMagnitude}) {
            v.push_back(x);
            v.push_back(-x);
        }
        return v;
    }();
    return inputs;
}

const std::vector<std::int64_t>& distribution_probe_inputs() {
    static const std::vector<std::int64_t> inputs = [] {
        std::vector<std::int64_t> v;
        for (std::int64_t c = 0; c < 256; ++c) v.push_back(c);
        for (const std::int64_t c : {std::int64_t{1000}, k2_31, k2_52, kMaxMagnitude}) v.push_back(c);
        return v;
    }();
    return inputs;
}

void locate(Diagnostic& d, const ProbeTarget& target, int line_defined, const std::string& fault) {
    if (d.line == 0 && line_defined > 0) d.line = line_defined;
    if (!target.manifest_file.empty())
        d.notes.push_back({"note", target.manifest_file, target.manifest_where.line, target.manifest_where.column,
                           target.label + " is named here"});
    for (auto& hint : fault_hints(fault)) d.notes.push_back(std::move(hint));
}

Diagnostic fault_diagnostic(const std::string& lua_file, const std::string& label, const std::string& context,
                            const std::string& reason) {
    Diagnostic d{Diagnostic::Severity::error, lua_file, 0, 0, ""};
    std::string text = reason;
    const std::string prefix = lua_file + ":";
    if (!lua_file.empty() && text.rfind(prefix, 0) == 0) {
        std::size_t i = prefix.size();
        int line = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && line < 100'000'000) line = line * 10 + (text[i++] - '0');
        if (i > prefix.size() && i + 1 < text.size() && text[i] == ':' && text[i + 1] == ' ') {
            d.line = line;
            text = text.substr(i + 2);
        }
    }
    d.message = label + ": " + (context.empty() ? "" : context + ": ") + text;
    return d;
}

std::vector<ProbeResult> probe(const PluginCode& code, LuaRuntime& runtime, const std::vector<ProbeTarget>& targets,
                               std::vector<Diagnostic>& out) {
    std::vector<int> lines;
    for (const ProbeTarget& target : targets) lines.push_back(runtime.line_defined(target.function));
    Prober prober(code, targets, std::move(lines), out);
    std::vector<Diagnostic> ignored;  // the program loaded once already
    // A function that faults (memory, budget) may leave its garbage in the state: the next
    // function is then probed in a fresh state, so it is not blamed for what it did not do.
    std::unique_ptr<LuaRuntime> reloaded;
    LuaRuntime* current = &runtime;
    for (std::size_t t = 0; t < prober.size(); ++t) {
        prober.first_pass(*current, t);
        if (prober.reported(t) && t + 1 < prober.size())
            if ((reloaded = load_code(code, ignored, runtime.limits()))) current = reloaded.get();
    }
    if (!prober.all_reported()) {
        prober.compare_pass(*current, true, true);
        if (auto fresh = load_code(code, ignored, runtime.limits())) prober.compare_pass(*fresh, true, false);
    }
    return prober.results();
}

}  // namespace cherries::sdk::check
