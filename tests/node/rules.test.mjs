// The two rule sets (core/rule_set.h) through the wasm facade: Gygax's (the default) and
// Board Game Arena's. The rule set of a Game and of the search service, a move legal
// under one and not the other refused with a message naming the rule set (both ways),
// records (the Variant tag), the facts the page shows (RULE_SETS, the piece words), and
// a search through the worker that plays under the position's rule set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient } from '../../web/engine/engine-client.js';
import { ShimWorker } from './worker-shim.mjs';
import { loadEngine, translatorOf } from './helpers.mjs';

const M = await loadEngine();

// tests/perft/rules.txt, first position: a Gold Griffon on the Ground (2g3), an Oliphant
// (2b6) whose slide east passes 2f6 above the Scarlet Basilisk on 1f6, a Mage (3j6) over
// 2j6 above the Scarlet Basilisk on 1j6.
const P1 = '12/12/9M2/12/12/12/12/12/11k/12/1O8h1/12/6w5/6G5/12/K11/12/12/5b3b2/12/12/12/12/2B9 g 0 1';
// Mate in one for Board Game Arena's Griffon only: 2l6-2l7, a straight step (Gygax's
// Griffon steps only diagonally; it has no mate there).
const MATE_BGA = '11s/10S1/12/12/12/12/12/12/10ok/10w1/9U1G/12/12/12/12/K11/11d/12/12/12/12/12/12/12 g 0 1';

function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

test('the rule sets and their piece words are facts exported from core', () => {
  assert.deepEqual(
    M.RULE_SETS.map((r) => [r.id, r.name, r.short, r.variant]),
    [
      ['gygax', 'Gygax (Dragon #100)', 'Gygax', 'Dragonchess'],
      ['bga', 'Board Game Arena', 'BGA', 'Dragonchess (BGA)'],
    ],
  );
  assert.ok(M.RULE_SETS.every((r) => r.summary.length > 40));
  for (const p of M.PIECES) {
    assert.deepEqual(p.movement, p.movementByRules.gygax);
    const differ = [0, 1, 2].filter((l) => p.movementByRules.gygax[l] !== p.movementByRules.bga[l]);
    const want = p.letter === 'G' ? [1] : p.letter === 'B' ? [0] : [];
    assert.deepEqual(differ, want, p.name);
  }
  const griffon = M.PIECES.find((p) => p.letter === 'G');
  const en = translatorOf('en');
  assert.match(en(griffon.movementByRules.bga[1]), /one square in any direction/);
  assert.match(en(griffon.movementByRules.gygax[1]), /one square diagonally/);
  const basilisk = M.PIECES.find((p) => p.letter === 'B');
  assert.match(en(basilisk.movementByRules.bga[0]), /No enemy piece may pass over that square/);
});

test('a game has a rule set: the default, or the one asked for', () => {
  const g = new M.Game();
  assert.equal(g.rules(), 'gygax');
  g.setPosition(P1, [], 'bga');
  assert.equal(g.rules(), 'bga');
  g.setPosition(P1); // no rules: the game's so far
  assert.equal(g.rules(), 'bga');
  g.newGame();
  assert.equal(g.rules(), 'bga');
  g.newGame('gygax');
  assert.equal(g.rules(), 'gygax');
  const e = thrown(() => g.setPosition(P1, [], 'chess'));
  assert.equal(e.code, 'bad-argument');
  assert.match(e.message, /unknown rule set 'chess'/);
  assert.equal(g.rules(), 'gygax');
  assert.equal(g.fen(), new M.Game().fen()); // unchanged
  g.delete();
});

test('the legal moves follow the rule set', () => {
  const gygax = new M.Game(P1, [], 'gygax');
  const bga = new M.Game(P1, [], 'bga');
  const only = (a, b) =>
    a
      .legalMoves()
      .filter((m) => !b.legalMoves().includes(m))
      .sort();
  assert.deepEqual(only(bga, gygax), ['2g32f3', '2g32g2', '2g32g4', '2g32h3']);
  assert.deepEqual(only(gygax, bga), ['2b62g6', '2b62h6', '2b62i6', '2b62j6', '2b62k6', '3j61j6']);
  assert.equal(gygax.perft(2), 1013);
  assert.equal(bga.perft(2), 984);
  // The move diagrams too: the Oliphant's slide stops on the gazed square.
  assert.deepEqual(
    bga
      .moveDiagram('2b6')
      .both.filter((s) => s[2] === '6')
      .sort(),
    ['2a6', '2c6', '2d6', '2e6', '2f6'],
  );
  assert.ok(gygax.moveDiagram('2b6').both.includes('2k6'));
  gygax.delete();
  bga.delete();
});

