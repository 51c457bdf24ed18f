// What a call refuses in words: the message of the host::InputError it throws.
#pragma once

#include <string>

#include "host/base/input_error.hpp"

namespace cherries::test {

/// The message of the host::InputError `f()` throws, or "(nothing thrown)".
inline std::string refusal(auto&& f) {
    try {
        f();
    } catch (const host::InputError& e) {
        return e.what();
    }
    return "(nothing thrown)";
}

}  // namespace cherries::test
