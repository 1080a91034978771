// The worker's analysis (MultiPV, threats) and review jobs, through the worker shim and
// the page-side client: lines and their order, the threat of a passed move, a review's
// progress, its answer, stop, replacement and errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient, EngineError } from '../../web/engine/engine-client.js';
import { ShimWorker, STILL_CLOCK } from './worker-shim.mjs';
import { loadEngine } from './helpers.mjs';

const M = await loadEngine();
const client = () => new EngineClient({ createWorker: () => new ShimWorker(), now: STILL_CLOCK });
// A promise kept by the first event that passes `pass`, and the listener to feed it.
function upon(pass) {
  let keep;
  const p = new Promise((r) => {
    keep = r;
  });
  return {
    p,
    feed: (x) => {
      if (pass(x)) keep(x);
    },
  };
}

// The legal moves (coordinate) after `moves` from `fen`.
function legal(fen, moves) {
  const g = new M.Game(fen, moves);
  try {
    return g.legalMoves();
  } finally {
    g.delete();
  }
}
function status(fen, moves) {
  const g = new M.Game(fen, moves);
  try {
    return g.status();
  } finally {
    g.delete();
  }
}

// A reproducible game of `plies` legal moves (a small LCG picks them).
function randomGame(plies, seed) {
  const g = new M.Game();
  const moves = [];
  let x = seed;
  try {
    while (moves.length < plies && !g.status().over) {
      const l = g.legalMoves();
      x = (x * 1103515245 + 12345) % 2147483648;
      const m = l[x % l.length];
      g.play(m);
      moves.push(m);
    }
  } finally {
    g.delete();
  }
  return moves;
}

// Scarlet's King on 2a8 boxed in; Gold's Elemental mates from 1e4 (1e4 -> 1e8 is a mate
// in one when Gold is to move). With Scarlet to move, that is Gold's threat.
const THREAT = '12/12/12/12/12/12/12/12/4w7/12/12/12/12/12/12/11K/4k7/12/12/12/4E7/12/12/12 s 3 10';

function checkLines(lines, n, fen, moves) {
  assert.equal(lines.length, n);
  const legalNow = legal(fen, moves);
  const firsts = lines.map((l) => l.move);
  assert.equal(new Set(firsts).size, n, 'distinct moves');
  for (let k = 0; k < n; k++) {
    const l = lines[k];
    assert.ok(legalNow.includes(l.move), l.move);
    assert.equal(l.pvCoordinate[0], l.move);
    assert.equal(l.pv.length, l.pvCoordinate.length);
    assert.equal(typeof l.moveAlgebraic, 'string');
    assert.doesNotThrow(() => legal(fen, [...moves, ...l.pvCoordinate]), 'each line is a legal sequence');
    if (k && l.mate === null && lines[k - 1].mate === null)
      assert.ok(l.score <= lines[k - 1].score, 'score order');
  }
}

test('analyse with MultiPV: every depth reports N distinct legal lines in score order', async () => {
  const e = client();
  try {
    const pos = { fen: '', moves: ['2c22c3', '2d72d6'] };
    const infos = [],
      deep = upon((i) => i.depth >= 4);
    const p = e.analyse(pos, {
      multipv: 4,
      onInfo: (i) => {
        infos.push(i);
        deep.feed(i);
      },
    });
    await deep.p;
    const r = await Promise.all([e.stop(), p]).then(([, res]) => res);
    for (const i of infos) {
      checkLines(i.lines, 4, '', pos.moves);
      assert.equal(i.lines[0].pvCoordinate.join(' '), i.pvCoordinate.join(' '));
      assert.equal(i.lines[0].score, i.score);
    }
    assert.equal(r.stopped, 'stop');
    assert.equal(r.lines[0].move, r.best);
    checkLines(r.lines, 4, '', pos.moves);
    // multipv 1: one line, the answer's.
    const one = await e.search(pos, { depth: 3 }, { level: 10 });
    assert.equal(one.lines.length, 1);
    assert.equal(one.lines[0].move, one.best);
    // Bad counts are refused.
    for (const bad of [0, 65, 2.5]) {
      await assert.rejects(
        e.analyse(pos, { multipv: bad }),
        (err) => err instanceof EngineError && err.code === 'bad-argument' && /multipv/.test(err.message),
      );
    }
  } finally {
    e.close();
  }
});

