#include "engine/random.hpp"

#include <algorithm>
#include <locale>
#include <sstream>
#include <stdexcept>

namespace cherries {

// A stream takes the global locale when it is made: a locale with digit grouping would write
// "1,234,567" into a save file. The classic locale keeps the text the standard fixes.
std::string Random::state() const {
    // std::mt19937_64 twists a whole round at once: the words this one has not drawn yet are
    // twisted here, on a copy, to write what it would hold.
    Random ahead = *this;
    const bool used_up = p_ == 0 && ready_ == 0;  // no word of a new round drawn: std's position 312
    if (!used_up)
        for (std::size_t at = std::max(p_, ready_); at < kN; ++at) ahead.x_[at] = ahead.twist(at);
    std::ostringstream out;
    out.imbue(std::locale::classic());
    for (std::size_t i = 0; i < kN; ++i) out << ahead.x_[i] << ' ';
    out << (used_up ? kN : p_);
    return out.str();
}

void Random::set_state(const std::string& text) {
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    std::mt19937_64 engine;
    in >> engine;  // the library checks the form and the range of the position
    if (in.fail() || !(in >> std::ws).eof()) throw std::invalid_argument("not a mt19937_64 state");
    std::istringstream words(text);
    words.imbue(std::locale::classic());
    Random r(0);
    for (std::size_t i = 0; i < kN; ++i) words >> r.x_[i];
    std::size_t p = 0;
    words >> p;
    if (words.fail() || p > kN) throw std::invalid_argument("not a mt19937_64 state");
    if (p == kN) {
        r.p_ = 0;  // a round used up: the next draw twists X_0 of a new one
        r.ready_ = 0;
    } else {
        r.p_ = p;
        r.ready_ = kN;  // the rest of the round is twisted already
    }
    *this = r;
}

std::mt19937_64 Random::engine() const {
    std::istringstream in(state());
    in.imbue(std::locale::classic());
    std::mt19937_64 engine;
    in >> engine;
    return engine;
}

}  // namespace cherries
