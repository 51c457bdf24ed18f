#include "sdk/plugins/describe.hpp"

#include <fmt/ranges.h>
#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <utility>

namespace cherries::sdk {

namespace {

std::int64_t floor_div(std::int64_t x, std::int64_t d) {
    const std::int64_t q = x / d;
    return (x % d != 0 && (x < 0) != (d < 0)) ? q - 1 : q;
}

std::string num(std::int64_t n) { return std::to_string(n); }
std::string signed_num(std::int64_t n) { return (n > 0 ? "+" : "") + std::to_string(n); }

// Multiplier/divisor pairs, simplest first: the identity, then -x, 2x, -2x, ..., then divisions.
const std::vector<std::pair<std::int64_t, std::int64_t>>& candidates() {
    static const auto list = [] {
        std::vector<std::pair<std::int64_t, std::int64_t>> out;
        for (std::int64_t a = -10; a <= 10; ++a)
            for (std::int64_t d = 1; d <= 10; ++d)
                if (a != 0) out.emplace_back(a, d);
        std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
            auto key = [](const auto& p) { return std::make_tuple((std::abs(p.first) - 1) + (p.second - 1), p.first < 0, p.second); };
            return key(x) < key(y);
        });
        return out;
    }();
    return list;
}

using Samples = std::vector<std::pair<std::int64_t, std::int64_t>>;

// Whether clamp(a * floor(x / d) + c, lo, hi) gives every sample; sets the caps it needs.
bool fits(const Samples& samples, std::int64_t a, std::int64_t d, std::int64_t c, std::int64_t lo, std::int64_t hi,
          FunctionShape& shape) {
    bool below = false, above = false;
    for (const auto& [x, y] : samples) {
        const std::int64_t g = a * floor_div(x, d) + c;
        if (std::clamp(g, lo, hi) != y) return false;
        below = below || g < lo;
        above = above || g > hi;
    }
    shape = {.multiplier = a, .divisor = d, .offset = c};
    if (below) shape.low = lo;
    if (above) shape.high = hi;
    return true;
}

std::string change_noun(CardType change) { return change == CardType::score ? "score" : "cherry"; }

std::string capped_identity_words(const FunctionShape& s, const std::string& t) {
    if (s.low && s.high) return "limits every " + t + " change to between " + num(*s.low) + " and " + num(*s.high);
    if (s.low) return *s.low == 0 ? "turns every " + t + " loss into 0"
                                  : "raises every " + t + " change below " + num(*s.low) + " to " + num(*s.low);
    if (s.high) return *s.high == 0 ? "turns every " + t + " gain into 0"
                                    : "lowers every " + t + " change above " + num(*s.high) + " to " + num(*s.high);
    return "leaves every " + t + " change as it is";
}

std::string times_word(std::int64_t magnitude) {
    return magnitude == 2 ? "doubles" : magnitude == 3 ? "triples" : "multiplies";
}

}  // namespace

std::int64_t FunctionShape::apply(std::int64_t last) const {
    std::int64_t v = multiplier * floor_div(last, divisor) + offset;
    if (low && v < *low) v = *low;
    if (high && v > *high) v = *high;
    return v;
}

const std::vector<std::int64_t>& describe_probe_inputs() {
    static const std::vector<std::int64_t> inputs = [] {
        std::vector<std::int64_t> out;
        for (std::int64_t x = -64; x <= 64; ++x) out.push_back(x);
        for (std::int64_t big : {std::int64_t{100}, std::int64_t{1000}, std::int64_t{1'000'000}, std::int64_t{1} << 31}) {
            out.push_back(big);
            out.push_back(-big);
        }
        return out;
    }();
    return inputs;
}

