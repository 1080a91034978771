// How long a review of the 60-ply game of analysis.test.mjs takes in the browser at the
// page's settings (REVIEW_LIMITS per position), RUNS times in fresh pages; prints each and
// the median (not a test: a figure of docs/figures.md).   node tests/browser/bench-review.mjs [runs]
import { startServer, launch, openGame } from './helpers.mjs';
import { GAME60 } from './analysis-game.mjs';

const runs = Number(process.argv[2] || 3);
const server = await startServer();
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const b = await launch({ width: 1280, height: 720 });
    await openGame(b.page, server.url + '#moves=' + GAME60.join('.'));
    await b.page.waitForFunction(() => window.__dc.state().length === 60);
    const r = await b.page.evaluate(async () => {
      const a = window.__dc.analysis;
      a.startReview();
      while (a.review.state.status === 'running') await new Promise((res) => setTimeout(res, 50));
      const st = a.review.state;
      return {
        ms: st.ms,
        status: st.status,
        nodes: st.entries.reduce((n, e) => n + e.nodes, 0),
        depths: st.entries.map((e) => e.depth),
      };
    });
    const d = [...r.depths].sort((x, y) => x - y);
    console.log(
      `run ${i + 1}: ${r.ms} ms, ${r.status}, ${r.nodes} nodes, ${Math.round(r.nodes / r.ms)}k nodes/s, depth median ${d[d.length >> 1]} (min ${d[0]}, max ${d[d.length - 1]})`,
    );
    times.push(r.ms);
    await b.close();
  }
} finally {
  await server.close();
}
times.sort((a, b) => a - b);
console.log(`median of ${runs}: ${times[times.length >> 1]} ms`);
