// Diagnostics shown to designers, printed like a compiler's: file:line:column: error: message.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace cherries::sdk {

/// One problem in a plugin, with where it is. line/column are 1-based; 0 = unknown.
struct Diagnostic {
    enum class Severity { error, warning };
    Severity severity = Severity::error;
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    /// "file:line:column: error: message" (line and column left out when unknown).
    std::string to_string() const;
};

/// Thrown when plugins cannot be loaded; carries every problem found, not just the first.
class LoadError : public std::runtime_error {
public:
    explicit LoadError(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

}  // namespace cherries::sdk
