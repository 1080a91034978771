// Match statistics for the match runner: the Elo of a score, its 95% interval from
// game pairs, and the sequential probability ratio test (SPRT) that accepts or rejects
// a change with known error rates.
//
// The test is the generalized SPRT of fishtest ("GSPRT", Van den Bergh): the outcomes
// are game pairs (the same opening played with each colour), scored 0, 1/2, 1, 3/2 or 2
// points for A (the pentanomial distribution, which takes the correlation inside a pair
// into account); the log-likelihood ratio compares the maximum-likelihood distributions
// of pair outcomes whose expected score is that of elo0 and of elo1 (logistic Elo:
// score = 1 / (1 + 10^(-elo/400))). The test stops when the LLR leaves
// [log(beta/(1-alpha)), log((1-beta)/alpha)].
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>

namespace dc::stats {

// Expected score of an Elo difference, and back.
inline double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }
inline double elo_of_score(double s) {
  s = std::clamp(s, 1e-9, 1 - 1e-9);
  return -400.0 * std::log10(1.0 / s - 1.0);
}

// Counts of game pairs by A's points in the pair: 0, 1/2, 1, 3/2, 2 (LL, LD, WL or DD,
// WD, WW).
using Pentanomial = std::array<uint64_t, 5>;

// An empirical distribution of outcomes a[i] in [0, 1] with probabilities p[i].
template <size_t K>
struct Distribution {
  std::array<double, K> a{}, p{};
  double mean() const {
    double s = 0;
    for (size_t i = 0; i < K; ++i) s += a[i] * p[i];
    return s;
  }
  double variance() const {
    const double m = mean();
    double v = 0;
    for (size_t i = 0; i < K; ++i) v += p[i] * (a[i] - m) * (a[i] - m);
    return v;
  }
};

// Counts to a distribution over equally spaced outcomes 0 .. 1; a count of 0 becomes
// 1e-3 (fishtest's regularisation, so that the maximum-likelihood problem has a
// solution). Also returns the total N of the regularised counts.
template <size_t K>
Distribution<K> distribution_of(const std::array<uint64_t, K>& counts, double& n) {
  Distribution<K> d;
  std::array<double, K> c{};
  n = 0;
  for (size_t i = 0; i < K; ++i) {
    c[i] = counts[i] ? double(counts[i]) : 1e-3;
    n += c[i];
  }
  for (size_t i = 0; i < K; ++i) {
    d.a[i] = double(i) / double(K - 1);
    d.p[i] = c[i] / n;
  }
  return d;
}

// The maximum-likelihood distribution on the same outcomes as `hat` whose mean is s:
// p[i] = hat.p[i] / (1 + x (a[i] - s)), with x the root of
// sum hat.p[i] (a[i] - s) / (1 + x (a[i] - s)) = 0 between the poles (bisection; the
// function decreases in x). s must lie strictly inside (a[0], a[K-1]).
template <size_t K>
Distribution<K> mle_with_mean(const Distribution<K>& hat, double s) {
  double lo = -1.0 / (hat.a[K - 1] - s), hi = -1.0 / (hat.a[0] - s);
  const double eps = 1e-12;
  lo += eps;
  hi -= eps;
  auto f = [&](double x) {
    double v = 0;
    for (size_t i = 0; i < K; ++i) v += hat.p[i] * (hat.a[i] - s) / (1 + x * (hat.a[i] - s));
    return v;
  };
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (f(mid) > 0)
      lo = mid;
    else
      hi = mid;
  }
  const double x = 0.5 * (lo + hi);
  Distribution<K> d = hat;
  double total = 0;
  for (size_t i = 0; i < K; ++i) {
    d.p[i] = hat.p[i] / (1 + x * (hat.a[i] - s));
    total += d.p[i];
  }
  for (size_t i = 0; i < K; ++i) d.p[i] /= total;  // (already 1 up to rounding)
  return d;
}

// The generalized log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0) for the
// given counts (K = 5: pentanomial game pairs; K = 3: single games L, D, W), logistic
// Elo. This is fishtest's LLR_logistic.
template <size_t K>
double llr_logistic(double elo0, double elo1, const std::array<uint64_t, K>& counts) {
  double n = 0;
  const Distribution<K> hat = distribution_of(counts, n);
  const Distribution<K> p0 = mle_with_mean(hat, score_of_elo(elo0));
  const Distribution<K> p1 = mle_with_mean(hat, score_of_elo(elo1));
  double llr = 0;
  for (size_t i = 0; i < K; ++i) llr += hat.p[i] * (std::log(p1.p[i]) - std::log(p0.p[i]));
  return n * llr;
}

// The same ratio by the normal approximation (fishtest's LLR_alt2), for comparison.
template <size_t K>
double llr_normal_approx(double elo0, double elo1, const std::array<uint64_t, K>& counts) {
  double n = 0;
  const Distribution<K> hat = distribution_of(counts, n);
  const double s0 = score_of_elo(elo0), s1 = score_of_elo(elo1);
  return n * (s1 - s0) * (2 * hat.mean() - s0 - s1) / hat.variance() / 2.0;
}

struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower() const { return std::log(beta / (1 - alpha)); }
  double upper() const { return std::log((1 - beta) / alpha); }
  // "H1 accepted", "H0 accepted" or "" (continue) for the given LLR.
  std::string verdict(double llr) const { return llr >= upper() ? "H1 accepted" : llr <= lower() ? "H0 accepted" : ""; }
};

// A's score and its 95% interval in Elo from game pairs: the mean pair score and its
// standard error (the pairs are the independent trials). Clamped to the scores of half
// a pair above 0 and below 1, so that a clean sweep reports a bound.
struct EloEstimate {
  double score = 0.5, elo = 0, lo = 0, hi = 0;
};
inline EloEstimate elo_estimate(const Pentanomial& pairs) {
  double n = 0, sum = 0, sum2 = 0;
  for (size_t i = 0; i < 5; ++i) {
    const double x = double(i) / 4.0;
    n += double(pairs[i]);
    sum += double(pairs[i]) * x;
    sum2 += double(pairs[i]) * x * x;
  }
  EloEstimate e;
  if (n == 0) return e;
  const double m = sum / n;
  const double var = std::max(0.0, sum2 / n - m * m);
  const double se = std::sqrt(var / n);
  const double edge = 0.25 / n;  // half a pair's half point
  auto clamp = [&](double s) { return std::clamp(s, edge, 1 - edge); };
  e.score = m;
  e.elo = elo_of_score(clamp(m));
  e.lo = elo_of_score(clamp(m - 1.959964 * se));
  e.hi = elo_of_score(clamp(m + 1.959964 * se));
  return e;
}

}  // namespace dc::stats
