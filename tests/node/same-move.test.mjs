// A level plays the same move natively and in the browser (issue 10): for several
// positions and levels 1-9, with a fixed seed and a node limit, the wasm search driven by
// the worker (engine-worker-core.js through the client, as on the page) and the native
// command-line engine answer the same best move. Both start from fresh tables (a new
// native process per case; a new position record, keep 0, in the worker).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { EngineClient } from '../../web/engine/engine-client.js';
import { ShimWorker, STILL_CLOCK } from './worker-shim.mjs';
import { loadEngine, nativeBinary, START } from './helpers.mjs';

const M = await loadEngine();
const NODES = 6000;

// Varied positions: the start, openings, a middle game, and the crowded late-game
// position of issue 10 (captures chaining across levels).
const LATE =
  '1G10/sh10/1s3h6/1SsS2s5/3s1g1s4/9HrS/S5SKS3/12/3o2k3u1/www3t2P2/2Uwo1wwwwww/5w2MG2/m1W1w1W2Wt1/WW1uWW1W1UWW/3W4W2g/O2T4T2O/7e4/2b3c2d1b/Dd3H1d3d/2d2d1D4/3D8/2B4D1p1E/9DD1/5C4B1 g 14 142';
function positions() {
  const out = [START, LATE];
  const g = new M.Game();
  // Deterministic play from the start: the first legal move of a rotating index.
  for (let ply = 0; ply < 40; ply++) {
    const ms = g.legalMoves().sort();
    g.play(ms[(ply * 7919) % ms.length]);
    if (ply === 9 || ply === 25 || ply === 39) out.push(g.fen());
  }
  g.delete();
  return out;
}

// One native engine process per case; waits for 'bestmove' before quitting. A process that
// ends without one fails the case; one that never answers, the test runner's time limit.
function nativeBest(fen, level, seed) {
  return new Promise((resolve, reject) => {
    const p = spawn(nativeBinary(), [], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
      const m = /^bestmove (\S+)/m.exec(out);
      if (m) {
        p.stdin.end('quit\n');
        resolve(m[1]);
      } else if (/^error/m.test(out)) {
        p.kill();
        reject(new Error(out));
      }
    });
    p.on('close', (code) => reject(new Error(`native engine ended (${code}) without a best move: ${out}`)));
    p.on('error', reject);
    p.stdin.write(
      `setoption name Seed value ${seed}\nsetoption name Level value ${level}\nposition fen ${fen}\ngo nodes ${NODES}\n`,
    );
  });
}

function nativeHasSeed() {
  const bin = nativeBinary();
  if (!bin) return false;
  const r = spawnSync(bin, [], { input: 'setoption name Seed value 1\nquit\n', encoding: 'utf8' });
  return r.status === 0 && !/error/.test(r.stdout);
}

const skip = !nativeBinary()
  ? 'native CLI not built'
  : !nativeHasSeed()
    ? "the native CLI has no 'setoption name Seed' (merge cli-ready)"
    : false;

test('levels 1-9 play the same move natively and through the worker', { skip, timeout: 600000 }, async () => {
  const engine = new EngineClient({ createWorker: () => new ShimWorker(), now: STILL_CLOCK });
  try {
    await engine.ready();
    const mismatches = [];
    let cases = 0;
    for (const [i, fen] of positions().entries()) {
      for (let level = 1; level <= 9; level++) {
        const seed = 1000 + 17 * i + level;
        const r = await engine.search({ fen, moves: [] }, { nodes: NODES }, { level, seed });
        const native = await nativeBest(fen, level, seed);
        cases++;
        if (r.best !== native)
          mismatches.push(`position ${i} level ${level} seed ${seed}: wasm ${r.best}, native ${native}`);
      }
    }
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${cases} cases differ`);
  } finally {
    engine.close();
  }
});
