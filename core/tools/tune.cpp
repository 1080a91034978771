// Tuning the evaluation from data (Texel's method, with a linearised evaluation).
//
//   tune collect --games 4000 --nodes 5000 --seed 1 --out /tmp/dc-positions.txt
//       Self-play (the top level at a fixed node budget, from the match runner's
//       random openings, adjudicated like a match) and keeps the quiet positions:
//       not in check, the move played not a capture, and no capture that wins material
//       by SEE. One line each: position|result for Gold (1, 0.5, 0)|search score (cp,
//       Gold's view)|game number. Reproducible: the same seed and options give the
//       same file.
//
//   tune fit --data FILE[,FILE...] --out core/search/eval_weights.inc
//            [--in WEIGHTS] [--only NAME,NAME...] [--rounds 3] [--epochs 400]
//            [--lambda 1.0] [--reg 0.0001] [--max-positions N] [--source TEXT]
//       Minimises the mean squared error between the result and the predicted score
//       sigmoid(K * eval / 400) (base 10), K fitted first. The evaluation is linear in
//       most of its weights; each round takes its derivative by every weight (a finite
//       difference of the real evaluation, so the evaluation stays the one owner of
//       its terms), fits the changes on that linear model (Adam, full batch), rounds
//       the weights and starts again from them (King safety's product of two weights
//       is not linear). The positions of one game in ten are held out and their error
//       reported. With
//       --lambda L the target is L * result + (1 - L) * sigmoid(search score).
//       --source TEXT: how the data was made (the collect command), written into the
//       header of the weights file beside the fit's own command.
//
//   tune show [--in WEIGHTS]
//       Writes the weights file of the given (or the compiled-in) weights to stdout.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games.h"
#include "movegen.h"
#include "position.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/weights_file.h"

using namespace dc;