std::optional<FunctionShape> recognise_function(Evaluator& evaluator, FunctionId function, bool* faulted) {
    if (function == kIdentity) return FunctionShape{};
    Samples samples;
    for (std::int64_t x : describe_probe_inputs()) {
        std::int64_t y = 0;
        if (!evaluator.call(function, x, y)) {
            if (faulted) *faulted = true;
            return std::nullopt;
        }
        if (y > kMaxMagnitude || y < -kMaxMagnitude) return std::nullopt;
        samples.emplace_back(x, y);
    }
    const auto [min_it, max_it] =
        std::minmax_element(samples.begin(), samples.end(), [](const auto& p, const auto& q) { return p.second < q.second; });
    const std::int64_t lo = min_it->second, hi = max_it->second;
    if (lo == hi) return FunctionShape{.multiplier = 0, .offset = lo};
    // A sample strictly between the caps fixes the offset; without one (a function of two
    // values) every offset a sample implies is tried, 0 first.
    const auto interior = std::find_if(samples.begin(), samples.end(), [&](const auto& p) { return p.second > lo && p.second < hi; });
    FunctionShape shape;
    for (const auto& [a, d] : candidates()) {
        if (interior != samples.end()) {
            if (fits(samples, a, d, interior->second - a * floor_div(interior->first, d), lo, hi, shape)) return shape;
            continue;
        }
        std::vector<std::int64_t> offsets{0};
        for (const auto& [x, y] : samples) offsets.push_back(y - a * floor_div(x, d));
        std::sort(offsets.begin() + 1, offsets.end(), [](std::int64_t p, std::int64_t q) { return std::abs(p) < std::abs(q); });
        offsets.erase(std::unique(offsets.begin() + 1, offsets.end()), offsets.end());
        for (std::int64_t c : offsets)
            if (fits(samples, a, d, c, lo, hi, shape)) return shape;
    }
    return std::nullopt;
}

std::string shape_words(const FunctionShape& s, CardType change) {
    const std::string t = change_noun(change);
    const std::string every = "every " + t + " change";
    if (s.multiplier == 0) return "turns " + every + " into " + num(s.offset);
    if (s.multiplier == 1 && s.divisor == 1 && s.offset == 0) return capped_identity_words(s, t);
    std::vector<std::string> parts;
    if (s.divisor > 1)
        parts.push_back(s.divisor == 2 ? "halves " + every + ", rounded down"
                                       : "divides " + every + " by " + num(s.divisor) + ", rounded down");
    if (s.multiplier != 1) {
        const std::int64_t m = std::abs(s.multiplier);
        const bool first = parts.empty();
        std::string p;
        if (m == 1) {
            p = first ? "reverses the sign of " + every : "then reverses its sign";
        } else {
            p = first ? times_word(m) + " " + every : "then " + times_word(m) + " it";
            if (m > 3) p += " by " + num(m);
            if (s.multiplier < 0) p += " and reverses its sign";
        }
        parts.push_back(p);
    }
    if (s.offset != 0) {
        const bool first = parts.empty();
        const std::string n = num(std::abs(s.offset));
        if (s.offset > 0) parts.push_back(first ? "adds " + n + " to " + every : "then adds " + n);
        else parts.push_back(first ? "subtracts " + n + " from " + every : "then subtracts " + n);
    }
    std::string out = fmt::format("{}", fmt::join(parts, ", "));
    if (s.low && s.high) out += ", at least " + num(*s.low) + " and at most " + num(*s.high);
    else if (s.low) out += ", at least " + num(*s.low);
    else if (s.high) out += ", at most " + num(*s.high);
    return out;
}

std::optional<std::string> derived_modifier_words(const CardKind& kind, Evaluator& evaluator, bool* faulted) {
    std::string out;
    for (const auto& [type, function] : {std::pair{CardType::cherry, kind.cherry_function},
                                         std::pair{CardType::score, kind.score_function}}) {
        const auto shape = recognise_function(evaluator, function, faulted);
        if (!shape) return std::nullopt;
        if (!shape->identity()) out += (out.empty() ? "" : "; ") + shape_words(*shape, type);
    }
    return out.empty() ? "changes nothing" : out;
}

std::string cherry_change_words(std::int64_t change) {
    return signed_num(change) + (change == 1 || change == -1 ? " cherry" : " cherries");
}

std::string score_change_words(std::int64_t change) { return "score change " + signed_num(change); }

std::string lifetime_words(std::int32_t lifetime) {
    return "for " + std::to_string(lifetime) + (lifetime == 1 ? " turn" : " turns");
}

