// The Game facade: board view, legal moves, playing, notation, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, START, rng } from './helpers.mjs';

const M = await loadEngine();

function snapshot(g) {
  return { fen: g.fen(), history: g.history(), last: g.lastMove(), start: g.startFen() };
}

test('start position', () => {
  const g = new M.Game();
  assert.equal(g.fen(), START);
  assert.equal(M.startPosition(), START);
  assert.equal(g.sideToMove(), 'gold');
  assert.equal(g.board().length, 288);
  // Square numbering: (level-1)*96 + rank*12 + file. Gold King on 2g1, Scarlet King 2g8.
  const b = g.board();
  assert.equal(b[96 + 0 * 12 + 6], 'K');
  assert.equal(b[96 + 7 * 12 + 6], 'k');
  assert.equal(b[0], '.');
  assert.deepEqual(g.frozen(), []);
  assert.equal(g.checkedKing(), null);
  assert.equal(g.lastMove(), null);
  const st = g.status();
  assert.equal(st.state, 'ongoing');
  assert.equal(st.over, false);
  assert.equal(st.check, false);
  const moves = g.legalMoves();
  assert.equal(moves.length, g.perft(1));
  assert.equal(g.legalMovesAlgebraic().length, moves.length);
  assert.equal(new Set(moves).size, moves.length);
  g.delete();
});

test('destinations and movable squares agree with the legal moves', () => {
  const g = new M.Game();
  const legal = new Set(g.legalMoves());
  const movable = g.movable();
  let count = 0;
  for (const from of movable) {
    const d = g.destinations(from);
    assert.ok(d.length > 0, from);
    for (const x of d) {
      assert.equal(x.from, from);
      assert.ok(legal.has(x.coordinate), x.coordinate);
      assert.equal(x.coordinate, from + x.to);
      assert.ok(['move', 'capture', 'afar'].includes(x.kind));
      assert.equal(x.level, Number(x.to[0]));
    }
    const byLevel = g.destinationsByLevel(from);
    assert.equal(byLevel.length, 3);
    assert.equal(byLevel.flat().length, d.length);
    byLevel.forEach((lv, i) => lv.forEach((x) => assert.equal(x.level, i + 1)));
    count += d.length;
  }
  assert.equal(count, legal.size);
  assert.deepEqual(g.destinations('1a1'), []);
  g.delete();
});

test('play, last move, history, undo', () => {
  const g = new M.Game();
  const r = g.play('W2c3');
  assert.deepEqual([r.coordinate, r.algebraic, r.kind], ['2c22c3', 'W2c3', 'move']);
  assert.equal(g.sideToMove(), 'scarlet');
  assert.equal(g.lastMove().coordinate, '2c22c3');
  const r2 = g.play('2d72d6');
  assert.equal(r2.algebraic, 'W2d6');
  assert.deepEqual(g.history().coordinate, ['2c22c3', '2d72d6']);
  assert.deepEqual(g.history().algebraic, ['W2c3', 'W2d6']);
  assert.equal(g.undo().coordinate, '2d72d6');
  assert.equal(g.undo().coordinate, '2c22c3');
  assert.equal(g.fen(), START);
  assert.throws(() => g.undo(), { message: 'no move to undo' });
  g.delete();
});

test('setPosition with moves is all or nothing', () => {
  const g = new M.Game();
  g.setPosition(START, ['2c22c3', 'W2d6', 'W2c4']);
  assert.deepEqual(g.history().coordinate, ['2c22c3', '2d72d6', '2c32c4']);
  assert.equal(g.startFen(), START);
  const before = snapshot(g);
  assert.throws(() => g.setPosition(START, ['2c22c3', 'W2d6', 'Wx9z9']), /^Error: move 3: /);
  assert.deepEqual(snapshot(g), before);
  g.setPosition('startpos');
  assert.equal(g.fen(), START);
  assert.deepEqual(g.history().coordinate, []);
  const g2 = new M.Game(START, ['W2c3']);
  assert.equal(g2.lastMove().algebraic, 'W2c3');
  g2.delete();
  g.delete();
});

test('notation round trips over random games', () => {
  const g = new M.Game();
  const rand = rng(7);
  for (let game = 0; game < 4; game++) {
    g.newGame();
    for (let ply = 0; ply < 120 && !g.status().over; ply++) {
      const fen = g.fen();
      const detailed = g.legalMovesDetailed();
      const coords = g.legalMoves();
      const algs = g.legalMovesAlgebraic();
      // (The order of generation may differ between calls: compare as sets.)
      assert.deepEqual(detailed.map((d) => d.coordinate).sort(), [...coords].sort());
      assert.deepEqual(detailed.map((d) => d.algebraic).sort(), [...algs].sort());
      const algOf = new Map(detailed.map((d) => [d.coordinate, d.algebraic]));
      assert.equal(new Set(algs).size, algs.length, 'algebraic names are unique');
      // Every algebraic name reads back as its move, and every coordinate too.
      for (const coord of coords) {
        const a = g.play(algOf.get(coord));
        assert.equal(a.coordinate, coord);
        g.undo();
        const c = g.play(coord);
        assert.equal(c.algebraic, algOf.get(coord));
        g.undo();
        assert.equal(g.fen(), fen);
      }
      // The position string round trips.
      const h = new M.Game(fen);
      assert.equal(h.fen(), fen);
      h.delete();
      g.play(coords[Math.floor(rand() * coords.length)]);
    }
  }
  g.delete();
});

