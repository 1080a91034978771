// Learning the game under Node, over the real rules engine (the wasm Node build): piece
// cards (web/app/ui/learn/piece-card.js), the tutorial's controller (web/app/session/learn/learn.js) over every
// lesson of public/learn/lessons.json, and the puzzle controller (web/app/session/learn/puzzles.js) over
// public/puzzles.json. No browser, no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine, ROOT, translatorOf, readCatalogue } from './helpers.mjs';
import { cardData, cardText, levelDiagram } from '../../web/app/ui/learn/piece-card.js';
import { createLessons, progressStore, checkLessons } from '../../web/app/session/learn/learn.js';
import { createPuzzles, puzzleStore, checkPuzzles } from '../../web/app/session/learn/puzzles.js';
import { parseSquare, squareName } from '../../web/app/facts/squares.js';
import { reason } from '../../web/app/util/i18n.js';
import { feedbackWords } from '../../web/app/session/learn/words.js';

const M = await loadEngine();
const en = translatorOf('en');
const learnEn = translatorOf('en', { parts: ['', 'learn/'] }); // the lessons' and puzzles' words
const LESSONS = JSON.parse(readFileSync(join(ROOT, 'public/learn/lessons.json'), 'utf8'));
const PUZZLES = JSON.parse(readFileSync(join(ROOT, 'public/puzzles.json'), 'utf8'));

// A Storage stand-in (localStorage's getItem/setItem).
function memoryStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), map: m };
}

test("piece cards: every piece has a diagram and core's words on each level it lives on", () => {
  for (const p of M.PIECES) {
    const card = cardData(M, p.letter.toLowerCase());
    assert.equal(card.name, p.name);
    assert.deepEqual(
      card.diagrams.map((d) => d.level),
      [...p.levels].sort((a, b) => b - a),
    );
    for (const d of card.diagrams) {
      assert.ok(d.count > 0, `${p.name} on level ${d.level} can go somewhere`);
      assert.equal(d.wordsKey, p.movement[d.level - 1]);
      assert.ok(d.levels.includes(d.level));
      assert.equal(d.pieces.replace(/\./g, ''), p.letter, 'the piece alone on the board');
      // the diagram is core's: the same squares the engine gives for this piece here
      const all = [...d.diagram.move, ...d.diagram.capture, ...d.diagram.afar];
      for (const sq of all) assert.ok(d.levels.includes(Math.floor(sq / 96) + 1));
    }
    assert.match(cardText(card, en), new RegExp(`^${p.name}: `));
    for (const d of card.diagrams) assert.ok(cardText(card, en).includes(en(d.wordsKey)), d.wordsKey);
  }
  const dragon = levelDiagram(M, 'R', 3);
  assert.deepEqual(dragon.diagram.afar.map(squareName).sort(), ['2e4', '2f3', '2f4', '2f5', '2g4']);
  assert.deepEqual(dragon.levels, [3, 2]);
  const sylph = levelDiagram(M, 'S', 2);
  for (const home of ['3a2', '3c2', '3e2', '3g2', '3i2', '3k2', '3f4'])
    assert.ok(sylph.diagram.move.includes(parseSquare(home)), home);
  assert.equal(levelDiagram(M, 'R', 2), null, 'the Dragon never stands on the Ground');
  assert.equal(cardData(M, 'X'), null);
});

