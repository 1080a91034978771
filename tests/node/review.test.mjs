// The review's judging (web/app/session/analysis/review.js) and its graph (web/app/ui/analysis/eval-graph.js): win
// chances from evaluations, the thresholds, the better move, the graph's clicks; and a
// review of a real game through the worker shim, judged end to end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  WIN_K,
  THRESHOLDS,
  chanceOf,
  goldChance,
  evalText,
  judge,
  summary,
  createReview,
} from '../../web/app/session/analysis/review.js';
import { graphSvg, plyAt, xOf } from '../../web/app/ui/analysis/eval-graph.js';
import { EngineClient } from '../../web/engine/engine-client.js';
import { ShimWorker, STILL_CLOCK } from './worker-shim.mjs';
import { loadEngine } from './helpers.mjs';

const entry = (ply, side, score, best, extra = {}) => ({
  ply,
  side,
  score,
  mate: null,
  best,
  bestAlgebraic: best ? 'X' + best : null,
  pv: best ? [best] : [],
  over: null,
  ...extra,
});

test('win chances: symmetric, monotonic, mates and finished games', () => {
  assert.equal(chanceOf(0), 0.5);
  assert.ok(Math.abs(chanceOf(300) + chanceOf(-300) - 1) < 1e-12);
  assert.ok(chanceOf(100) < chanceOf(200) && chanceOf(200) < chanceOf(1000));
  assert.ok(Math.abs(chanceOf(100) - 1 / (1 + Math.exp(-100 * WIN_K))) < 1e-12);
  assert.equal(chanceOf(1e9), chanceOf(2500), 'clamped');
  // score for the side to move -> Gold's chance
  assert.ok(goldChance({ side: 'gold', score: 200, mate: null }) > 0.5);
  assert.ok(Math.abs(goldChance({ side: 'scarlet', score: 200, mate: null }) - (1 - chanceOf(200))) < 1e-12);
  assert.equal(goldChance({ side: 'gold', score: 0, mate: 3 }), 1);
  assert.equal(goldChance({ side: 'scarlet', score: 0, mate: 2 }), 0);
  assert.equal(goldChance({ side: 'gold', score: 0, mate: -1 }), 0);
  assert.equal(
    goldChance({ side: 'scarlet', score: 0, mate: 0, over: { state: 'checkmate', winner: 'gold' } }),
    1,
  );
  assert.equal(
    goldChance({ side: 'gold', score: 0, mate: null, over: { state: 'stalemate', winner: null } }),
    0.5,
  );
  assert.equal(evalText({ side: 'scarlet', score: 125, mate: null }), '−1.25');
  assert.equal(evalText({ side: 'gold', score: 40, mate: null }), '+0.40');
  assert.equal(evalText({ side: 'scarlet', score: 0, mate: 3 }), '#-3');
  assert.equal(evalText({ side: 'gold', score: 0, mate: 2 }), '#2');
});

test("judging: the loss of win chance against the thresholds; the engine's move is never judged", () => {
  // A loss just at each threshold, from an even position (Gold to move at ply 0, etc.).
  const cpFor = (loss) => Math.log((0.5 - loss) / (0.5 + loss)) / WIN_K; // chanceOf(cp) = 0.5 - loss
  const cases = [
    [0.02, null],
    [0.05, 'inaccuracy'],
    [0.099, 'inaccuracy'],
    [0.1, 'mistake'],
    [0.15, 'blunder'],
    [0.4, 'blunder'],
  ];
  for (const [loss, kind] of cases) {
    // After Gold's move Scarlet is to move and scores -cp for... Scarlet scores +|cp|.
    const after = -cpFor(loss + 1e-9);
    const e = [entry(0, 'gold', 0, '2c22c3'), entry(1, 'scarlet', after, '2d72d6')];
    const [j] = judge(e, ['2e22e3']);
    assert.equal(j.kind, kind, `loss ${loss}`);
    assert.equal(j.side, 'gold');
    assert.ok(Math.abs(j.loss - loss) < 1e-6);
    assert.equal(j.best, '2c22c3');
    assert.equal(j.bestAlgebraic, 'X2c22c3');
    if (kind) assert.equal(j.glyph, THRESHOLDS.find((t) => t.kind === kind).glyph);
    // The same loss on the engine's own move: no judgement (search noise).
    assert.equal(judge(e, ['2c22c3'])[0].kind, null);
  }
  // Scarlet's move judged from Scarlet's side; a gain is no loss.
  const e = [
    entry(0, 'gold', 0, 'a'),
    entry(1, 'scarlet', 0, 'b'),
    entry(2, 'gold', 600, 'c'),
    entry(3, 'scarlet', -900, 'd'),
  ];
  const js = judge(e, ['x', 'y', 'z']);
  assert.equal(js.length, 3);
  assert.equal(js[1].side, 'scarlet');
  assert.equal(js[1].kind, 'blunder');
  assert.equal(js[2].kind, null, "Gold's move lost nothing: Scarlet is better off");
  const s = summary(js);
  assert.equal(s.scarlet.blunder, 1);
  assert.equal(s.gold.moves, 2);
  assert.equal(s.gold.blunder + s.gold.mistake + s.gold.inaccuracy, 0);
  // Missing entries (a stopped review) judge only the moves with both positions.
  assert.equal(judge([e[0], e[1]], ['x', 'y', 'z']).length, 1);
  // A mating move: the last entry is the finished game.
  const mate = [
    entry(0, 'gold', 0, 'm', { mate: 1 }),
    entry(1, 'scarlet', 0, null, { mate: 0, over: { state: 'checkmate', winner: 'gold' } }),
  ];
  assert.equal(judge(mate, ['m'])[0].loss, 0);
});

