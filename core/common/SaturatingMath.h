#pragma once
// Saturating integer arithmetic for size and count estimates (issue 21): a
// product or sum past 2^63 stays at LLONG_MAX, so it fails every limit it is
// checked against instead of wrapping to a small or negative count.
#include <climits>

namespace cf {

inline long long satMul(long long a, long long b) {
  long long r = 0;
  return __builtin_mul_overflow(a, b, &r) ? LLONG_MAX : r;
}

inline long long satAdd(long long a, long long b) {
  long long r = 0;
  return __builtin_add_overflow(a, b, &r) ? LLONG_MAX : r;
}

// a / b rounded up for b > 0 (a itself when b <= 0: nothing to divide by).
inline long long ceilDiv(long long a, long long b) { return b > 0 ? a / b + (a % b != 0) : a; }

}  // namespace cf