test('lessons: every step is solved by playing its solution on the controller, progress kept', () => {
  const storage = memoryStorage();
  const L = createLessons(M, LESSONS, progressStore(storage), learnEn);
  let changes = 0;
  L.on('change', () => changes++);
  const levels = new Set();
  for (const lesson of LESSONS.lessons) {
    lesson.steps.forEach((step, i) => {
      L.open(lesson.id, i);
      assert.equal(L.phase, 'play', `${lesson.id} ${i}`);
      const cfg = L.boardConfig();
      assert.equal(cfg.pieces.length, 288);
      // the level the step opens on in the focus view: its piece's, else its first target's
      const about = L.state.piece || L.state.left[0];
      if (about) assert.deepEqual(L.scene(), { id: `${lesson.id}/${i}`, level: Number(about[0]) });
      levels.add(L.scene().level);
      if (L.state.piece)
        assert.deepEqual(
          [...cfg.dests.keys()],
          [parseSquare(L.state.piece)],
          "only the lesson's piece moves",
        );
      for (const mv of step.solution) {
        assert.equal(L.solutionMove(), mv);
        assert.deepEqual(
          L.play(mv.slice(0, 3), mv.slice(3, 6)),
          { value: undefined },
          `${lesson.id} ${i} ${mv}`,
        );
      }
      assert.equal(L.phase, 'done', `${lesson.id} step ${i + 1} solved`);
      assert.equal(L.note.kind, 'ok');
      assert.equal(L.boardConfig().dests, null, 'no moves after the end');
    });
  }
  assert.ok(changes > 0);
  assert.deepEqual([...levels].sort(), [1, 2, 3], 'lessons open on every level');
  assert.ok(L.list().every((l) => l.done));
  // kept: a new controller over the same storage knows it
  const again = createLessons(M, LESSONS, progressStore(storage), learnEn);
  assert.ok(again.list().every((l) => l.done));
  assert.match(storage.getItem('dragonchess.learn.v1'), /"afar":1/);
});

test('lessons: a wrong move is explained, the lesson can be restarted, hints point the way', () => {
  const L = createLessons(M, LESSONS, progressStore(memoryStorage()), learnEn);
  L.open('dragon', 1); // capture 2f5 and 2g5 from afar in two moves
  L.hint();
  assert.deepEqual(L.boardConfig().arrows[0], {
    from: parseSquare('3f5'),
    to: parseSquare('2f5'),
    color: 'blue',
  });
  // the targets are marked (a circle: an arrow from a square to itself)
  assert.ok(L.boardConfig().arrows.some((a) => a.from === parseSquare('2g5') && a.to === a.from));
  // a move that leaves one move for two targets: said at once, with why
  assert.deepEqual(L.play('3f5', '3f6'), { value: undefined });
  assert.equal(L.phase, 'failed');
  assert.match(
    L.note.text,
    /^That move cannot reach the goal: 2 targets are left \(2f5 and 2g5\) and only 1 move/,
  );
  assert.equal(reason(learnEn, L.play('3f6', '3f5')), 'the lesson is over: start again or go on');
  L.restart();
  assert.equal(L.phase, 'play');
  assert.deepEqual(L.moves, []);
  // a mate lesson: a check that is no mate says how the King escapes
  L.open('mate', 0);
  const cfg = L.boardConfig();
  assert.ok(cfg.dests.size > 1);
  assert.deepEqual(L.play('2b1', '2b2'), { value: undefined });
  assert.equal(L.phase, 'failed');
  assert.match(L.note.text, /gives no check/);
  // freezing: the frozen Griffon says why it cannot move
  L.open('freezing', 0);
  assert.match(reason(learnEn, L.mayPick('2d5')), /frozen by the Basilisk/);
  // in German: the piece named in German's terms
  assert.match(reason(translatorOf('de', { parts: ['', 'learn/'] }), L.mayPick('2d5')), /Greif/);
  assert.match(L.describeSquare('2d5'), /frozen by a Basilisk/);
  // next: the following step, then the following lesson
  L.open('griffon', 0);
  L.next();
  assert.equal(L.stepIndex, 1);
  L.next();
  assert.equal(L.lesson.id, 'dragon');
  assert.throws(() => checkLessons({ format: 'x' }), /not a dragonchess-lessons 1 file/);
});

// Lessons beside the tutorial's: [pieces, goal, moves] (the Kings in the Underworld).
const KINGS = { '1a1': 'K', '1l8': 'k' };
const FEEDBACK_LESSONS = [
  [{ ...KINGS, '2b2': 'O', '2b7': 'w', '2b5': 't' }, 'capture 2b7 with 2b2 in 3', ['2b22b5']],
  [{ '2a1': 'K', '2h8': 'k', '2b2': 'O', '2c7': 'w' }, 'capture 2c7 with 2b2 in 3', ['2b22b8']],
  [{ ...KINGS, '2a3': 'O' }, 'reach 2h8 with 2a3 in 3', ['2a32a4']],
  [{ ...KINGS, '2a3': 'O' }, 'reach 2h8 2h1 in 3', ['2a32a4']],
  [{ ...KINGS, '2a3': 'O' }, 'reach 2h8 in 2', ['2a32a4']],
  [{ ...KINGS, '2a2': 'W', '2d5': 'G', '1d5': 'b' }, 'unfreeze with 2a2 in 2', ['2a22a3']],
  [{ ...KINGS, '2a2': 'W', '2e5': 'w' }, 'freeze 2e5 with 2a2 in 2', ['2a22a3']],
  [{ ...KINGS, '2a2': 'W' }, 'check with 2a2 in 2', ['2a22a3']],
  [{ ...KINGS, '2a2': 'W' }, 'mate with 2a2 in 2', ['2a22a3']],
];

