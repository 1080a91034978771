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
  assert.equal(M.START_POSITION, START);
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
  assert.equal(g.legalMovesDetailed().length, moves.length);
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
    assert.deepEqual(
      d.map((x) => x.level),
      d.map((x) => x.level).sort(),
      'ordered by level',
    );
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
  assert.deepEqual(g.history().labels, ['1.', '1…']);
  assert.equal(g.undo().coordinate, '2d72d6');
  assert.equal(g.undo().coordinate, '2c22c3');
  assert.equal(g.fen(), START);
  assert.throws(() => g.undo(), { message: 'no move to undo', code: 'no-undo' });
  assert.deepEqual(g.history().redo, ['2c22c3', '2d72d6']);
  assert.equal(g.redo().algebraic, 'W2c3');
  assert.equal(g.lastMove().coordinate, '2c22c3');
  g.play('2e72e6');
  assert.deepEqual(g.history().redo, [], 'another move clears the redo line');
  assert.throws(() => g.redo(), { code: 'no-redo' });
  g.delete();
});

test('setPosition with moves is all or nothing', () => {
  const g = new M.Game();
  g.setPosition(START, ['2c22c3', 'W2d6', 'W2c4']);
  assert.deepEqual(g.history().coordinate, ['2c22c3', '2d72d6', '2c32c4']);
  assert.equal(g.startFen(), START);
  const before = snapshot(g);
  assert.throws(() => g.setPosition(START, ['2c22c3', 'W2d6', 'Wx9z9']), {
    code: 'bad-move',
    message: /^move 3: /,
  });
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
      const algs = detailed.map((d) => d.algebraic);
      // (The order of generation may differ between calls: compare as sets.)
      assert.deepEqual(detailed.map((d) => d.coordinate).sort(), [...coords].sort());
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
    [() => g.setPosition('nonsense'), 'bad-position', /position string needs 4 fields/],
    [() => g.setPosition(START.replace(' g ', ' x ')), 'bad-position', /./],
    [
      () => g.setPosition(START.replace('ouhtcmkpthuo', 'ouhtcmzpthuo')),
      'bad-position',
      /unknown piece letter/,
    ],
    [() => g.setPosition(START.replace('ouhtcmkpthuo', 'ouhtcm1pthuo')), 'bad-position', /./],
    [() => g.setPosition(START, 'W2c3'), 'bad-argument', /moves must be an array/],
    [() => g.setPosition(START, ['W2c3', 42]), 'bad-move', /move 2 is not a string/],
    [() => g.setPosition(42), 'bad-argument', /position must be a string/],
    [() => g.play('Z9z9'), 'bad-move', /./],
    [() => g.play(''), 'bad-move', /empty move/],
    [() => g.play('2c22c5'), 'bad-move', /illegal move/],
    [() => g.play('2d62d5'), 'bad-move', /the piece on 2d6 is not Gold's/],
    [() => g.play('3a23b3x'), 'bad-move', /./],
    [() => g.play('x'.repeat(100)), 'bad-move', /too long/],
    [() => g.play(undefined), 'bad-argument', /move must be a string/],
    [() => g.destinations('9z9'), 'bad-square', /bad square/],
    [() => g.perft(-1), 'bad-argument', /perft depth/],
    [() => g.perft(1.5), 'bad-argument', /perft depth must be a whole number/],
  ];
  for (const [i, [fn, code, re]] of bad.entries()) {
    assert.throws(
      fn,
      (e) => e instanceof Error && e.code === code && re.test(e.message),
      `bad input #${i}: ${fn}`,
    );
    assert.deepEqual(snapshot(g), before);
  }
  // An ambiguous move names the candidates.
  const amb = new M.Game();
  const algs = amb
    .legalMovesDetailed()
    .map((d) => d.algebraic)
    .filter((a) => a.includes('/'));
  assert.ok(algs.length > 0);
  const short = algs[0].replace(/\/\w\w\w[-x]/, (s) => (s.endsWith('x') ? 'x' : ''));
  assert.throws(() => amb.play(short), { code: 'bad-move', message: /ambiguous move/ });
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
      if (st.over) {
        over = st;
        break;
      }
      const ms = g.legalMoves();
      g.play(ms[Math.floor(rand() * ms.length)]);
    }
  }
  assert.ok(over, 'some random game ended');
  assert.ok(over.reason.length > 0);
  const before = snapshot(g);
  const fen = g.fen();
  assert.throws(() => g.play('W2c3'), { code: 'game-over', message: /the game is over/ });
  assert.deepEqual(snapshot(g), before);
  // Setting a position whose move list continues past the end is refused as well.
  const h = g.history();
  const g2 = new M.Game();
  assert.throws(() => g2.setPosition(h.startFen, [...h.coordinate, '2c22c3']), {
    code: 'game-over',
    message: /the game is over/,
  });
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