test('the graph: points, marks and the ply under a click', () => {
  const chances = [0.5, 0.6, 0.2, null, 0.9];
  const svg = graphSvg({
    chances,
    marks: [
      { ply: 2, kind: 'blunder' },
      { ply: 3, kind: 'mistake' },
    ],
    current: 1,
    width: 204,
    height: 60,
  });
  assert.match(svg, /^<svg /);
  assert.equal((svg.match(/<circle /g) || []).length, 1, 'a mark on an unevaluated ply is not drawn');
  assert.match(svg, /class="eg-mark eg-blunder"/);
  assert.match(svg, /class="eg-cursor" x1="53"/); // xOf(1, 4, 204) = 4 + 196/4
  const pts = /<polyline class="eg-line" points="([^"]+)"/.exec(svg)[1].split(' ');
  assert.equal(pts.length, 4);
  assert.equal(pts[0], '4,30'); // 0.5 -> the middle of 2..58
  for (let k = 0; k <= 4; k++) assert.equal(plyAt(xOf(k, 4, 204), 4, 204), k);
  assert.equal(plyAt(-50, 4, 204), 0);
  assert.equal(plyAt(5000, 4, 204), 4);
  assert.doesNotMatch(graphSvg({ chances: [0.5], label: '<x>' }), /<x>/, 'the label is escaped');
  // a long game: dots no wider than a ply's room (down to 1.5 px), blunders over the others
  const long = graphSvg({
    chances: Array(401).fill(0.5),
    marks: [
      { ply: 10, kind: 'blunder' },
      { ply: 11, kind: 'inaccuracy' },
      { ply: 12, kind: 'mistake' },
    ],
    width: 308,
  });
  const dots = [...long.matchAll(/<circle class="eg-mark eg-(\w+) eg-small"[^>]* r="([\d.]+)"/g)];
  assert.deepEqual(
    dots.map((d) => d[1]),
    ['inaccuracy', 'mistake', 'blunder'],
  );
  assert.ok(dots.every((d) => d[2] === '1.5'));
  assert.match(svg, / r="3.5"/, 'a short game keeps its full dots');
});

test('a review through the worker: entries for every ply, judged', async () => {
  const M = await loadEngine();
  const engine = new EngineClient({ createWorker: () => new ShimWorker(), now: STILL_CLOCK });
  try {
    const g = new M.Game();
    const moves = [];
    for (let i = 0; i < 12; i++) {
      const l = g.legalMoves();
      const m = l[(i * 7919) % l.length];
      g.play(m);
      moves.push(m);
    }
    g.delete();
    let changes = 0;
    const r = createReview(engine, {
      limits: { nodes: 4000 },
      onChange: () => {
        changes++;
      },
    });
    await r.start({ fen: '', moves, key: 'k' });
    assert.equal(r.state.status, 'done');
    assert.equal(r.state.entries.length, 13);
    assert.equal(r.state.judgements.length, 12);
    assert.ok(changes >= 14, String(changes));
    // Random moves: some of them are judged, and each judged move has a better one.
    const judged = r.state.judgements.filter((j) => j.kind);
    assert.ok(judged.length > 0);
    for (const j of judged) assert.ok(j.best && j.best !== j.played && j.bestAlgebraic);
  } finally {
    engine.close();
  }
});
