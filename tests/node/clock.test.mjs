// The computer on its clock in the browser's engine: the worker takes a clock for a
// search ({time, inc, movestogo, overhead}) and core's time manager sets its limits, the
// same as the native engine's (`go wtime ...`); below level 10 never longer than the
// level's own limits. The page's clock questions to core: time controls, flags, limits.
// No wall-clock assertions: the limits are compared, not the time taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient, EngineError } from '../../web/engine/engine-client.js';
import { ShimWorker, STILL_CLOCK } from './worker-shim.mjs';
import { loadEngine, nativeBinary, rejectsWith, runNative, START } from './helpers.mjs';

const M = await loadEngine();
const client = () => new EngineClient({ createWorker: () => new ShimWorker(), now: STILL_CLOCK });
const legal = (moves) => {
  const g = new M.Game('', moves);
  const l = g.legalMoves();
  g.delete();
  return l;
};

test("time controls, flags and the time manager are core's, read through the module", () => {
  assert.deepEqual(M.parseTimeControl('10+0.1'), { base: 10000, inc: 100, moves: 0, text: '10+0.1' });
  assert.deepEqual(M.parseTimeControl('40/60'), { base: 60000, inc: 0, moves: 40, text: '40/60' });
  for (const bad of ['', '10+', 'ten', '0', '1e3', '5+0.0001']) {
    assert.throws(
      () => M.parseTimeControl(bad),
      (e) => e.code === 'bad-clock' && /^time control '/.test(e.message),
      bad,
    );
  }
  assert.throws(
    () => M.parseTimeControl(10),
    (e) => e.code === 'bad-argument',
  );
  // A flag: a loss, or a draw when the other side has only its King.
  assert.deepEqual(M.flagOutcome('', 'gold'), {
    draw: false,
    winner: 'scarlet',
    result: '0-1',
    reason: "Gold's time is up, Scarlet wins",
  });
  const kingOnly = '9k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1';
  const f = M.flagOutcome(kingOnly, 'gold');
  assert.equal(f.draw, true);
  assert.equal(f.winner, null);
  assert.equal(f.result, '1/2-1/2');
  assert.equal(M.flagOutcome(kingOnly, 'scarlet').winner, 'gold');
  assert.throws(
    () => M.flagOutcome('', 'blue'),
    (e) => e.code === 'bad-argument',
  );
  assert.throws(
    () => M.flagOutcome('garbage', 'gold'),
    (e) => e.code === 'bad-position',
  );
  // The limits: soft within hard, both at least 1 ms, and panic with little time left.
  assert.equal(M.DEFAULT_MOVE_OVERHEAD, 30);
  const b = M.timeBudget({ time: 10000, inc: 100 });
  assert.ok(b.soft >= 1 && b.soft <= b.hard && b.hard < 10000 - 30, JSON.stringify(b));
  assert.equal(b.panic, false);
  assert.equal(M.timeBudget({ time: 100, inc: 10 }).panic, true);
  assert.throws(
    () => M.timeBudget({ time: 1000, overhead: 6000 }),
    (e) => e.code === 'bad-clock',
  );
  assert.throws(
    () => M.timeBudget({ inc: 10 }),
    (e) => e.code === 'bad-clock',
  );
});

test(
  "the native engine and the browser's engine take the same limits from the same clock",
  { skip: !nativeBinary() },
  () => {
    const lines = runNative([
      'position startpos moves 2c22c3',
      'go btime 7000 wtime 500 binc 300 winc 0 movestogo 12 depth 1',
    ]);
    const said = lines.find((l) => l.startsWith('info string clock '));
    const b = M.timeBudget({ time: 7000, inc: 300, movestogo: 12, ply: 1 });
    assert.equal(said, `info string clock soft ${b.soft} hard ${b.hard}${b.panic ? ' panic' : ''}`);
  },
);

test("a search on the clock: core's limits at the top level, the level's own below it", async () => {
  const e = client();
  try {
    await e.ready();
    const moves = ['2c22c3', '2c72c6', '2d22d3'];
    // The top level: the time manager's limits for Scarlet's second move (ply 3).
    let r = await e.search({ fen: '', moves }, null, { level: 10, clock: { time: 3000, inc: 20 } });
    assert.deepEqual(r.clock, M.timeBudget({ time: 3000, inc: 20, ply: 3 }));
    assert.ok(legal(moves).includes(r.best));
    assert.equal(r.stopped, false);
    // Level 3 on a long clock: its own thinking time, half of it for a new iteration, and
    // its node budget (it ends on the budget, long before the time).
    const level3 = M.LEVELS[2];
    r = await e.search({ fen: '', moves }, null, { level: 3, seed: 5, clock: { time: 600000, inc: 5000 } });
    assert.equal(r.clock.hard, level3.movetime);
    assert.equal(r.clock.soft, level3.movetime / 2);
    assert.ok(r.nodes <= level3.maxNodes + M.SEARCH_SLICE_NODES, String(r.nodes));
    assert.ok(legal(moves).includes(r.best));
    // Little time left: panic, and still a legal move.
    r = await e.search({ fen: START, moves: [] }, null, { clock: { time: 45, inc: 10, overhead: 30 } });
    assert.equal(r.clock.panic, true);
    assert.equal(r.clock.hard, 1);
    assert.ok(legal([]).includes(r.best));
    // An overhead of the page's own moves the limits.
    r = await e.search({ fen: '', moves }, null, { clock: { time: 3000, inc: 20, overhead: 400 } });
    assert.deepEqual(r.clock, M.timeBudget({ time: 3000, inc: 20, ply: 3, overhead: 400 }));
  } finally {
    e.close();
  }
});

test('bad clocks are refused with a stable code, and limits do not go with a clock', async () => {
  const e = client();
  try {
    await e.ready();
    const rejects = (p, code, re) =>
      rejectsWith(
        p.catch((err) => {
          assert.ok(err instanceof EngineError, String(err));
          throw err;
        }),
        code,
        re,
      );
    const pos = { fen: '', moves: [] };
    await rejects(
      e.search(pos, null, { clock: { time: -1 } }),
      'bad-clock',
      /time left must be a whole number/,
    );
    await rejects(e.search(pos, null, { clock: { time: 1.5 } }), 'bad-clock', /time left/);
    await rejects(e.search(pos, null, { clock: { time: '1000' } }), 'bad-clock', /'s time must be a number/);
    await rejects(e.search(pos, null, { clock: { inc: 100 } }), 'bad-clock', /needs 'time'/);
    await rejects(e.search(pos, null, { clock: 1000 }), 'bad-clock', /must be an object/);
    await rejects(e.search(pos, null, { clock: { time: 1000, inc: -5 } }), 'bad-clock', /increment/);
    await rejects(e.search(pos, null, { clock: { time: 1000, movestogo: 1001 } }), 'bad-clock', /movestogo/);
    await rejects(e.search(pos, null, { clock: { time: 1000, overhead: 5001 } }), 'bad-clock', /overhead/);
    await rejects(e.search(pos, null, { level: 0, clock: { time: 1000 } }), 'bad-level', /level must be/);
    await rejects(
      e.search(pos, { movetime: 100 }, { clock: { time: 1000 } }),
      'bad-limits',
      /takes no limits/,
    );
    const bare = '12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/11k g 0 1';
    await rejects(
      e.search({ fen: bare, moves: [] }, null, { clock: { time: 1000 } }),
      'game-over',
      /the game is over/,
    );
    // After the errors the engine still plays on its clock.
    const r = await e.search(pos, null, { clock: { time: 2000 } });
    assert.ok(legal([]).includes(r.best));
  } finally {
    e.close();
  }
});
