// The worker protocol (version 2) and the page-side client, in Node through a
// worker_threads shim: a search service that keeps the common prefix of the positions it
// is sent, stop and replacement, restarts, one error convention.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient, EngineError } from '../../web/engine/engine-client.js';
import { ShimWorker, STILL_CLOCK } from './worker-shim.mjs';
import { loadEngine, START } from './helpers.mjs';

const M = await loadEngine();
// A search's first progress report: the worker is searching.
const reporting = () => {
  let seen;
  const first = new Promise((r) => {
    seen = r;
  });
  return { first, onInfo: () => seen() };
};

// A client over a shim worker that records every message the client sends. Its watchdog's
// clock stands still unless a test moves it: a busy machine never makes a restart.
function client(opts = {}) {
  const sent = [];
  const hooks = { onSent: null }; // a test's listener to what the client sends
  const e = new EngineClient({
    now: STILL_CLOCK,
    createWorker: () => {
      const w = new ShimWorker();
      const post = w.postMessage.bind(w);
      w.postMessage = (m) => {
        sent.push(m);
        if (hooks.onSent) hooks.onSent(m);
        post(m);
      };
      return w;
    },
    ...opts,
  });
  e.sentMessages = sent;
  e.hooks = hooks;
  return e;
}
const lastPosition = (e) => e.sentMessages.filter((m) => m.position).at(-1).position;
const legal = (fen, moves) => {
  const g = new M.Game(fen, moves);
  const l = g.legalMoves();
  g.delete();
  return l;
};

test('ready; a search reports progress and returns a legal move', async () => {
  const e = client();
  try {
    const info = await e.ready();
    assert.equal(info.protocol, 2);
    assert.equal(info.sliceNodes, M.SEARCH_SLICE_NODES);
    const infos = [];
    const r = await e.search(
      { fen: '', moves: ['W2c3', 'W2d6'] },
      { depth: 4 },
      { level: 10, onInfo: (i) => infos.push(i) },
    );
    assert.equal(r.depth, 4);
    assert.equal(r.stopped, false);
    assert.deepEqual(
      infos.map((i) => i.depth),
      [1, 2, 3, 4],
    );
    assert.ok(infos.every((i) => i.pv.length > 0 && i.nodes > 0));
    assert.ok(legal('', ['W2c3', 'W2d6']).includes(r.best));
    assert.equal(r.pvCoordinate[0], r.best);
    // The limits reach core: a node budget is kept to the slice (core's time control is
    // tested in CPU time, tests/node/search.test.mjs); a movetime search ends by itself.
    const r2 = await e.search({ fen: START, moves: [] }, { nodes: 20000 });
    assert.ok(r2.nodes > 0 && r2.nodes <= 20000 + M.SEARCH_SLICE_NODES, String(r2.nodes));
    assert.ok(legal('', []).includes(r2.best));
    const r3 = await e.search({ fen: START, moves: [] }, { movetime: 300 });
    assert.equal(r3.stopped, false);
    assert.ok(legal('', []).includes(r3.best));
  } finally {
    e.close();
  }
});

test('only the moves added since the last request are sent; a differing history resets', async () => {
  const e = client();
  try {
    const game = ['2c22c3', '2d72d6', '2c32c4', '2e72e6'];
    await e.search({ fen: '', moves: game.slice(0, 2) }, { depth: 1 });
    assert.deepEqual(lastPosition(e), { fen: '', keep: 0, moves: game.slice(0, 2) });
    await e.search({ fen: '', moves: game }, { depth: 1 });
    assert.deepEqual(lastPosition(e), { fen: '', keep: 2, moves: game.slice(2) });
    // Undo two plies, play another: the common prefix is kept.
    const other = [...game.slice(0, 2), '2b22b3'];
    const r = await e.search({ fen: '', moves: other }, { depth: 2 });
    assert.deepEqual(lastPosition(e), { fen: '', keep: 2, moves: ['2b22b3'] });
    assert.ok(legal('', other).includes(r.best), 'the worker searched the position the page holds');
    // Another start position: everything again.
    await e.search({ fen: START, moves: ['2c22c3'] }, { depth: 1 });
    assert.deepEqual(lastPosition(e), { fen: START, keep: 0, moves: ['2c22c3'] });
  } finally {
    e.close();
  }
});