test("threats: the analysis of the position after a pass finds the opponent's mate; in check it is refused", async () => {
  const e = client();
  try {
    assert.ok(!status(THREAT, []).check);
    const deep = upon((i) => i.depth >= 2);
    const p = e.analyse({ fen: THREAT, moves: [] }, { threat: true, multipv: 2, onInfo: deep.feed });
    await deep.p;
    const [, r] = await Promise.all([e.stop(), p]);
    // The threat is Gold's move, though Scarlet is to move.
    assert.equal(r.mate, 1);
    const passed = THREAT.replace(' s ', ' g ');
    assert.ok(legal(passed, []).includes(r.best), r.best);
    assert.equal(status(passed, [r.best]).state, 'checkmate');
    assert.equal(r.lines.length, 2);
    // Scarlet in check: no pass.
    const checked = '12/12/12/12/12/12/12/12/k10O/12/12/12/12/12/12/11K/12/12/12/12/12/12/12/12 s 0 1';
    assert.ok(status(checked, []).check);
    await assert.rejects(
      e.analyse({ fen: checked, moves: [] }, { threat: true }),
      (err) => err.code === 'in-check' && /Scarlet is in check/.test(err.message),
    );
    // The worker goes on: a normal analysis of the same position works.
    const first = upon(() => true);
    const q = e.analyse({ fen: checked, moves: [] }, { onInfo: first.feed });
    await first.p;
    const [, r2] = await Promise.all([e.stop(), q]);
    assert.ok(legal(checked, []).includes(r2.best));
  } finally {
    e.close();
  }
});

test('review: every position in turn, with progress, ending in the answer', async () => {
  const e = client();
  try {
    const moves = randomGame(16, 7);
    const progress = [];
    const r = await e.review(
      { fen: '', moves },
      { limits: { nodes: 3000 }, onProgress: (p) => progress.push(p) },
    );
    assert.equal(r.stopped, false);
    assert.equal(r.plies, moves.length);
    assert.equal(r.entries.length, moves.length + 1);
    assert.deepEqual(
      progress.map((p) => p.done),
      r.entries.map((_, i) => i + 1),
    );
    assert.ok(progress.every((p) => p.total === moves.length + 1));
    r.entries.forEach((en, ply) => {
      assert.equal(en.ply, ply);
      assert.equal(en.side, ply % 2 ? 'scarlet' : 'gold');
      assert.equal(en.over, null);
      assert.ok(legal('', moves.slice(0, ply)).includes(en.best), `ply ${ply}: ${en.best}`);
      assert.equal(en.pvCoordinate[0], en.best);
      assert.ok(en.nodes <= 3000 && en.nodes > 0, String(en.nodes));
      assert.equal(typeof en.score, 'number');
    });
    // The worker still holds the whole game: the next search sends no move again.
    const s = await e.search({ fen: '', moves }, { depth: 2 });
    assert.ok(legal('', moves).includes(s.best));
  } finally {
    e.close();
  }
});

test('review: a game that ends in mate gets a last entry saying so', async () => {
  const e = client();
  try {
    // A mate in two (Gold): the engine's own moves to the mate.
    const fen = '4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1';
    const moves = [];
    while (!status(fen, moves).over) moves.push((await e.search({ fen, moves }, { depth: 4 })).best);
    assert.equal(status(fen, moves).state, 'checkmate');
    const r = await e.review({ fen, moves }, { limits: { depth: 4 } });
    assert.equal(r.entries.length, moves.length + 1);
    assert.equal(r.entries[0].mate, 2);
    const last = r.entries.at(-1);
    assert.deepEqual(last.over, {
      state: 'checkmate',
      reason: 'checkmate, Gold wins',
      winner: 'gold',
      result: '1-0',
    });
    assert.equal(last.best, null);
    assert.equal(last.mate, 0);
  } finally {
    e.close();
  }
});

