// TOML syntax errors in words a designer understands: toml++'s raw messages ("unescaped control
// characters ...") translated where the case is recognised (an unclosed string, an unquoted name).
#pragma once

#include <string>
#include <string_view>

namespace cherries::sdk {

/// What is probably wrong, for a toml++ parse error with `description` at 1-based `line` and
/// `column` of `text`: "malformed TOML: the string is not closed on this line; add the closing
/// '\"' (a string in \"...\" cannot span lines: use \"\"\"...\"\"\" for several)". An error not
/// recognised keeps toml++'s description: "malformed TOML: <description>". One line.
std::string explain_toml_error(std::string_view description, std::string_view text, int line, int column);

/// Where a toml++ parse error is best shown: where toml++ says, except for an array not closed
/// at the end of a line, which toml++ reports at the next line's first value: then the end of
/// the array's last line, where the ',' or ']' is missing.
struct TomlErrorPlace {
    int line = 0;
    int column = 0;
};
TomlErrorPlace locate_toml_error(std::string_view description, std::string_view text, int line, int column);

}  // namespace cherries::sdk