test('facts exported from core: pieces, colours, levels, game states', () => {
  assert.equal(M.PIECES.length, 15);
  const byLetter = Object.fromEntries(M.PIECES.map((p) => [p.letter, p]));
  const { movement, movementByRules, ...dragon } = byLetter.R;
  assert.deepEqual(dragon, { letter: 'R', name: 'Dragon', value: 800, levels: [3] });
  assert.deepEqual(movementByRules.gygax, movement); // the default rule set's words (rules.test.mjs)
  // how each piece moves, as the catalogues' keys of its words, exactly on the levels it may
  // stand on (catalogues.test.mjs: every key is in every catalogue)
  assert.equal(movement[2], 'move.dragon.sky');
  for (const p of M.PIECES)
    assert.deepEqual(
      [1, 2, 3].filter((l) => p.movement[l - 1] !== ''),
      p.levels,
      p.name,
    );
  assert.deepEqual(byLetter.B.levels, [1]);
  assert.deepEqual(byLetter.K.levels, [1, 2, 3]);
  assert.equal(byLetter.K.value, 0);
  // Every letter of the start position is a piece the table names.
  const letters = new Set(
    START.split(' ')[0]
      .replace(/[^a-z]/gi, '')
      .toUpperCase(),
  );
  for (const c of letters) assert.ok(byLetter[c], c);
  assert.deepEqual(M.COLORS, [
    { id: 'gold', name: 'Gold' },
    { id: 'scarlet', name: 'Scarlet' },
  ]);
  assert.deepEqual(
    M.LEVELS.map((l) => l.level),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  for (const l of M.LEVELS) assert.ok(l.maxDepth >= 1 && l.movetime > 0, `level ${l.level}`);
  // Levels 1-9 search a node budget each (the same move on every machine); level 10 has no cap.
  for (const l of M.LEVELS.slice(0, 9)) assert.ok(l.maxNodes > 0, `level ${l.level}: a node budget`);
  assert.equal(M.LEVELS[9].maxNodes, 0, 'level 10: no node cap');
  // ... but a floor: at least 1.5 times level 9's budget, thinking longer for it on a slow device.
  assert.ok(
    M.LEVELS[9].minNodes >= 1.5 * M.LEVELS[8].maxNodes && M.LEVELS[9].maxMovetime > M.LEVELS[9].movetime,
  );
  for (const l of M.LEVELS.slice(0, 9)) assert.equal(l.minNodes, 0, `level ${l.level}: node budget only`);
  // The weaker-move choice needs every root move scored exactly; the top level has neither.
  for (const l of M.LEVELS) assert.equal(typeof l.exactRoot, 'boolean');
  for (const l of M.LEVELS) if (l.blunderPct > 0) assert.ok(l.exactRoot, `level ${l.level}`);
  assert.equal(M.LEVELS[9].exactRoot, false);
  assert.ok(Object.isFrozen(M.LEVELS) && Object.isFrozen(M.LEVELS[0]));
  // Each level in words, all different (core's level_words: English's catalogue says the same).
  assert.equal(new Set(M.LEVELS.map((l) => l.text)).size, 10);
  for (const l of M.LEVELS) assert.match(l.text, /^[A-Z][a-z ]+: .+\.$/, l.text);
  // The wording of each state is core's: the one Game.status() gives.
  const states = new Set(M.GAME_STATES.map((s) => s.state));
  assert.deepEqual([...states].sort(), [
    'bare-kings',
    'checkmate',
    'draw-agreed',
    'ongoing',
    'quiet-moves',
    'repetition',
    'resignation',
    'stalemate',
    'timeout',
    'timeout-draw',
  ]);
  assert.equal(
    M.GAME_STATES.find((s) => s.state === 'timeout' && s.winner === 'gold').reason,
    "Scarlet's time is up, Gold wins",
  );
  const g = new M.Game();
  const st = g.status();
  assert.equal(M.GAME_STATES.find((s) => s.state === st.state && s.check === st.check).reason, st.reason);
  g.setPosition('12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/11k g 0 1');
  const bare = g.status();
  assert.equal(M.GAME_STATES.find((s) => s.state === 'bare-kings').reason, bare.reason);
  assert.ok(M.GAME_STATES.find((s) => s.state === 'quiet-moves').reason.includes(String(M.QUIET_MOVE_LIMIT)));
  g.delete();
});

test('move numbers come from core, also from a position with Scarlet to move', () => {
  const g = new M.Game(START.replace(' g 0 1', ' g 0 7'), ['W2c3', 'W2d6', 'W2c4']);
  assert.deepEqual(g.history().labels, ['7.', '7…', '8.']);
  assert.equal(g.moveNumber(), 8);
  const h = new M.Game(g.fen(), ['W2e6', 'W2c5']);
  assert.deepEqual(h.history().labels, ['8…', '9.']);
  // play, undo and redo answer with the move's number too
  assert.equal(h.play('W2f6').label, '9…');
  assert.equal(h.undo().label, '9…');
  assert.equal(h.redo().label, '9…');
  // the number of any ply, also past the moves played (a searched line after the game):
  // the same as the label of the move played there
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5].map((k) => h.moveLabel(k)),
    ['8…', '9.', '9…', '10.', '10…', '11.'],
  );
  assert.equal(h.moveLabel(2), h.history().labels[2]);
  assert.throws(
    () => h.moveLabel(-1),
    (e) => e.code === 'bad-argument',
  );
  assert.throws(
    () => h.moveLabel(1.5),
    (e) => e.code === 'bad-argument',
  );
  h.delete();
  g.delete();
});