test('review: stop answers with the positions done; a search replaces a review', async () => {
  const e = client();
  try {
    const moves = randomGame(40, 11);
    const two = upon((x) => x.done >= 2);
    const p = e.review({ fen: '', moves }, { limits: { nodes: 60000 }, onProgress: two.feed });
    await two.p;
    const [stopAns, r] = await Promise.all([e.stop(), p]);
    assert.deepEqual(stopAns, { stopped: true });
    assert.equal(r.stopped, 'stop');
    assert.ok(r.entries.length >= 2 && r.entries.length < moves.length + 1, String(r.entries.length));
    // A search while a review runs: the review resolves to null (superseded), the search answers.
    let progressAfter = 0;
    const under = upon(() => true);
    const q = e.review(
      { fen: '', moves },
      {
        limits: { nodes: 60000 },
        onProgress: (x) => {
          progressAfter++;
          under.feed(x);
        },
      },
    );
    await under.p; // the review is under way
    const s = e.search({ fen: '', moves: moves.slice(0, 10) }, { depth: 2 });
    assert.equal(await q, null);
    const before = progressAfter;
    assert.ok(legal('', moves.slice(0, 10)).includes((await s).best));
    // one more answer of the worker: whatever it sent before is in, and no progress of the
    // replaced review came (a review's progress after the client moved on is dropped)
    assert.deepEqual(await e.stop(), { stopped: false });
    assert.equal(progressAfter, before, 'no progress of a replaced review');
  } finally {
    e.close();
  }
});

test('review: errors have codes; the worker goes on', async () => {
  const e = client();
  try {
    await assert.rejects(
      e.review({ fen: '', moves: ['2c22c3'] }, {}),
      (err) => err.code === 'bad-limits' && /review needs limits/.test(err.message),
    );
    await assert.rejects(
      e.review({ fen: '', moves: ['2c22c3'] }, { limits: { nodes: -1 } }),
      (err) => err.code === 'bad-limits',
    );
    await assert.rejects(
      e.review({ fen: '', moves: ['2c22c3', '2d72d6', 'nonsense'] }, { limits: { nodes: 100 } }),
      (err) => err.code === 'bad-move' && /move 3/.test(err.message),
    );
    await assert.rejects(
      e.review({ fen: 'garbage', moves: [] }, { limits: { nodes: 100 } }),
      (err) => err.code === 'bad-position',
    );
    const r = await e.review({ fen: '', moves: ['2c22c3'] }, { limits: { nodes: 500 } });
    assert.equal(r.entries.length, 2);
  } finally {
    e.close();
  }
});

test('the module: Search.start options and statusAt check their input', () => {
  const s = new M.Search(1);
  try {
    s.setPosition('', 0, ['2c22c3', '2d72d6']);
    assert.throws(
      () => s.start({ depth: 1 }, 10, null, { ply: 3 }),
      (e) => e.code === 'bad-argument' && /ply/.test(e.message),
    );
    assert.throws(
      () => s.start({ depth: 1 }, 10, null, { multipv: 'x' }),
      (e) => e.code === 'bad-argument',
    );
    assert.throws(
      () => s.start({ depth: 1 }, 10, null, 5),
      (e) => e.code === 'bad-argument',
    );
    assert.equal(s.statusAt(0).sideToMove, 'gold');
    assert.equal(s.statusAt(1).sideToMove, 'scarlet');
    assert.equal(s.statusAt(-1).sideToMove, 'gold');
    assert.throws(
      () => s.statusAt(9),
      (e) => e.code === 'bad-argument',
    );
    // ply 1: the position after the first move.
    s.start({ depth: 2 }, 10, null, { ply: 1, multipv: 3 });
    while (!s.advance(M.SEARCH_SLICE_NODES)) {
      /* slices */
    }
    const r = s.result();
    assert.ok(legal('', ['2c22c3']).includes(r.best));
    assert.equal(r.lines.length, 3);
  } finally {
    s.delete();
  }
});
