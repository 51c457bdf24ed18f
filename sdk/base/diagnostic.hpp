// Diagnostics shown to designers, printed like a compiler's: file:line:column: error: message,
// followed by notes (another place the problem involves) and hints (what probably fixes it).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::sdk {

/// A second line of a Diagnostic: another place involved ("note") or a likely fix ("hint").
/// line/column are 1-based; 0 = unknown; file may be empty (a hint that is not about a place).
struct DiagnosticNote {
    std::string kind = "note";  ///< "note" or "hint"
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    /// "file:line:column: note: message" (place parts left out when unknown).
    std::string to_string() const;
};

/// One problem in a plugin, with where it is. line/column are 1-based; 0 = unknown.
struct Diagnostic {
    enum class Severity { error, warning };
    Severity severity = Severity::error;
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;
    std::vector<DiagnosticNote> notes;  ///< printed after the message, one line each

    /// "file:line:column: error: message" (line and column left out when unknown), then one
    /// line per note.
    std::string to_string() const;
};

/// Hints for common causes of a plugin function's fault message: a float result ("`/` returns
/// a float: use `//`"), a call of `print` ("print is not available in the sandbox") or of a
/// library the sandbox leaves out (io, os, require, debug, ...). Empty when none applies. Every
/// message about a fault gives them: `check`, loading a gametype, a bot plugin's decision.
std::vector<DiagnosticNote> fault_hints(const std::string& fault_message);

/// Levenshtein distance between two names (for "did you mean").
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The name of `candidates` closest to `name` when it is close enough to be a likely misspelling
/// (same letters in another case, or at most max(1, size / 3) edits away, at most 3); "" when
/// none is. Ties go to the first in `candidates`.
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);

/// Thrown when plugins cannot be loaded; carries every problem found, not just the first.
class LoadError : public std::runtime_error {
public:
    explicit LoadError(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

}  // namespace cherries::sdk