// Core's feedback after each move of a lesson (M.lessonState's `parts`, core/lesson.h): the
// page says it from the learn catalogues. Right and wrong moves in every lesson (every legal
// move of the lesson's piece from each point of the solution): English's words are core's
// English message, German's its own, and every lesson.* message of the catalogues is one
// core gives.
test("lessons: English's words for a move's feedback are core's message, German's its own", () => {
  const learnDe = translatorOf('de', { parts: ['', 'learn/'] });
  const seen = new Set();
  const g = new M.Game();
  const check = (state, where) => {
    assert.equal(state.parts.length > 0, state.message !== '', where);
    if (!state.parts.length) return;
    for (const p of state.parts) seen.add(p.key);
    assert.equal(feedbackWords(learnEn, state.parts), state.message, where);
    const german = feedbackWords(learnDe, state.parts);
    assert.notEqual(german, state.message, where);
    assert.ok(!/ move | the |Scarlet|Warrior/.test(german), `${where}: "${german}" has no English`);
  };
  try {
    for (const lesson of LESSONS.lessons)
      lesson.steps.forEach((step, i) => {
        for (let k = 0; k < step.solution.length; k++) {
          const before = step.solution.slice(0, k);
          const now = M.lessonState(step.fen, step.goal, before);
          g.setPosition(now.fen, []);
          const moves = g.legalMovesDetailed().filter((m) => !now.piece || m.from === now.piece);
          for (const m of moves) {
            const after = M.lessonState(step.fen, step.goal, [...before, m.coordinate]);
            check(after, `${lesson.id} ${i + 1}: ${[...before, m.coordinate].join(' ')}`);
          }
        }
      });
    // what the tutorial's lessons never say (their goals of one move cannot fall out of reach,
    // their targets stand alone): small lessons like them
    for (const [pieces, goal, moves] of FEEDBACK_LESSONS) {
      const board = [...'.'.repeat(288)];
      for (const [sq, c] of Object.entries(pieces)) board[parseSquare(sq)] = c;
      const fen = M.positionFromBoard(board.join(''), 'gold');
      check(M.lessonState(fen, goal, moves), `${goal}: ${moves.join(' ')}`);
    }
  } finally {
    g.delete();
  }
  const keys = Object.keys(readCatalogue('en', 'learn/')).filter((k) => k.startsWith('lesson.'));
  assert.deepEqual(
    keys.filter((k) => k !== 'lesson.joined' && !seen.has(k)),
    [],
    'lesson.* messages no lesson move gives',
  );
  assert.deepEqual(
    [...seen].filter((k) => !keys.includes(k)),
    [],
    'parts core gives that learn/en.json lacks',
  );
  // the words of a list, a piece and a number as the language says them
  const parts = [
    { key: 'lesson.captured', args: { side: 'scarlet', piece: 'W', square: '2b7' } },
    { key: 'lesson.targetsLeft', args: { count: 2, targets: ['2f5', '2g5'] } },
  ];
  assert.equal(
    feedbackWords(learnDe, parts),
    'Geschlagen: Krieger (Scharlach) auf 2b7. Noch 2 Ziele: 2f5 und 2g5.',
  );
  assert.equal(
    feedbackWords(translatorOf('zh-Hans', { parts: ['', 'learn/'] }), parts),
    '吃掉了2b7上的绯红方战士。还剩2个目标：2f5和2g5。',
  );
});

