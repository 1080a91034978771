// The search service of the facade (M.Search): the position record with its common
// prefix, and core's resumable search (start / advance / result / progress / stop).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, START } from './helpers.mjs';

const M = await loadEngine();
const legal = (fen, moves) => {
  const g = new M.Game(fen, moves);
  const l = g.legalMoves();
  g.delete();
  return l;
};
const run = (s, onInfo) => {
  let slices = 0;
  while (!s.advance(M.SEARCH_SLICE_NODES, onInfo)) slices++;
  return slices + 1;
};

test('the position record keeps the common prefix; errors forget it', () => {
  const s = new M.Search(1);
  assert.deepEqual(s.setPosition('', 0, ['W2c3', 'W2d6']), { reset: true, kept: 0, added: 2 });
  assert.deepEqual(s.setPosition('', 2, ['W2c4']), { reset: false, kept: 2, added: 1 });
  assert.deepEqual(s.setPosition('', 1, ['2e72e6']), { reset: false, kept: 1, added: 1 });
  s.start({ depth: 1 }, 10);
  run(s);
  assert.ok(legal('', ['W2c3', '2e72e6']).includes(s.result().best));
  assert.throws(() => s.setPosition('', 5, []), { code: 'out-of-sync' });
  assert.throws(() => s.setPosition('', 1, []), { code: 'out-of-sync' }, 'the record was forgotten');
  assert.throws(() => s.start({ depth: 1 }, 10), { code: 'no-position' });
  assert.throws(() => s.setPosition('', 0, ['W2c3', 'W2c4']), { code: 'bad-move', message: /^move 2: / });
  assert.throws(() => s.setPosition('x', 0, []), { code: 'bad-position' });
  assert.throws(() => s.setPosition('', 0, 'W2c3'), { code: 'bad-argument' });
  assert.throws(() => s.setPosition('', 1.5, []), { code: 'bad-argument' });
  s.setPosition('', 0, ['W2c3']);
  assert.throws(
    () => s.setPosition(START, 1, []),
    { code: 'out-of-sync' },
    'the start position is compared as sent',
  );
  s.delete();
});

test('a depth-limited search: progress per depth, the result, the record untouched', () => {
  const s = new M.Search(16);
  s.setPosition(START, 0, ['W2c3', 'W2d6']);
  s.start({ depth: 3 }, 10);
  const infos = [];
  run(s, (i) => infos.push(i));
  const r = s.result();
  assert.ok(legal(START, ['W2c3', 'W2d6']).includes(r.best));
  assert.equal(r.depth, 3);
  assert.equal(r.pvCoordinate[0], r.best);
  assert.equal(r.pv[0], r.bestAlgebraic);
  assert.deepEqual(
    infos.map((i) => i.depth),
    [1, 2, 3],
  );
  for (const i of infos) {
    assert.equal(typeof i.score, 'number');
    assert.ok(i.nodes > 0 && i.nps >= 0 && i.time >= 0);
    assert.ok(Array.isArray(i.pv) && i.pv.length > 0 && typeof i.pv[0] === 'string');
    assert.equal(i.mate, null);
  }
  const pr = s.progress();
  assert.equal(pr.done, true);
  assert.equal(pr.nodes, r.nodes);
  // The record is still there: a second search needs no position.
  assert.deepEqual(s.setPosition(START, 2, []), { reset: false, kept: 2, added: 0 });
  s.delete();
});

test("nodes and movetime limits are core's; stop ends a search with a move", () => {
  const s = new M.Search(16);
  s.setPosition('', 0, []);
  s.start({ nodes: 5000 }, 10);
  run(s);
  const r = s.result();
  assert.ok(r.nodes <= 5000 + 200, String(r.nodes));
  assert.ok(legal('', []).includes(r.best));
  // A movetime search ends by core's clock: this thread's CPU time is bounded by it (the
  // search runs here, so its CPU time is at most the time it ran, whatever the load).
  const cpu0 = process.cpuUsage();
  s.start({ movetime: 200 }, 10);
  run(s);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  assert.ok(cpuMs < 800, `${cpuMs.toFixed(0)} ms of CPU for a 200 ms search`);
  assert.ok(legal('', []).includes(s.result().best));
  // An infinite search is done only after stop(); a stop before any slice still has a move.
  s.start({ infinite: true }, 10);
  assert.equal(s.done(), false);
  s.stop();
  assert.equal(s.done(), true);
  assert.ok(legal('', []).includes(s.result().best));
  s.start({ infinite: true }, 10);
  for (let i = 0; i < 3; i++) assert.equal(s.advance(M.SEARCH_SLICE_NODES), false);
  s.stop();
  assert.ok(legal('', []).includes(s.result().best));
  s.delete();
});

