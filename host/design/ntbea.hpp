// The N-Tuple Bandit Evolutionary Algorithm (NTBEA; S. M. Lucas, J. Liu and D. Perez-Liebana,
// "The N-Tuple Bandit Evolutionary Algorithm for Game Agent Optimisation", IEEE CEC 2018,
// arXiv 1802.05991), the search behind `cherries tune` (docs/tune.md). A point is one value index
// per dimension; a model of n-tuples (every single dimension, every pair when asked, and all
// dimensions together) keeps the count and the mean fitness of each projection of the points
// evaluated; each step mutates the current point into a set of neighbours and moves to the one
// with the highest upper confidence bound (UCB1) averaged over its tuples. Pure: no games here.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "engine/random.hpp"

namespace cherries::host {

/// A point of the search space: for each dimension, the index of its value.
using NtbeaPoint = std::vector<std::uint32_t>;

/// The search's knobs (defaults as in Lucas et al.'s experiments, the exploration scaled to
/// fitness in [-1, 0]).
struct NtbeaSettings {
    std::uint32_t neighbours = 50;  ///< mutated neighbours looked at per step
    double exploration = 1.0;       ///< k of the UCB term k √(ln N / (n + ε))
    double epsilon = 0.5;           ///< ε: keeps the bonus of an unseen projection finite
    double mutation = 0.3;          ///< each dimension mutates with this probability (at least one does)
    bool pairs = true;              ///< also model every pair of dimensions (2-tuples)
};

/// The n-tuple model: per tuple (a list of dimensions), per projection of a point on it, the count
/// of evaluations and the sum of their fitness.
class NTupleModel {
public:
    /// `sizes`: values per dimension (each >= 1).
    NTupleModel(std::vector<std::uint32_t> sizes, bool pairs);
    /// Adds one evaluation of `point`.
    void add(const NtbeaPoint& point, double fitness);
    /// The mean over tuples of the mean fitness of `point`'s projection (tuples never seen there
    /// left out); 0 when no tuple has seen it.
    double value(const NtbeaPoint& point) const;
    /// value(point) plus the mean over tuples of k √(ln N / (n + ε)), N the evaluations so far and n
    /// the projection's count: high for a point whose parts were seldom tried.
    double ucb(const NtbeaPoint& point, double k, double epsilon) const;
    std::uint64_t evaluations() const { return total_; }

private:
    struct Stats {
        std::uint64_t n = 0;
        double sum = 0;
    };
    std::vector<std::uint32_t> sizes_;
    std::vector<std::vector<std::size_t>> tuples_;
    std::vector<std::map<std::vector<std::uint32_t>, Stats>> stats_;  // by tuple, by projection
    std::uint64_t total_ = 0;
};

/// One NTBEA search. Ask next() for the point to evaluate, tell() its fitness (higher is better),
/// repeat. Deterministic for a seed. Every point is proposed at most once: under common random
/// numbers a second evaluation would play the same games (docs/tune.md).
class Ntbea {
public:
    /// Starts at `start` (one index per dimension, each below its size). Throws std::invalid_argument
    /// for an empty space or a start out of range.
    Ntbea(std::vector<std::uint32_t> sizes, NtbeaPoint start, NtbeaSettings settings, std::uint64_t seed);
    /// The point to evaluate next: the start, then the best neighbour (by UCB) of the last point
    /// told that was not evaluated yet; a random unevaluated point when no neighbour is new; empty
    /// when every point of the space was evaluated.
    NtbeaPoint next();
    /// The fitness of `point` (from next()).
    void tell(const NtbeaPoint& point, double fitness);
    /// The model's estimate of a point (NTupleModel::value).
    double value(const NtbeaPoint& point) const { return model_.value(point); }
    /// The evaluated points, best model value first (ties: evaluation order).
    std::vector<NtbeaPoint> ranked() const;
    /// How many points the space has (saturated at 2^63).
    std::uint64_t space_size() const;

private:
    NtbeaPoint mutate(const NtbeaPoint& from);
    std::vector<std::uint32_t> sizes_;
    NtbeaSettings settings_;
    NTupleModel model_;
    SplitMix64 random_;
    NtbeaPoint current_;
    bool started_ = false;
    std::set<NtbeaPoint> seen_;
    std::vector<NtbeaPoint> order_;  // evaluated, in order
};

}  // namespace cherries::host