CardDescription describe_card(const CardKind& kind, Evaluator* evaluator) {
    using Source = CardDescription::Source;
    switch (kind.type) {
        case CardType::cherry: return {cherry_change_words(kind.change), "", Source::change};
        case CardType::score: return {score_change_words(kind.change), "", Source::change};
        case CardType::modifier: break;
    }
    if (!kind.text.empty()) return {kind.text, lifetime_words(kind.lifetime), Source::text};
    if (evaluator)
        if (auto words = derived_modifier_words(kind, *evaluator))
            return {*words, lifetime_words(kind.lifetime), Source::derived};
    return {"see its rules text", lifetime_words(kind.lifetime), Source::unknown};
}

std::string points_words(std::int64_t change) {
    if (change == 0) return "no points";
    return signed_num(change) + (change == 1 || change == -1 ? " point" : " points");
}

std::string score_reason(std::int64_t cherries, std::int64_t change) {
    return num(cherries) + (cherries == 1 ? " cherry: " : " cherries: ") + points_words(change);
}

std::string gametype_rule_words(const Gametype& g, Evaluator* evaluator) {
    const std::string wins = "first to " + num(g.winning_score) + " wins";
    std::vector<std::int64_t> v = g.distribution;
    const std::int64_t n = static_cast<std::int64_t>(v.size());
    // What every count past the table gives, when it is one value: 0 without a tail function.
    std::optional<std::int64_t> rest = 0;
    if (g.distribution_function) {
        rest.reset();
        if (evaluator) {
            std::vector<std::int64_t> seen;
            for (std::int64_t x : {n, n + 1, n + 2, n + 100, std::int64_t{1'000'000}}) {
                std::int64_t y = 0;
                if (!evaluator->call(*g.distribution_function, x, y)) break;
                seen.push_back(y);
            }
            if (seen.size() == 5 && std::all_of(seen.begin(), seen.end(), [&](std::int64_t y) { return y == seen[0]; }))
                rest = seen[0];
        }
    }
    // Brackets of equal changes: [first, last] (last -1: "and more").
    struct Bracket {
        std::int64_t first, last, change;
        bool known = true;
    };
    std::vector<Bracket> brackets;
    for (std::int64_t c = 0; c < n; ++c) {
        if (!brackets.empty() && brackets.back().change == v[static_cast<std::size_t>(c)]) brackets.back().last = c;
        else brackets.push_back({c, c, v[static_cast<std::size_t>(c)]});
    }
    if (rest && !brackets.empty() && brackets.back().change == *rest) brackets.back().last = -1;
    else brackets.push_back({n, -1, rest.value_or(0), rest.has_value()});

    const auto scores = [](const Bracket& b) { return !b.known || b.change != 0; };
    const auto scoring = std::count_if(brackets.begin(), brackets.end(), scores);
    if (scoring == 1) {
        // The one bracket that may score; an unknown tail counts as one (it may score).
        const Bracket& b = *std::find_if(brackets.begin(), brackets.end(), scores);
        if (b.known && b.first == b.last)
            return "exactly " + num(b.first) + (b.first == 1 ? " cherry" : " cherries") + " at the end of your turn: " +
                   points_words(b.change) + "; " + wins;
        if (b.known && b.last == -1)
            return num(b.first) + " or more cherries at the end of your turn: " + points_words(b.change) + "; " + wins;
    }
    if (scoring == 0) return "no points at the end of a turn; only score cards score; " + wins;
    std::string out = "at the end of your turn: ";
    constexpr std::size_t kMostBrackets = 12;
    for (std::size_t i = 0; i < brackets.size(); ++i) {
        const Bracket& b = brackets[i];
        if (i == kMostBrackets) {
            out += "; …";
            break;
        }
        std::string range = b.last == -1 ? num(b.first) + "+" : b.first == b.last ? num(b.first) : num(b.first) + "–" + num(b.last);
        if (i == 0) range += b.first == 1 && b.last == 1 ? " cherry" : " cherries";
        const std::string what = !b.known ? "see the gametype" : b.change == 0 ? "no points"
                                                        : i == 0 ? points_words(b.change) : signed_num(b.change);
        out += (i == 0 ? "" : "; ") + range + ": " + what;
    }
    return out + "; " + wins;
}

}  // namespace cherries::sdk