test('puzzles: solving with the replies played, wrong moves, hints, the next puzzle, progress', () => {
  const storage = memoryStorage();
  const P = createPuzzles(M, PUZZLES, puzzleStore(storage), learnEn);
  const moved = [];
  P.on('moved', (m) => moved.push(m.coordinate));
  // a puzzle of three solver moves or more: replies come from the solution
  const long = PUZZLES.puzzles.find((p) => p.moves.length >= 3);
  // a puzzle opens (in the focus view) on the level its last move went to, not the solver's
  for (const p of PUZZLES.puzzles.filter((x) => x.last && x.last[3] !== x.moves[0][0]).slice(0, 3)) {
    P.open(p.id);
    assert.deepEqual(P.scene(), { id: p.id, level: Number(p.last[3]) });
  }
  P.open(long.id);
  assert.equal(P.boardConfig().orientation, P.solver);
  // a wrong move first: nothing is played, the puzzle counts as failed
  const legal = [...P.dests().values()].flat();
  const wrong = legal.find((m) => m.coordinate !== long.moves[0] && !mates(long.fen, m.coordinate));
  assert.equal(P.play(wrong.from, wrong.to).value, 'wrong');
  assert.equal(P.note.kind, 'warn');
  assert.equal(P.k, 0);
  P.hint();
  assert.deepEqual(P.boardConfig().arrows, [
    {
      from: parseSquare(long.moves[0].slice(0, 3)),
      to: parseSquare(long.moves[0].slice(0, 3)),
      color: 'blue',
    },
  ]);
  P.hint();
  assert.equal(P.boardConfig().arrows[0].to, parseSquare(long.moves[0].slice(3, 6)));
  for (let i = 0; i < long.moves.length; i += 2) {
    const mv = long.moves[i];
    const r = P.play(mv.slice(0, 3), mv.slice(3, 6)).value;
    if (i + 1 < long.moves.length) {
      assert.equal(r, 'correct');
      assert.ok(P.replyPending);
      assert.equal(P.boardConfig().dests, null, 'no input while the reply is due');
      P.reply();
    } else {
      assert.equal(r, 'solved');
    }
  }
  assert.deepEqual(moved, long.moves);
  assert.equal(P.phase, 'solved');
  assert.ok(P.progress.solved[long.id]);
  assert.ok(P.progress.failed[long.id], 'a wrong try is remembered');
  // the next puzzle is another, unsolved one
  const next = P.nextId();
  assert.notEqual(next, long.id);
  P.next();
  assert.equal(P.puzzle.id, next);
  // the solution shown: played through, not counted as solved
  const rest = P.showSolution();
  assert.deepEqual(rest, P.puzzle.moves);
  for (const mv of rest) P.stepSolution(mv);
  assert.equal(P.phase, 'shown');
  assert.ok(!P.progress.solved[next]);
  // kept in storage, and resumed there
  const again = createPuzzles(M, PUZZLES, puzzleStore(storage), learnEn);
  again.resume();
  assert.equal(again.puzzle.id, next);
  assert.ok(again.progress.solved[long.id]);
  // the filter orders puzzles easiest first
  again.setFilter('hard');
  const hard = again.ordered();
  assert.ok(hard.every((p) => p.difficulty === 'hard'));
  for (let i = 1; i < hard.length; i++) assert.ok(hard[i - 1].rating <= hard[i].rating);
  assert.throws(
    () =>
      checkPuzzles({ format: 'dragonchess-puzzles 1', puzzles: [{ id: 'x', fen: '', moves: ['a', 'b'] }] }),
    /malformed/,
  );
});

test('puzzles: any mate solves a mate puzzle; a wrong move in a mate in one says why', () => {
  // the tutorial's frozen-King position: several moves mate
  const fen = LESSONS.lessons.find((l) => l.id === 'mate').steps[1].fen;
  const data = {
    format: 'dragonchess-puzzles 1',
    puzzles: [
      {
        id: 't1',
        fen,
        moves: ['2a12a8'],
        line: ['O2a8#'],
        goal: 'mate',
        mateIn: 1,
        rating: 700,
        difficulty: 'easy',
        tags: ['mate'],
      },
    ],
  };
  const P = createPuzzles(M, data, puzzleStore(memoryStorage()), learnEn);
  P.open('t1');
  assert.equal(P.play('2a1', '2b1').value, 'wrong');
  assert.match(P.note.text, /gives no check/);
  assert.equal(P.play('2a1', '2e1').value, 'solved', 'another mate (along the file) solves it too');
});

function mates(fen, move) {
  const g = new M.Game(fen, [move]);
  try {
    return g.status().state === 'checkmate';
  } finally {
    g.delete();
  }
}
