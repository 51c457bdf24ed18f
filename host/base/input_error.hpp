// Errors in what the user typed or supplied (flags, scenario files, names): exit status 2.
#pragma once

#include <stdexcept>

namespace cherries::host {

/// A one-line message that says where and what was expected, e.g.
/// "scenario.toml:4:9: unknown card 'chery'; expected one of: ...".
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace cherries::host
