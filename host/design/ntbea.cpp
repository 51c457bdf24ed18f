#include "host/design/ntbea.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace cherries::host {

NTupleModel::NTupleModel(std::vector<std::uint32_t> sizes, bool pairs) : sizes_(std::move(sizes)) {
    const std::size_t d = sizes_.size();
    for (std::size_t i = 0; i < d; ++i) tuples_.push_back({i});
    if (pairs && d > 2)
        for (std::size_t i = 0; i < d; ++i)
            for (std::size_t j = i + 1; j < d; ++j) tuples_.push_back({i, j});
    if (d > 1) {
        std::vector<std::size_t> all(d);
        std::iota(all.begin(), all.end(), std::size_t{0});
        tuples_.push_back(all);
    }
    stats_.resize(tuples_.size());
}

namespace {

std::vector<std::uint32_t> ntbea_projection(const NtbeaPoint& point, const std::vector<std::size_t>& tuple) {
    std::vector<std::uint32_t> key;
    key.reserve(tuple.size());
    for (const std::size_t dim : tuple) key.push_back(point[dim]);
    return key;
}

}  // namespace

void NTupleModel::add(const NtbeaPoint& point, double fitness) {
    ++total_;
    for (std::size_t t = 0; t < tuples_.size(); ++t) {
        Stats& s = stats_[t][ntbea_projection(point, tuples_[t])];
        ++s.n;
        s.sum += fitness;
    }
}

double NTupleModel::value(const NtbeaPoint& point) const {
    double sum = 0;
    std::size_t seen = 0;
    for (std::size_t t = 0; t < tuples_.size(); ++t) {
        const auto it = stats_[t].find(ntbea_projection(point, tuples_[t]));
        if (it == stats_[t].end() || it->second.n == 0) continue;
        sum += it->second.sum / static_cast<double>(it->second.n);
        ++seen;
    }
    return seen ? sum / static_cast<double>(seen) : 0.0;
}

double NTupleModel::ucb(const NtbeaPoint& point, double k, double epsilon) const {
    const double log_total = std::log(static_cast<double>(total_) + 1);
    double bonus = 0;
    for (std::size_t t = 0; t < tuples_.size(); ++t) {
        const auto it = stats_[t].find(ntbea_projection(point, tuples_[t]));
        const double n = it == stats_[t].end() ? 0.0 : static_cast<double>(it->second.n);
        bonus += k * std::sqrt(log_total / (n + epsilon));
    }
    return value(point) + (tuples_.empty() ? 0.0 : bonus / static_cast<double>(tuples_.size()));
}

Ntbea::Ntbea(std::vector<std::uint32_t> sizes, NtbeaPoint start, NtbeaSettings settings, std::uint64_t seed)
    : sizes_(std::move(sizes)), settings_(settings), model_(sizes_, settings.pairs), random_(mix_seed(seed)),
      current_(std::move(start)) {
    if (sizes_.empty()) throw std::invalid_argument("NTBEA: no dimension to search");
    if (current_.size() != sizes_.size()) throw std::invalid_argument("NTBEA: the start has the wrong size");
    for (std::size_t d = 0; d < sizes_.size(); ++d)
        if (sizes_[d] == 0 || current_[d] >= sizes_[d]) throw std::invalid_argument("NTBEA: the start is out of range");
}

std::uint64_t Ntbea::space_size() const {
    std::uint64_t n = 1;
    for (const auto s : sizes_) {
        if (n > (std::uint64_t{1} << 63) / s) return std::uint64_t{1} << 63;
        n *= s;
    }
    return n;
}

NtbeaPoint Ntbea::mutate(const NtbeaPoint& from) {
    NtbeaPoint p = from;
    // Dimensions with one value cannot change; the first one that can is forced when none did.
    bool changed = false;
    const auto change = [&](std::size_t d) {
        const auto other = static_cast<std::uint32_t>(uniform_below(random_, sizes_[d] - 1));
        p[d] = other >= from[d] ? other + 1 : other;  // any value but the current one
        changed = true;
    };
    for (std::size_t d = 0; d < sizes_.size(); ++d)
        if (sizes_[d] > 1 && static_cast<double>(random_() >> 11) * 0x1.0p-53 < settings_.mutation) change(d);
    if (!changed) {
        std::vector<std::size_t> open;
        for (std::size_t d = 0; d < sizes_.size(); ++d)
            if (sizes_[d] > 1) open.push_back(d);
        if (!open.empty()) change(open[uniform_below(random_, open.size())]);
    }
    return p;
}

NtbeaPoint Ntbea::next() {
    if (!started_) return current_;
    if (seen_.size() >= space_size()) return {};
    NtbeaPoint best;
    double best_ucb = -std::numeric_limits<double>::infinity();
    for (std::uint32_t i = 0; i < settings_.neighbours; ++i) {
        NtbeaPoint n = mutate(current_);
        if (seen_.count(n)) continue;
        const double u = model_.ucb(n, settings_.exploration, settings_.epsilon);
        if (u > best_ucb) {
            best_ucb = u;
            best = std::move(n);
        }
    }
    // Every neighbour looked at was evaluated already: a random point not yet evaluated.
    for (int tries = 0; best.empty() && tries < 10000; ++tries) {
        NtbeaPoint r(sizes_.size());
        for (std::size_t d = 0; d < sizes_.size(); ++d) r[d] = static_cast<std::uint32_t>(uniform_below(random_, sizes_[d]));
        if (!seen_.count(r)) best = std::move(r);
    }
    return best;
}

void Ntbea::tell(const NtbeaPoint& point, double fitness) {
    started_ = true;
    model_.add(point, fitness);
    if (seen_.insert(point).second) order_.push_back(point);
    current_ = point;
}

std::vector<NtbeaPoint> Ntbea::ranked() const {
    std::vector<std::pair<double, std::size_t>> by_value;
    for (std::size_t i = 0; i < order_.size(); ++i) by_value.push_back({-model_.value(order_[i]), i});
    std::stable_sort(by_value.begin(), by_value.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<NtbeaPoint> out;
    for (const auto& [v, i] : by_value) out.push_back(order_[i]);
    return out;
}

}  // namespace cherries::host
