// Benchmark (not a test): how fast the worker answers a stop, from the very first node.
// Through the client and the worker core on a worker_threads shim (as on the page), an
// analysis is started on each position and stopped after 0..400 ms; the time from
// stop() to the search's answer is recorded. Prints median, p90 and worst.
// Usage: node tests/node/bench-worker-stop.mjs [rounds=4]    (scripts/bench-wasm runs it)
import { EngineClient } from '../../web/engine/engine-client.js';
import { ShimWorker } from './worker-shim.mjs';
import { START } from './helpers.mjs';

const rounds = Number(process.argv[2] || 4);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The start, an opening, and the crowded late-game position of issue 10.
const positions = [
  { fen: START, moves: [] },
  { fen: START, moves: ['2f22f3', '2f72f6', '3g13h2', '3g83h7', '2e22e3', '1d71d6'] },
  {
    fen: '1G10/sh10/1s3h6/1SsS2s5/3s1g1s4/9HrS/S5SKS3/12/3o2k3u1/www3t2P2/2Uwo1wwwwww/5w2MG2/m1W1w1W2Wt1/WW1uWW1W1UWW/3W4W2g/O2T4T2O/7e4/2b3c2d1b/Dd3H1d3d/2d2d1D4/3D8/2B4D1p1E/9DD1/5C4B1 g 14 142',
    moves: [],
  },
];
const waits = [0, 1, 5, 20, 100, 400];

const engine = new EngineClient({ createWorker: () => new ShimWorker(), pingTimeoutMs: 60000 });
const info = await engine.ready();
const lat = [];
for (let r = 0; r < rounds; r++) {
  for (const pos of positions) {
    for (const wait of waits) {
      const p = engine.analyse(pos);
      if (wait) await sleep(wait);
      const t0 = performance.now();
      const [, res] = await Promise.all([engine.stop(), p]);
      lat.push(performance.now() - t0);
      if (!res || !res.best) throw new Error('a stop answered without a move');
    }
  }
}
engine.close();
lat.sort((a, b) => a - b);
const q = (f) => lat[Math.min(lat.length - 1, Math.floor(f * lat.length))];
console.log(
  `worker stop -> answer: median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, worst ${lat.at(-1).toFixed(1)} ms ` +
    `over ${lat.length} stops (after 0-400 ms, 3 positions; slices of ${info.sliceNodes} nodes)`,
);
