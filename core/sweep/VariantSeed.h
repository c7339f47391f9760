// The Monte Carlo seed of one sweep variant: a pure function of the
// scenario's reliability.seed and the variant index, so a variant draws the
// same failures whichever thread or MPI rank runs it, and neighbouring
// variants draw independent ones.
#pragma once
#include <cstdint>

namespace cf {

// SplitMix64 finaliser (Steele, Lea, Flood 2014) over seed and index, kept to
// 53 bits so the seed survives JSON readers that hold numbers as doubles.
inline std::uint64_t variantSeed(std::uint64_t baseSeed, std::uint64_t index) {
  std::uint64_t z = baseSeed + 0x9E3779B97F4A7C15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return z & ((1ULL << 53) - 1);
}

}  // namespace cf