test("lessonState: core judges a lesson; the other side passes between the learner's moves", () => {
  const fen = '12/12/12/12/12/12/12/12/12/1w5t4/12/12/12/12/1O10/12/11k/12/12/12/12/12/12/K11 g 0 1';
  const goal = 'capture 2b7 2h7 with 2b2 in 2';
  let s = M.lessonState(fen, goal, []);
  assert.deepEqual(
    [s.done, s.failed, s.left, s.piece, s.learner, s.maxMoves],
    [false, false, ['2b7', '2h7'], '2b2', 'gold', 2],
  );
  s = M.lessonState(fen, goal, ['O2b7']);
  assert.equal(s.sideToMove, 'gold');
  assert.equal(s.message, 'Captured the Scarlet Warrior on 2b7. 1 target left: 2h7.');
  assert.deepEqual(
    s.moves.map((m) => m.coordinate),
    ['2b22b7'],
  );
  assert.equal(s.board[parseSquareIndex('2b7')], 'O');
  s = M.lessonState(fen, goal, ['2b22b7', '2b72h7']);
  assert.ok(s.done);
  assert.throws(
    () => M.lessonState(fen, goal, ['1a12a1']),
    (e) => e.code === 'bad-move' && /only the Oliphant on 2b2 moves/.test(e.message),
  );
  assert.throws(
    () => M.lessonState(fen, 'win', []),
    (e) => e.code === 'bad-lesson' && /unknown goal 'win'/.test(e.message),
  );
  assert.throws(
    () => M.lessonState('junk', goal, []),
    (e) => e.code === 'bad-lesson' && /bad position string/.test(e.message),
  );
  assert.throws(
    () => M.lessonState(fen, goal, 'x'),
    (e) => e.code === 'bad-argument',
  );
});

function parseSquareIndex(n) {
  return (n.charCodeAt(0) - 49) * 96 + (n.charCodeAt(2) - 49) * 12 + (n.charCodeAt(1) - 97);
}

test('crossLevelThreats: the pieces attacked from another level, the King in check among them', () => {
  const g = new M.Game(START, ['Rx3a7', 'R3d5', 'U2c3', 'Rx3g2']); // the shortest mate
  const threats = g.crossLevelThreats();
  assert.deepEqual(
    threats.find((t) => t.square === '2g1'),
    { square: '2g1', by: ['3g2'] },
  );
  for (const t of threats) {
    const b = g.board();
    const [own, ...by] = [t.square, ...t.by].map(
      (q) => b[(Number(q[0]) - 1) * 96 + (Number(q.slice(2)) - 1) * 12 + q.charCodeAt(1) - 97],
    );
    assert.ok(t.by.length > 0);
    for (const [i, p] of by.entries()) {
      assert.notEqual(t.by[i][0], t.square[0], 'an attacker on the same level');
      assert.notEqual(p === p.toUpperCase(), own === own.toUpperCase(), 'an attacker of the same side');
    }
  }
  g.delete();
  // Over random games: a King in check lists exactly its checkers from other levels.
  const r = rng(11);
  const h = new M.Game();
  for (let ply = 0; ply < 400 && h.status().state === 'ongoing'; ply++) {
    const king = h.checkedKing();
    if (king) {
      const across = h
        .checkers()
        .filter((q) => q[0] !== king[0])
        .sort();
      const t = h.crossLevelThreats().find((x) => x.square === king);
      assert.deepEqual(t ? [...t.by].sort() : [], across, `ply ${ply}`);
    }
    const moves = h.legalMoves();
    h.play(moves[Math.floor(r() * moves.length)]);
  }
  h.delete();
});
