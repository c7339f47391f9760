// Shapley attribution of a total gain to n levers (Shapley 1953): lever i's
// value is its marginal gain v(S ∪ {i}) − v(S) averaged over every order in
// which the levers could be pulled,
//   φ_i = Σ_{S ⊆ N∖{i}} |S|! (n − |S| − 1)! / n! · (v(S ∪ {i}) − v(S)).
// Efficiency: Σ φ_i = v(N) − v(∅). With one lever φ_0 = v({0}) − v(∅), the
// as-given gain. v takes a subset as a bit mask (bit i: lever i) and is
// called once per subset (2^n calls): the caller caches or precomputes it.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

namespace cf {

// Exact; n ≤ 20 (the waterfall allows 8).
std::vector<double> shapleyValues(std::size_t n, const std::function<double(std::uint64_t)>& v);

}  // namespace cf