test('a failed position is all or nothing; the next request sends the whole position', async () => {
  const e = client();
  try {
    await e.search({ fen: '', moves: ['2c22c3'] }, { depth: 1 });
    await assert.rejects(
      e.search({ fen: '', moves: ['2c22c3', '2d72d5'] }, { depth: 1 }),
      (err) =>
        err instanceof EngineError && err.code === 'bad-move' && /move 2: illegal move/.test(err.message),
    );
    const r = await e.search({ fen: '', moves: ['2c22c3', '2d72d6'] }, { depth: 2 });
    assert.deepEqual(lastPosition(e), { fen: '', keep: 0, moves: ['2c22c3', '2d72d6'] });
    assert.ok(legal('', ['2c22c3', '2d72d6']).includes(r.best));
    // Pipelined: the second request is relative to the first, which fails; the worker
    // answers 'out-of-sync' and the client sends the whole position again by itself.
    const bad = e.search({ fen: '', moves: ['2c22c3', '2d72d6', 'nonsense'] }, { depth: 1 });
    const good = e.search({ fen: '', moves: ['2c22c3', '2d72d6', '2c32c4'] }, { depth: 2 });
    assert.equal(await bad, null, 'superseded by the second search');
    const g = await good;
    assert.ok(legal('', ['2c22c3', '2d72d6', '2c32c4']).includes(g.best));
    assert.deepEqual(lastPosition(e), { fen: '', keep: 0, moves: ['2c22c3', '2d72d6', '2c32c4'] });
  } finally {
    e.close();
  }
});

// The worker answers a stop between two slices: an infinite analysis ends only by it, so a
// stop that is not honoured leaves the test hanging to its time limit (how fast a stop is
// answered is a benchmark: docs/figures.md, scripts/bench-stop).
test('stop answers with the best move so far', async () => {
  const e = client();
  try {
    const pos = { fen: START, moves: ['W2c3', 'W2d6'] };
    const lm = legal(START, pos.moves);
    // stopped before its first slice, after its first report, and once it reached depth 3
    for (const reached of [0, 1, 3]) {
      let depth = 0,
        seen;
      const deep = new Promise((resolve) => {
        seen = resolve;
      });
      const p = e.analyse(pos, {
        onInfo: (i) => {
          depth = i.depth;
          if (depth >= reached) seen();
        },
      });
      if (reached) await deep;
      const [stopAns, r] = await Promise.all([e.stop(), p]);
      assert.equal(stopAns.stopped, true);
      assert.equal(r.stopped, 'stop');
      assert.ok(lm.includes(r.best));
      if (reached) assert.ok(r.depth >= reached && depth >= r.depth, `depth ${r.depth} after ${depth}`);
    }
    // A discarding stop: the search resolves to null at once.
    const rep = reporting();
    const p = e.analyse(pos, { onInfo: rep.onInfo });
    await rep.first;
    const [ans, r] = await Promise.all([e.stop({ discard: true }), p]);
    assert.equal(ans.stopped, true);
    assert.equal(r, null);
    assert.deepEqual(await e.stop(), { stopped: false }, 'a stop when idle is a no-op');
  } finally {
    e.close();
  }
});

test('a replaced search resolves to null and its progress stops', async () => {
  const e = client();
  try {
    const infosOld = [];
    let reported;
    const first = new Promise((resolve) => {
      reported = resolve;
    });
    const p1 = e.search(
      { fen: '', moves: [] },
      { movetime: 3000 },
      {
        onInfo: (i) => {
          infosOld.push(i);
          reported();
        },
      },
    );
    await first; // the old search is under way
    const p2 = e.search({ fen: '', moves: ['2c22c3'] }, { depth: 3 });
    assert.equal(await p1, null, 'replaced search');
    const n = infosOld.length;
    const r2 = await p2;
    assert.equal(r2.depth, 3);
    assert.ok(legal('', ['2c22c3']).includes(r2.best));
    assert.equal(infosOld.length, n, 'no progress of the replaced search after it was replaced');
  } finally {
    e.close();
  }
});

test('a stale answer is dropped even when the worker answers late', async () => {
  const e = client();
  try {
    await e.ready();
    const rep = reporting();
    const p = e.search({ fen: '', moves: [] }, { movetime: 5000 }, { onInfo: rep.onInfo });
    await rep.first; // the worker is working on it
    const oldId = [...e.pending.keys()].find((id) => e.pending.get(id).type === 'search');
    const p2 = e.search({ fen: '', moves: ['2c22c3'] }, { depth: 2 });
    assert.equal(await p, null);
    // Forge a late answer for the old id: nobody is waiting, it must be ignored.
    e._receive({ v: 2, id: oldId, type: 'result', ok: true, value: { best: '2c22c3' } });
    const r = await p2;
    assert.ok(legal('', ['2c22c3']).includes(r.best));
  } finally {
    e.close();
  }
});