test('a move legal under one rule set and not the other is refused naming the rule set', () => {
  const gygax = new M.Game(P1, [], 'gygax');
  for (const move of ['2g32g4', 'Gx2g4', 'G2f3']) {
    const e = thrown(() => gygax.play(move));
    assert.equal(e.code, 'bad-move');
    assert.match(e.message, /under Gygax's rules a Griffon on the Ground moves only diagonally/, move);
  }
  const bga = new M.Game(P1, [], 'bga');
  let e = thrown(() => bga.play('2b62k6'));
  assert.equal(e.code, 'bad-move');
  assert.equal(
    e.message,
    "illegal move '2b62k6': under Board Game Arena's rules the Oliphant may not pass over 2f6, " +
      "the square directly above the Scarlet Basilisk on 1f6 (Gygax's rules allow it)",
  );
  e = thrown(() => bga.play('Mx1j6'));
  assert.match(
    e.message,
    /under Board Game Arena's rules the Mage may not pass through 2j6, the square directly above the Scarlet Basilisk on 1j6/,
  );
  // Each is played under the other rule set.
  assert.equal(bga.play('2g32g4').algebraic, 'Gx2g4');
  assert.equal(gygax.play('2b62k6').algebraic, 'Ox2k6');
  gygax.delete();
  bga.delete();
});

test('a game goes on under another rule set when its moves are legal there', () => {
  const g = new M.Game(P1, ['2g32f4'], 'gygax');
  g.setRules('bga');
  assert.equal(g.rules(), 'bga');
  assert.deepEqual(g.history().coordinate, ['2g32f4']);
  g.newGame('bga');
  g.setPosition(P1, ['2g32g4']); // a straight Griffon step: Board Game Arena's only
  const e = thrown(() => g.setRules('gygax'));
  assert.equal(e.code, 'bad-move');
  assert.match(
    e.message,
    /^the game cannot be played under Gygax's rules: move 1: illegal move '2g32g4': under Gygax's rules/,
  );
  assert.equal(g.rules(), 'bga'); // unchanged
  assert.deepEqual(g.history().coordinate, ['2g32g4']);
  assert.equal(thrown(() => g.setRules('')).code, 'bad-argument');
  g.delete();
});

test('records name the rule set in the Variant tag, and are read under it', () => {
  const g = new M.Game(P1, ['2g32g4'], 'bga');
  const text = g.record();
  assert.match(text, /\[Variant "Dragonchess \(BGA\)"\]/);
  const r = M.readRecord(text);
  assert.equal(r.rules, 'bga');
  assert.deepEqual(r.moves, ['2g32g4']);
  assert.match(new M.Game().record(), /\[Variant "Dragonchess"\]/);
  assert.equal(M.readRecord(new M.Game().record()).rules, 'gygax');
  // The same moves under Gygax's Variant: refused at the move, naming the rule set.
  let e = thrown(() => M.readRecord(text.replace('Dragonchess (BGA)', 'Dragonchess')));
  assert.equal(e.code, 'bad-record');
  assert.match(e.message, /under Gygax's rules a Griffon on the Ground moves only diagonally/);
  e = thrown(() => M.readRecord(text.replace('Dragonchess (BGA)', 'Dragonchess (Zillions)')));
  assert.equal(e.code, 'bad-record');
  assert.match(e.message, /this record is for 'Dragonchess \(Zillions\)'/);
  g.delete();
});

test('lessons and the position editor take the rule set', () => {
  // The Griffon's straight step as a lesson of Board Game Arena's rules.
  const s = M.lessonState(P1, 'capture 2g4 with 2g3 in 1', ['2g32g4'], 'bga');
  assert.equal(s.done, true);
  const e = thrown(() => M.lessonState(P1, 'capture 2g4 with 2g3 in 1', ['2g32g4']));
  assert.equal(e.code, 'bad-move');
  assert.match(e.message, /under Gygax's rules/);
  // A position where Gold is in check only under Board Game Arena's rules (the Scarlet
  // Griffon on 2b1, a straight step from the Gold King), Scarlet to move: refused there.
  const board = new M.Game(
    '12/12/12/12/12/12/12/12/11k/12/12/12/12/12/12/Kg10/12/12/12/12/12/12/12/12 s 0 1',
  ).board();
  assert.equal(
    M.positionFromBoard(board, 'scarlet'),
    '12/12/12/12/12/12/12/12/11k/12/12/12/12/12/12/Kg10/12/12/12/12/12/12/12/12 s 0 1',
  );
  assert.match(
    thrown(() => M.positionFromBoard(board, 'scarlet', 'bga')).message,
    /Gold is in check but it is Scarlet's turn/,
  );
});

test('the search plays under the rule set of its position', () => {
  const s = new M.Search(16);
  const best = (rules) => {
    s.setPosition(MATE_BGA, 0, [], rules);
    s.start({ depth: 3 }, 10);
    while (!s.advance(M.SEARCH_SLICE_NODES)) {
      /* slices */
    }
    return s.result();
  };
  const b = best('bga');
  assert.equal(b.best, '2l62l7');
  assert.equal(b.mate, 1);
  const g = best('gygax');
  assert.notEqual(g.best, '2l62l7');
  assert.equal(g.mate, null);
  assert.ok(new M.Game(MATE_BGA).legalMoves().includes(g.best));
  // Moves kept from a record under other rules: out of sync.
  s.setPosition(MATE_BGA, 0, ['2l62k7'], 'gygax');
  assert.equal(thrown(() => s.setPosition(MATE_BGA, 1, [], 'bga')).code, 'out-of-sync');
  s.delete();
});

test('the engine worker searches under the rule set of the position it is sent', async () => {
  const e = new EngineClient({ createWorker: () => new ShimWorker() });
  try {
    await e.ready();
    const b = await e.search({ fen: MATE_BGA, moves: [], rules: 'bga' }, { depth: 3 }, { level: 10 });
    assert.equal(b.best, '2l62l7');
    assert.equal(b.mate, 1);
    const g = await e.search({ fen: MATE_BGA, moves: [] }, { depth: 3 }, { level: 10 });
    assert.notEqual(g.best, '2l62l7');
  } finally {
    e.close();
  }
});