test("levels: null limits are the level's own; the same seed gives the same move", () => {
  const s = new M.Search(16);
  const moves = ['W2c3', 'W2d6', 'W2e3'];
  for (const level of [1, 4]) {
    const cap = M.LEVELS[level - 1].maxNodes;
    // null limits: the level's own; its node cap holds (its thinking time may end the
    // search sooner on a busy machine, so the move itself is compared below)
    s.setPosition('', 0, moves);
    s.start(null, level, 1234);
    run(s);
    assert.ok(s.result().nodes <= cap + M.SEARCH_SLICE_NODES, `level ${level}: ${s.result().nodes} nodes`);
    // the same seed gives the same move: the level's node budget as the only limit (no
    // clock in it: the same on any machine, under any load)
    const best = [];
    for (let k = 0; k < 2; k++) {
      s.setPosition('', 0, moves); // keep 0: a fresh table, as a new game
      s.start({ nodes: cap }, level, 1234);
      run(s);
      best.push(s.result());
    }
    assert.equal(best[0].best, best[1].best, `level ${level}`);
    assert.equal(best[0].nodes, best[1].nodes, `level ${level}`);
  }
  s.delete();
});

test('bad input to start throws a coded Error and starts nothing', () => {
  const s = new M.Search(1);
  s.setPosition('', 0, []);
  const bad = [
    [() => s.start({ depth: -1 }, 10), 'bad-limits', /search limit 'depth'/],
    [() => s.start({ nodes: 'many' }, 10), 'bad-limits', /search limit 'nodes' must be a number/],
    [() => s.start({ movetime: 1.5 }, 10), 'bad-limits', /search limit 'movetime'/],
    [() => s.start([], 10), 'bad-limits', /must be an object/],
    [() => s.start({ depth: 1 }, 11), 'bad-level', /level must be/],
    [() => s.start({ depth: 1 }, 0), 'bad-level', /level must be/],
    [() => s.start({ depth: 1 }, '5'), 'bad-level', /level must be/],
    [() => s.start({ depth: 1 }, 5, 1.5), 'bad-argument', /seed/],
    [() => s.advance(100, 'not a function'), 'bad-argument', /callback must be a function/],
    [() => s.setHash(0), 'bad-argument', /hash size/],
  ];
  for (const [fn, code, re] of bad)
    assert.throws(fn, (e) => e instanceof Error && e.code === code && re.test(e.message), String(fn));
  assert.equal(s.result(), null, 'nothing was started');
  s.delete();
});

test('finds a mate in one', () => {
  // Play random games until a position with a mating move appears, then search it.
  const g = new M.Game();
  const s = new M.Search(16);
  let found = false;
  for (let seed = 1; seed < 60 && !found; seed++) {
    g.newGame();
    let x = seed;
    for (let p = 0; p < 400 && !g.status().over; p++) {
      const ms = g.legalMovesDetailed();
      const mate = ms.find((m) => m.algebraic.endsWith('#'));
      if (mate) {
        const h = g.history();
        s.setPosition('', 0, h.coordinate);
        s.start({ depth: 3 }, 10);
        run(s);
        const r = s.result();
        assert.equal(r.mate, 1, g.fen());
        assert.ok(g.play(r.best).algebraic.endsWith('#'));
        assert.equal(g.status().state, 'checkmate');
        found = true;
        break;
      }
      const caps = ms.filter((m) => m.kind !== 'move');
      x = (x * 1103515245 + 12345) % 2147483648;
      const pool = caps.length && x % 2 ? caps : ms;
      g.play(pool[x % pool.length].coordinate);
    }
  }
  assert.ok(found, 'some random game offered a mate in one');
  s.delete();
  g.delete();
});