test('the client restarts a crashed worker; the next search sends the whole position', async () => {
  let restarted = null;
  const e = client({
    onRestart: (why) => {
      restarted = why;
    },
  });
  try {
    const moves = ['W2c3', 'W2d6', 'W2c4'];
    await e.search({ fen: '', moves }, { depth: 1 });
    const rep = reporting();
    const p = e.search({ fen: '', moves }, { movetime: 3000 }, { onInfo: rep.onInfo });
    await rep.first;
    e.worker.postMessage({ type: 'crash' }); // test-only request of worker-entry.mjs
    assert.equal(await p, null, 'the search of the dead worker resolves to null');
    assert.match(restarted, /error|exited/);
    await e.ready();
    const r = await e.search({ fen: '', moves }, { depth: 2 });
    assert.deepEqual(lastPosition(e), { fen: '', keep: 0, moves });
    assert.ok(legal('', moves).includes(r.best));
    assert.equal(e.restarts, 1);
  } finally {
    e.close();
  }
});

test('the client restarts a hung worker (no answer to ping)', async () => {
  // The watchdog's clock is the test's: it moves only when the test moves it, so a slow
  // engine load or a slow answer on a busy machine is never taken for a hang.
  const clock = { ms: 1 };
  const e = client({ pingIntervalMs: 20, now: () => clock.ms });
  try {
    await e.ready();
    const p = e.search({ fen: '', moves: ['2c22c3'] }, { movetime: 2000 });
    const pinged = new Promise((r) => {
      e.hooks.onSent = (m) => {
        if (m.type === 'ping') r();
      };
    });
    e.worker.postMessage({ type: 'hang' }); // test-only: the worker never answers again
    await pinged; // the watchdog asked; no answer will come
    clock.ms += e.pingTimeoutMs + 1; // ... and its patience runs out
    assert.equal(await p, null, 'resolved only by the restart: the hung worker answers nothing');
    const r = await e.search({ fen: '', moves: ['2c22c3'] }, { depth: 2 });
    assert.ok(legal('', ['2c22c3']).includes(r.best));
    assert.equal(e.restarts, 1);
  } finally {
    e.close();
  }
});

test('errors: an EngineError with a stable code and the message', async () => {
  const e = client();
  try {
    await e.ready();
    const rejects = (p, code, re) =>
      assert.rejects(p, (err) => {
        assert.ok(err instanceof EngineError, String(err));
        assert.equal(err.code, code);
        assert.match(err.message, re);
        return true;
      });
    await rejects(e._send('frobnicate'), 'unknown-request', /unknown request type 'frobnicate'/);
    await rejects(e._send('search', {}), 'bad-request', /position/);
    await rejects(e.search({ fen: '', moves: [] }, { depth: -2 }), 'bad-limits', /search limit 'depth'/);
    await rejects(
      e.search({ fen: '', moves: [] }, { nodes: 'many' }),
      'bad-limits',
      /'nodes' must be a number/,
    );
    await rejects(e.search({ fen: '', moves: [] }, null, { level: 42 }), 'bad-level', /level must be/);
    await rejects(e.search({ fen: '', moves: [] }, null, { seed: -1 }), 'bad-argument', /seed/);
    await rejects(e.search({ fen: 'garbage', moves: [] }), 'bad-position', /position string/);
    await rejects(e.search({ fen: '', moves: 'W2c3' }), 'bad-argument', /moves must be an array/);
    await rejects(e.search(null), 'bad-argument', /position/);
    const bare = '12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/11k g 0 1';
    await rejects(e.search({ fen: bare, moves: [] }), 'game-over', /the game is over/);
    // A raw message of another protocol version.
    const raw = await new Promise((resolve) => {
      const w = new ShimWorker();
      w.onmessage = ({ data }) => {
        resolve(data);
        w.terminate();
      };
      w.postMessage({ v: 1, id: 7, type: 'search' });
    });
    assert.deepEqual(raw.error.code, 'protocol-version');
    assert.equal(raw.id, 7);
    e.close();
    await rejects(e.stop(), 'closed', /closed/);
  } finally {
    e.close();
  }
});
