// Move diagrams (web/app/facts/move-diagram.js) against the rules of docs/rules.md §4, with the
// wasm engine under Node: node --test tests/node/
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './helpers.mjs';
import { moveDiagram, diagramLevels } from '../../web/app/facts/move-diagram.js';

// 288-character board -> the placement field of a position string (test helper).
function placementOf(board) {
  const ranks = [];
  for (let level = 3; level >= 1; level--) {
    for (let rank = 8; rank >= 1; rank--) {
      let s = '',
        run = 0;
      for (let file = 0; file < 12; file++) {
        const c = board[(level - 1) * 96 + (rank - 1) * 12 + file];
        if (c === '.') {
          run++;
          continue;
        }
        if (run) {
          s += run;
          run = 0;
        }
        s += c;
      }
      if (run) s += run;
      ranks.push(s);
    }
  }
  return ranks.join('/');
}

const START =
  '2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1/ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO/2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1';
const idx = (n) => (n.charCodeAt(0) - 49) * 96 + (n.charCodeAt(2) - 49) * 12 + (n.charCodeAt(1) - 97);
function fen(pieces, side = 'g') {
  const b = '.'.repeat(288).split('');
  for (const [sq, c] of Object.entries(pieces)) b[idx(sq)] = c;
  return placementOf(b.join('')) + ` ${side} 0 1`;
}
const lone = (sq, c, more = {}) => fen({ [sq]: c, '1a1': 'K', '1l8': 'k', ...more });
const sorted = (l) => [...l].sort((a, b) => idx(a) - idx(b));

test('placementOf writes position strings the engine reads back', async () => {
  const M = await loadEngine();
  const g = new M.Game();
  assert.equal(placementOf(g.board()) + ' g 0 1', START);
  g.delete();
});

test('Warrior: move forward only, capture diagonally forward only', async () => {
  const M = await loadEngine();
  const d = moveDiagram(M, lone('2f4', 'W'), '2f4').value;
  assert.deepEqual([d.move, d.capture, d.both, d.afar], [['2f5'], ['2e5', '2g5'], [], []]);
  const s = moveDiagram(M, lone('2f4', 'w'), '2f4').value; // Scarlet, although Gold is to move
  assert.deepEqual([s.move, s.capture], [['2f3'], ['2e3', '2g3']]);
  assert.equal(s.side, 'scarlet');
});

test('Sylph on level 3 and level 2', async () => {
  const M = await loadEngine();
  const d3 = moveDiagram(M, lone('3f4', 'S'), '3f4').value;
  assert.deepEqual([d3.move, d3.capture, d3.both], [['3e5', '3g5'], sorted(['3f5', '2f4']), []]);
  const d2 = moveDiagram(M, lone('2f4', 'S'), '2f4').value;
  assert.deepEqual(d2.move, ['3a2', '3c2', '3e2', '3g2', '3i2', '3k2', '3f4']);
  assert.deepEqual([d2.capture, d2.both], [[], []]);
});

test('Dragon: slides, steps and capture from afar; blocked slides stop', async () => {
  const M = await loadEngine();
  const d = moveDiagram(M, lone('3f4', 'R', { '3h6': 'g' }), '3f4').value;
  assert.deepEqual(d.afar, sorted(['2f4', '2e4', '2g4', '2f3', '2f5']));
  assert.ok(
    d.both.includes('3h6') && d.both.includes('3g5') && !d.both.includes('3i7'),
    'the slide stops at the Griffon',
  );
  assert.ok(d.both.includes('3f5') && !d.both.includes('3f6'));
  assert.deepEqual(diagramLevels(d), [2, 3]);
});

test('Elemental: move-only diagonals, capture-only squares on level 2', async () => {
  const M = await loadEngine();
  const d = moveDiagram(M, fen({ '1f4': 'E', '3a1': 'K', '3l8': 'k' }), '1f4').value;
  assert.deepEqual(d.move, sorted(['1e3', '1g3', '1e5', '1g5']));
  assert.deepEqual(d.capture, sorted(['2f3', '2e4', '2g4', '2f5']));
  assert.deepEqual(d.both, sorted(['1f2', '1f3', '1d4', '1e4', '1g4', '1h4', '1f5', '1f6']));
});

test('frozen pieces and full positions (the piece limit) work', async () => {
  const M = await loadEngine();
  const f = moveDiagram(M, lone('2f4', 'W', { '1f4': 'b' }), '2f4').value;
  assert.equal(f.frozen, true);
  assert.deepEqual([f.move, f.capture, f.both], [[], [], []]);
  // the start position, and a piece of the side not to move
  const w = moveDiagram(M, START, '2c2').value;
  assert.deepEqual([w.move, w.capture], [['2c3'], ['2b3', '2d3']]);
  const r = moveDiagram(M, START, '3g8').value; // Scarlet Dragon, Gold to move
  assert.ok(r.both.includes('3f7') && r.both.includes('3h7'));
});

test('errors are messages', async () => {
  const M = await loadEngine();
  assert.match(moveDiagram(M, START, '2c5').error, /no piece on 2c5/);
  assert.match(moveDiagram(M, START, 'zz').error, /not a square/);
  assert.match(moveDiagram(M, '12/12 g 0 1', '2c2').error, /24 ranks/);
});
