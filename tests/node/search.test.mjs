// The search through the facade: legal best move, progress messages, limits, stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, START } from './helpers.mjs';

const M = await loadEngine();

test('a depth-limited search returns a legal move and progress', () => {
  const g = new M.Game(START, ['W2c3', 'W2d6']);
  const fen = g.fen();
  const infos = [];
  const r = g.search({ depth: 3 }, 10, (i) => infos.push(i));
  assert.ok(g.legalMoves().includes(r.best));
  assert.equal(g.fen(), fen, 'the search leaves the game alone');
  assert.equal(r.depth, 3);
  assert.equal(r.complete, true);
  assert.equal(r.pvCoordinate[0], r.best);
  assert.equal(r.pv[0], r.bestAlgebraic);
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3]);
  for (const i of infos) {
    assert.equal(typeof i.score, 'number');
    assert.ok(i.nodes > 0 && i.nps >= 0 && i.time >= 0);
    assert.ok(Array.isArray(i.pv) && i.pv.length > 0 && typeof i.pv[0] === 'string');
    assert.equal(i.mate, null);
  }
  g.delete();
});

test('nodes and movetime limits; stop from the progress callback', () => {
  const g = new M.Game();
  const r = g.search({ nodes: 5000 });
  assert.ok(r.nodes <= 5100, String(r.nodes));
  assert.equal(r.complete, false);
  assert.ok(g.legalMoves().includes(r.best));
  const t0 = Date.now();
  const r2 = g.search({ movetime: 200 });
  assert.ok(Date.now() - t0 < 600);
  assert.ok(g.legalMoves().includes(r2.best));
  let n = 0;
  const r3 = g.search({ infinite: true }, undefined, (i) => { if (++n === 2) g.stop(); });
  assert.equal(r3.depth, 2);
  assert.ok(g.legalMoves().includes(r3.best));
  g.delete();
});

test('levels', () => {
  const g = new M.Game();
  for (let lv = 1; lv <= 10; lv++) {
    const info = M.levelInfo(lv);
    assert.ok(info.maxDepth >= 1);
  }
  g.setLevel(1);
  assert.equal(g.level(), 1);
  const r = g.search({});
  assert.equal(r.complete, true);
  assert.ok(g.legalMoves().includes(r.best));
  g.setLevel(10);
  g.delete();
});

test('finds a mate in one', () => {
  // Play random games until a position with a mating move appears, then search it.
  const g = new M.Game();
  let found = false;
  for (let seed = 1; seed < 60 && !found; seed++) {
    g.newGame();
    let x = seed;
    for (let p = 0; p < 400 && !g.status().over; p++) {
      const ms = g.legalMovesDetailed();
      const mate = ms.find((m) => m.algebraic.endsWith('#'));
      if (mate) {
        const r = g.search({ depth: 3 });
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
  g.delete();
});