namespace {

struct Args {
  std::vector<std::string> words;
  std::string get(const std::string& key, const std::string& def = "") const {
    for (size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == key) return words[i + 1];
    return def;
  }
};

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  if (!f) {
    std::cerr << "cannot read " << path << "\n";
    std::exit(1);
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

EvalWeights load_weights(const std::string& path) {
  if (path.empty()) return EvalWeights::defaults();
  auto r = read_weights_file(read_text(path));
  if (!r) {
    std::cerr << path << ": " << r.error() << "\n";
    std::exit(1);
  }
  return r.value();
}

// --- collect ----------------------------------------------------------------------------

int collect(const Args& a) {
  const int games = std::atoi(a.get("--games", "1000").c_str());
  const uint64_t nodes = std::strtoull(a.get("--nodes", "5000").c_str(), nullptr, 10);
  const uint64_t seed = std::strtoull(a.get("--seed", "1").c_str(), nullptr, 10);
  const int opening_plies = std::atoi(a.get("--opening-plies", "8").c_str());
  const int skip = std::atoi(a.get("--skip", "6").c_str());
  const std::string out_path = a.get("--out");
  if (out_path.empty()) {
    std::cerr << "collect needs --out FILE\n";
    return 1;
  }
  std::ofstream out(out_path);
  const std::vector<std::string> openings = opening_positions(games, opening_plies, seed);
  Search gold(16), scarlet(16);
  Adjudication adj;
  adj.resign_cp = 800;
  adj.resign_moves = 5;
  SearchLimits lim;
  lim.nodes = nodes;
  long kept = 0, seen = 0;
  for (size_t g = 0; g < openings.size(); ++g) {
    gold.new_game();
    scarlet.new_game();
    auto chooser = [&lim](Search& s) {
      return [&s, &lim](Position& pos, const std::vector<std::string>&) {
        const SearchResult r = s.go(pos, lim);
        Choice c;
        c.move = r.best;
        c.has_score = true;
        c.score_cp = r.is_mate ? (r.score_cp > 0 ? 30000 : -30000) : r.score_cp;
        return c;
      };
    };
    QuietPositions positions(skip);
    const GameOutcome o = play_game(openings[g], chooser(gold), chooser(scarlet), 300, adj,
                                    [&](const Position& p, const Choice& c) { ++seen, positions.see(p, c); });
    positions.write(out, o.result, long(g));
    kept += long(positions.size());
    if ((g + 1) % 50 == 0) std::fprintf(stderr, "%zu games, %ld positions kept of %ld\n", g + 1, kept, seen);
  }
  std::fprintf(stderr, "%zu games, %ld positions kept of %ld -> %s\n", openings.size(), kept, seen, out_path.c_str());
  return 0;
}

// --- fit --------------------------------------------------------------------------------

struct Sample {
  float target;    // result (or its blend with the search score), Gold's view, 0..1
  float base;      // the evaluation at the linearisation point, Gold's view
  uint32_t first;  // features [first, first + count) of the feature arrays
  uint16_t count;
};

struct Param {
  size_t ref;    // which weight
  size_t index;  // which value of it
  bool dynamic;
};

double sigmoid(double k, double x) { return 1.0 / (1.0 + std::pow(10.0, -k * x / 400.0)); }

// Gold's view of the full evaluation.
int gold_eval(const Evaluator& e, const Position& pos) {
  const int v = e(pos);
  return pos.side_to_move() == GOLD ? v : -v;
}

struct Data {
  std::vector<std::string> fens;
  std::vector<float> result, search;
  std::vector<bool> held_out;  // the positions of one game in ten
};

Data load_data(const std::string& list, size_t max_positions) {
  Data d;
  std::stringstream files(list);
  std::string path;
  while (std::getline(files, path, ',')) {
    std::ifstream f(path);
    if (!f) {
      std::cerr << "cannot read " << path << "\n";
      std::exit(1);
    }
    std::string line;
    while (std::getline(f, line) && d.fens.size() < max_positions) {
      std::vector<std::string> field;
      std::stringstream ls(line);
      std::string x;
      while (std::getline(ls, x, '|')) field.push_back(x);
      if (field.size() != 4) continue;
      d.fens.push_back(field[0]);
      d.result.push_back(std::stof(field[1]));
      d.search.push_back(std::stof(field[2]));
      d.held_out.push_back(std::stol(field[3]) % 10 == 0);
    }
  }
  return d;
}

int fit(const Args& a) {
  const std::string data_list = a.get("--data"), out_path = a.get("--out");
  if (data_list.empty() || out_path.empty()) {
    std::cerr << "fit needs --data FILE[,FILE...] and --out FILE\n";
    return 1;
  }
  const int rounds = std::atoi(a.get("--rounds", "3").c_str());
  const int epochs = std::atoi(a.get("--epochs", "400").c_str());
  const double lambda = std::atof(a.get("--lambda", "1.0").c_str());
  const double reg = std::atof(a.get("--reg", "0.0001").c_str());
  const size_t max_positions = size_t(std::atoll(a.get("--max-positions", "100000000").c_str()));
  const std::string only = a.get("--only");
  EvalWeights w = load_weights(a.get("--in"));
  const Data data = load_data(data_list, max_positions);
  std::fprintf(stderr, "%zu positions\n", data.fens.size());
  if (data.fens.size() < 100) {
    std::cerr << "too few positions\n";
    return 1;
  }
  auto position = [&](size_t i) { return Position::from_string(data.fens[i]).value(); };

  // The parameters: every value of every weight (or of the --only ones).
  std::vector<Param> params;
  {
    std::vector<WeightRef> refs = weight_refs(w);
    for (size_t r = 0; r < refs.size(); ++r) {
      if (!only.empty() && ("," + only + ",").find(std::string(",") + refs[r].name + ",") == std::string::npos)
        continue;
      for (size_t i = 0; i < refs[r].values.size(); ++i) params.push_back({r, i, refs[r].dynamic});
    }
  }
  std::fprintf(stderr, "%zu parameters\n", params.size());
  const int delta = 16;  // the finite difference (exact for the linear terms)

  double K = 0;
  for (int round = 0; round < rounds; ++round) {
    // Linearise at w.
    const Evaluator e0(w);
    std::vector<std::unique_ptr<Evaluator>> ep(params.size());
    for (size_t j = 0; j < params.size(); ++j) {
      EvalWeights wj = w;
      weight_refs(wj)[params[j].ref].values[params[j].index] += delta;
      ep[j] = std::make_unique<Evaluator>(wj);
    }
    std::vector<Sample> samples;
    std::vector<uint16_t> fidx;
    std::vector<float> fval;
    samples.reserve(data.fens.size());
    for (size_t i = 0; i < data.fens.size(); ++i) {
      const Position pos = position(i);
      const int base = gold_eval(e0, pos);
      const int base_table = e0.gold_terms(pos);
      Sample s{};
      s.base = float(base);
      s.first = uint32_t(fidx.size());
      for (size_t j = 0; j < params.size(); ++j) {
        const int diff = params[j].dynamic ? gold_eval(*ep[j], pos) - base : ep[j]->gold_terms(pos) - base_table;
        if (diff == 0) continue;
        fidx.push_back(uint16_t(j));
        fval.push_back(float(diff) / float(delta));
      }
      s.count = uint16_t(fidx.size() - s.first);
      samples.push_back(s);
      if ((i + 1) % 50000 == 0) std::fprintf(stderr, "  round %d: %zu positions linearised\n", round + 1, i + 1);
    }
    // K: fitted once, on the starting weights and the results.
    auto error_of = [&](double k, const std::vector<double>& d, bool held_out, double lam) {
      double sum = 0;
      size_t n = 0;
      for (size_t i = 0; i < samples.size(); ++i) {
        if (data.held_out[i] != held_out) continue;
        const Sample& s = samples[i];
        double x = s.base;
        for (uint32_t f = s.first; f < s.first + s.count; ++f) x += fval[f] * d[fidx[f]];
        const double y = lam * data.result[i] + (1 - lam) * sigmoid(k, data.search[i]);
        const double p = sigmoid(k, x);
        sum += (p - y) * (p - y);
        ++n;
      }
      return sum / double(std::max<size_t>(n, 1));
    };
    std::vector<double> d(params.size(), 0.0);
    if (round == 0) {
      double lo = 0.1, hi = 3.0;
      for (int it = 0; it < 40; ++it) {
        const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (error_of(m1, d, false, 1.0) < error_of(m2, d, false, 1.0))
          hi = m2;
        else
          lo = m1;
      }
      K = 0.5 * (lo + hi);
      std::fprintf(stderr, "K = %.4f\n", K);
    }
    const double before_train = error_of(K, d, false, lambda), before_test = error_of(K, d, true, lambda);
    // Adam on the changes d (centipawns), full batch.
    std::vector<double> m(params.size(), 0.0), v(params.size(), 0.0), grad(params.size());
    const double b1 = 0.9, b2 = 0.999;
    const double ln10 = std::log(10.0);
    for (int ep_i = 1; ep_i <= epochs; ++ep_i) {
      std::fill(grad.begin(), grad.end(), 0.0);
      size_t n = 0;
      for (size_t i = 0; i < samples.size(); ++i) {
        if (data.held_out[i]) continue;
        const Sample& s = samples[i];
        double x = s.base;
        for (uint32_t f = s.first; f < s.first + s.count; ++f) x += fval[f] * d[fidx[f]];
        const double y = lambda * data.result[i] + (1 - lambda) * sigmoid(K, data.search[i]);
        const double p = sigmoid(K, x);
        // d/dx (p - y)^2 = 2 (p - y) p (1 - p) K ln10 / 400
        const double g = 2 * (p - y) * p * (1 - p) * K * ln10 / 400.0;
        for (uint32_t f = s.first; f < s.first + s.count; ++f) grad[fidx[f]] += g * fval[f];
        ++n;
      }
      const double lr = 2.0 * (1.0 - 0.9 * double(ep_i) / epochs);
      for (size_t j = 0; j < params.size(); ++j) {
        const double gj = grad[j] / double(n) + 2 * reg * d[j] / 10000.0;
        m[j] = b1 * m[j] + (1 - b1) * gj;
        v[j] = b2 * v[j] + (1 - b2) * gj * gj;
        const double mh = m[j] / (1 - std::pow(b1, ep_i)), vh = v[j] / (1 - std::pow(b2, ep_i));
        d[j] -= lr * mh / (std::sqrt(vh) + 1e-12);
      }
      if (ep_i % 100 == 0)
        std::fprintf(stderr, "  round %d epoch %d: train %.6f held out %.6f\n", round + 1, ep_i,
                     error_of(K, d, false, lambda), error_of(K, d, true, lambda));
    }
    // Round the weights.
    std::vector<WeightRef> refs = weight_refs(w);
    int changed = 0;
    for (size_t j = 0; j < params.size(); ++j) {
      int& x = refs[params[j].ref].values[params[j].index];
      const int nx = int(std::lround(double(x) + d[j]));
      if (nx != x) ++changed;
      x = nx;
    }
    std::fprintf(stderr, "round %d: error train %.6f -> %.6f, held out %.6f -> %.6f; %d values changed\n", round + 1,
                 before_train, error_of(K, d, false, lambda), before_test, error_of(K, d, true, lambda), changed);
  }
  std::ostringstream comment;
  comment << "The evaluation's weights (core/search/eval.h, EvalWeights), compiled in by EvalWeights::defaults().\n"
          << "Written by core/tools/tune: fit --data " << data_list << " --rounds " << rounds << " --epochs " << epochs
          << " --lambda " << lambda << " --reg " << reg << (only.empty() ? "" : " --only " + only)
          << (a.get("--in").empty() ? "" : " --in " + a.get("--in")) << "\n"
          << "(" << data.fens.size() << " positions, K = " << K << ")."
          << (a.get("--source").empty() ? "" : "\nData: " + a.get("--source"));
  std::ofstream out(out_path);
  out << write_weights_file(w, comment.str());
  std::fprintf(stderr, "wrote %s\n", out_path.c_str());
  return 0;
}

int show(const Args& a) {
  std::cout << write_weights_file(load_weights(a.get("--in")),
                                  "The evaluation's weights (core/search/eval.h, EvalWeights), compiled in by "
                                  "EvalWeights::defaults().\nWritten by core/tools/tune.");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  for (int i = 2; i < argc; ++i) a.words.push_back(argv[i]);
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "collect") return collect(a);
  if (cmd == "fit") return fit(a);
  if (cmd == "show") return show(a);
  std::cerr << "usage: tune collect --games N --nodes N --seed S --out FILE [--opening-plies N] [--skip N]\n"
               "       tune fit --data FILE[,FILE...] --out FILE [--in WEIGHTS] [--only NAMES] [--rounds N]\n"
               "                [--epochs N] [--lambda L] [--reg R] [--max-positions N] [--source TEXT]\n"
               "       tune show [--in WEIGHTS]\n";
  return cmd == "--help" || cmd == "-h" ? 0 : 1;
}
