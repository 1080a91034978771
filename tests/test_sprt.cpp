// The match runner's statistics (core/tools/sprt.h): Elo of a score, the interval from
// game pairs, and the generalized SPRT's log-likelihood ratio. The expected LLR values
// were computed independently (a separate implementation of fishtest's LLR_logistic,
// root of the secular equation by bisection to 1e-15).
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>

#include <cmath>

#include "tools/sprt.h"

using namespace dc::stats;
using Catch::Approx;

TEST_CASE("Elo and expected score are inverse", "[sprt]") {
  CHECK(score_of_elo(0) == Approx(0.5));
  CHECK(score_of_elo(400) == Approx(10.0 / 11.0));
  CHECK(elo_of_score(0.75) == Approx(190.848).margin(1e-3));
  for (double e : {-300.0, -5.0, 0.0, 7.5, 250.0}) CHECK(elo_of_score(score_of_elo(e)) == Approx(e).margin(1e-9));
}

TEST_CASE("pentanomial LLR matches known values", "[sprt]") {
  CHECK(llr_logistic(0, 5, Pentanomial{10, 40, 100, 50, 20}) == Approx(0.8164504305).margin(1e-7));
  CHECK(llr_logistic(0, 5, Pentanomial{30, 200, 500, 210, 40}) == Approx(0.6509401861).margin(1e-7));
  CHECK(llr_logistic(0, 10, Pentanomial{5, 50, 90, 45, 3}) == Approx(-1.2725385065).margin(1e-7));
  // A zero count is regularised to 1e-3.
  CHECK(llr_logistic(0, 5, Pentanomial{0, 3, 10, 20, 7}) == Approx(0.5714361175).margin(1e-7));
}

TEST_CASE("trinomial LLR matches a known value", "[sprt]") {
  CHECK(llr_logistic(0, 5, std::array<uint64_t, 3>{100, 150, 130}) == Approx(0.6486563915).margin(1e-7));
}

TEST_CASE("the normal approximation agrees with the LLR near the bounds", "[sprt]") {
  const Pentanomial p{30, 200, 500, 210, 40};
  CHECK(llr_normal_approx(0, 5, p) == Approx(0.6507044509).margin(1e-7));
  CHECK(llr_normal_approx(0, 5, p) == Approx(llr_logistic(0, 5, p)).margin(0.01));
}

TEST_CASE("the maximum-likelihood distribution has the asked mean", "[sprt]") {
  double n = 0;
  const auto hat = distribution_of(Pentanomial{10, 40, 100, 50, 20}, n);
  CHECK(n == 220);
  for (double s : {0.3, 0.5, 0.5072, 0.8}) {
    const auto d = mle_with_mean(hat, s);
    double total = 0;
    for (double p : d.p) total += p;
    CHECK(total == Approx(1.0).margin(1e-12));
    CHECK(d.mean() == Approx(s).margin(1e-9));
  }
}

TEST_CASE("SPRT bounds and verdicts", "[sprt]") {
  Sprt t;  // alpha = beta = 0.05
  CHECK(t.lower() == Approx(-2.944439).margin(1e-6));
  CHECK(t.upper() == Approx(2.944439).margin(1e-6));
  CHECK(t.verdict(3.0) == "H1 accepted");
  CHECK(t.verdict(-3.0) == "H0 accepted");
  CHECK(t.verdict(0.5).empty());
  // An even result rejects a gain, a clear gain accepts it.
  CHECK(llr_logistic(0, 10, Pentanomial{100, 400, 1000, 400, 100}) < t.lower());
  CHECK(llr_logistic(0, 10, Pentanomial{20, 150, 500, 250, 80}) > t.upper());
}

TEST_CASE("Elo interval from game pairs", "[sprt]") {
  // 100 pairs, mean pair score (2.5 + 15 + 26.25 + 20) / 100.
  const EloEstimate e = elo_estimate(Pentanomial{5, 10, 30, 35, 20});
  CHECK(e.score == Approx(0.6375));
  CHECK(e.elo == Approx(elo_of_score(0.6375)));
  CHECK(e.lo < e.elo);
  CHECK(e.hi > e.elo);
  // The standard error of the mean pair score gives the interval.
  double m = 0, m2 = 0;
  const double c[5] = {5, 10, 30, 35, 20};
  for (int i = 0; i < 5; ++i) m += c[i] * i / 4.0 / 100, m2 += c[i] * (i / 4.0) * (i / 4.0) / 100;
  const double se = std::sqrt((m2 - m * m) / 100);
  CHECK(e.lo == Approx(elo_of_score(m - 1.959964 * se)));
  CHECK(e.hi == Approx(elo_of_score(m + 1.959964 * se)));
}
