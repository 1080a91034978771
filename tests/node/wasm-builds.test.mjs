// The two wasm builds (plain and SIMD, web/engine/engine-loader.js chooses at run time):
// the feature probe, the choice, and that both builds load and are the same engine
// (perft counts, and searches with the same seed give the same move, score and nodes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_PROBE, engineBuild } from '../../web/engine/engine-loader.js';
import { WASM_BUILD, START, perftCases } from './helpers.mjs';

const require = createRequire(import.meta.url);
const builds = {};
for (const [name, file] of [
  ['plain', 'dragonchess_engine_node.cjs'],
  ['simd', 'dragonchess_engine_simd_node.cjs'],
]) {
  const path = join(WASM_BUILD, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run scripts/build-wasm`);
  builds[name] = await require(path)();
}

test('the feature probe: valid where SIMD and the rest are (Node 20), and a real check', () => {
  assert.equal(WebAssembly.validate(FEATURE_PROBE), true);
  assert.equal(engineBuild(), 'simd');
  // validated, not just parsed: a probe cut short fails, and so does one whose SIMD
  // instruction is handed an f32 (f32.const 0, i8x16.splat, drop in place of the last 8 bytes)
  assert.equal(WebAssembly.validate(FEATURE_PROBE.slice(0, -1)), false);
  const mistyped = FEATURE_PROBE.slice();
  mistyped.set([0x43, 0x00, 0x00, 0x00, 0x00, 0xfd, 0x0f, 0x1a], FEATURE_PROBE.length - 9);
  assert.equal(WebAssembly.validate(mistyped), false);
  // the choice follows the validation; a browser without WebAssembly.validate gets plain
  assert.equal(
    engineBuild(() => false),
    'plain',
  );
  assert.equal(
    engineBuild(() => {
      throw new TypeError('no');
    }),
    'plain',
  );
  assert.equal(
    engineBuild((bytes) => bytes === FEATURE_PROBE),
    'simd',
  );
});

test('both builds count the same perft as the data files', () => {
  const cases = perftCases(200_000);
  let checked = 0;
  for (const [name, M] of Object.entries(builds)) {
    const g = new M.Game();
    for (const c of cases) {
      g.setPosition(c.fen, [], c.rules);
      for (const [d, n] of c.depths) {
        assert.equal(g.perft(d), n, `${name}: ${c.file}:${c.line} D${d} (${c.rules})`);
        checked++;
      }
    }
    g.delete();
  }
  assert.ok(checked > 40);
});

test('both builds search alike: the same seed gives the same move, score and nodes', () => {
  const run = (M, moves, limits, level, seed) => {
    const s = new M.Search(16);
    s.setPosition(START, 0, moves);
    s.start(limits, level, seed);
    while (!s.advance(M.SEARCH_SLICE_NODES)) {
      /* slices */
    }
    const r = s.result();
    s.delete();
    return { best: r.best, score: r.score, depth: r.depth, nodes: r.nodes, pv: r.pvCoordinate.join(' ') };
  };
  const cases = [
    [[], { depth: 4 }, 10, 1],
    [['W2c3', 'W2d6', 'W2e3'], { nodes: 30000 }, 10, 2],
    [['W2c3', 'W2d6'], { nodes: 8000 }, 4, 7], // a level with noise and blunders: the seed decides
    [['W2f3', 'W2f6'], { nodes: 8000 }, 2, 99],
  ];
  for (const [moves, limits, level, seed] of cases) {
    const plain = run(builds.plain, moves, limits, level, seed);
    const simd = run(builds.simd, moves, limits, level, seed);
    assert.deepEqual(simd, plain, `moves ${moves.join(' ')} level ${level} seed ${seed}`);
    assert.ok(plain.nodes > 0 && plain.best);
  }
});
