// How a TOML value is quoted in messages ("saw string \"two\"", "saw an array"), so that
// manifests and scenario files speak alike.
#pragma once

#include <toml++/toml.h>

#include <string>

namespace cherries::sdk {

/// A value as a message shows it: `string "two"`, `integer 5`, `float`, `boolean true`,
/// `a table`, `an array`, `a date/time`.
std::string describe_toml(const toml::node& node);

}  // namespace cherries::sdk