test('every bad input throws a clear Error and changes nothing', () => {
  const g = new M.Game(START, ['W2c3', 'W2d6']);
  const before = snapshot(g);
  const bad = [
    [() => g.setPosition('nonsense'), /position string needs 4 fields/],
    [() => g.setPosition(START.replace(' g ', ' x ')), /./],
    [() => g.setPosition(START.replace('ouhtcmkpthuo', 'ouhtcmzpthuo')), /unknown piece letter/],
    [() => g.setPosition(START.replace('ouhtcmkpthuo', 'ouhtcm1pthuo')), /./],
    [() => g.setPosition(START, 'W2c3'), TypeError],
    [() => g.setPosition(START, ['W2c3', 42]), /move 2 is not a string/],
    [() => g.setPosition(42), TypeError],
    [() => g.play('Z9z9'), /./],
    [() => g.play(''), /empty move/],
    [() => g.play('2c22c5'), /illegal move/],
    [() => g.play('2d62d5'), /the piece on 2d6 is not Gold's/],
    [() => g.play('3a23b3x'), /./],
    [() => g.play('x'.repeat(100)), /too long/],
    [() => g.play(undefined), TypeError],
    [() => g.destinations('9z9'), /bad square/],
    [() => g.perft(-1), /perft depth/],
    [() => g.perft(1.5), TypeError],
    [() => g.search({ depth: -1 }), /search limit 'depth'/],
    [() => g.search({ nodes: 'many' }), /search limit 'nodes' must be a number/],
    [() => g.search({ movetime: 1.5 }), /search limit 'movetime'/],
    [() => g.search([]), TypeError],
    [() => g.search({ depth: 1 }, 11), /level must be/],
    [() => g.search({ depth: 1 }, 0), /level must be/],
    [() => g.search({ depth: 1 }, 10, 'not a function'), /callback must be a function/],
    [() => g.setLevel(0), /level must be/],
    [() => g.setLevel('5'), /level must be/],
    [() => g.setHash(0), /hash size/],
    [() => M.levelInfo(12), /level must be/],
  ];
  for (const [i, [fn, want]] of bad.entries()) {
    assert.throws(fn, want, `bad input #${i}: ${fn}`);
    assert.deepEqual(snapshot(g), before);
  }
  // An ambiguous move names the candidates.
  const amb = new M.Game();
  const algs = amb.legalMovesAlgebraic().filter((a) => a.includes('/'));
  assert.ok(algs.length > 0);
  const short = algs[0].replace(/\/\w\w\w[-x]/, (s) => (s.endsWith('x') ? 'x' : ''));
  assert.throws(() => amb.play(short), /ambiguous move/);
  amb.delete();
  g.delete();
});

test('moves are refused once the game is over', () => {
  // Fool's-mate style search: play random games until one ends, then try to move.
  const g = new M.Game();
  const rand = rng(3);
  let over = null;
  for (let game = 0; game < 40 && !over; game++) {
    g.newGame();
    for (let ply = 0; ply < 3000; ply++) {
      const st = g.status();
      if (st.over) { over = st; break; }
      const ms = g.legalMoves();
      g.play(ms[Math.floor(rand() * ms.length)]);
    }
  }
  assert.ok(over, 'some random game ended');
  assert.ok(over.reason.length > 0);
  const before = snapshot(g);
  const fen = g.fen();
  assert.throws(() => g.play('W2c3'), /the game is over/);
  assert.throws(() => g.search({ depth: 1 }), /the game is over/);
  assert.deepEqual(snapshot(g), before);
  // Setting a position whose move list continues past the end is refused as well.
  const h = g.history();
  const g2 = new M.Game();
  assert.throws(() => g2.setPosition(h.startFen, [...h.coordinate, '2c22c3']), /the game is over/);
  assert.equal(g2.fen(), START);
  if (over.state === 'checkmate') {
    assert.ok(['gold', 'scarlet'].includes(over.winner));
    assert.ok(over.check);
    assert.equal(g.checkedKing() !== null, true);
  }
  assert.equal(g.fen(), fen);
  g2.delete();
  g.delete();
});

test('move diagrams come from the core movement tables', () => {
  const g = new M.Game();
  const d = g.moveDiagram('2c2');
  assert.equal(d.piece, 'W');
  assert.deepEqual(d.move, ['2c3']);
  assert.deepEqual(d.capture.sort(), ['2b3', '2d3']);
  assert.deepEqual(d.both, []);
  // A Dragon's diagram lists its five afar squares, empty or not; squares of its own
  // side are left out.
  const h = new M.Game();
  h.setPosition('12/12/12/12/2R9/12/12/12/11k/12/12/12/2W9/12/12/K11/12/12/12/12/12/12/12/12 g 0 1', []);
  const r = h.moveDiagram('3c4');
  assert.deepEqual(r.afar.sort(), ['2b4', '2c3', '2c5', '2d4']);
  const before = g.fen();
  assert.throws(() => g.moveDiagram('9z9'), /bad square/);
  assert.throws(() => g.moveDiagram('2e5'), /no piece on 2e5/);
  assert.equal(g.fen(), before);
});
