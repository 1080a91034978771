// The perft suite (tests/perft/*.txt, the native engine's numbers, under the rule set
// each line names) through the wasm module, depths up to ~1M leaves. Also checks against
// the native CLI directly when it is built (build/native/dragonchess or $DC_NATIVE),
// under both rule sets.
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, perftCases, nativeBinary, START, rng } from './helpers.mjs';

const M = await loadEngine();
const cases = perftCases(Number(process.env.DC_PERFT_MAX_NODES || 1_000_000));

test('perft suite files', { skip: cases.length === 0 && 'no tests/perft/*.txt yet' }, () => {
  const g = new M.Game();
  let checked = 0;
  const rules = new Set();
  for (const c of cases) {
    g.setPosition(c.fen, [], c.rules);
    assert.equal(g.rules(), c.rules);
    rules.add(c.rules);
    for (const [d, n] of c.depths) {
      assert.equal(g.perft(d), n, `${c.file}:${c.line} D${d} ${c.fen} (${c.rules})`);
      checked++;
    }
    assert.equal(g.fen(), new M.Game(c.fen, [], c.rules).fen());
  }
  assert.ok(checked > 0);
  assert.deepEqual([...rules].sort(), ['bga', 'gygax']);
  g.delete();
});

for (const rules of ['gygax', 'bga'])
  test(
    `perft agrees with the native CLI (${rules})`,
    { skip: !nativeBinary() && 'native CLI not built' },
    () => {
      // The start and positions of a few random games, depths 1-3 (capped at ~1M leaves).
      const g = new M.Game(undefined, undefined, rules);
      const fens = [START];
      const rand = rng(rules === 'gygax' ? 11 : 12);
      for (let k = 0; k < 6; k++) {
        g.newGame();
        for (let p = 0; p < 20 + 15 * k && !g.status().over; p++) {
          const ms = g.legalMoves();
          g.play(ms[Math.floor(rand() * ms.length)]);
        }
        if (!g.status().over) fens.push(g.fen());
      }
      // One-shot runs: on standard input, a command that arrives while a count runs is
      // refused and the end of input interrupts the count (the protocol's rules).
      const want = [];
      const out = [];
      const bin = nativeBinary();
      for (const fen of fens) {
        g.setPosition(fen);
        for (let d = 1; d <= 3; d++) {
          if (d === 3 && g.perft(2) > 20000) break;
          want.push([fen, d, g.perft(d)]);
          const r = spawnSync(bin, ['perft', String(d), '--fen', fen, '--rules', rules], {
            encoding: 'utf8',
          });
          assert.equal(r.status, 0, r.stdout + r.stderr);
          out.push(...r.stdout.split('\n').filter((l) => l.startsWith('perft ')));
        }
      }
      assert.equal(out.length, want.length);
      out.forEach((l, i) => {
        const [, d, n] = l.split(' ');
        assert.equal(Number(d), want[i][1]);
        assert.equal(Number(n), want[i][2], `D${d} ${want[i][0]}`);
      });
      g.delete();
    },
  );
