#include "engine/random.hpp"

#include <locale>
#include <sstream>
#include <stdexcept>

namespace cherries {

// A stream takes the global locale when it is made: a locale with digit grouping would write
// "1,234,567" into a save file. The classic locale keeps the text the standard fixes.
std::string Random::state() const {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out << engine_;
    return out.str();
}

void Random::set_state(const std::string& text) {
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    std::mt19937_64 engine;
    in >> engine;
    if (in.fail() || !(in >> std::ws).eof()) throw std::invalid_argument("not a mt19937_64 state");
    engine_ = engine;
}

}  // namespace cherries
