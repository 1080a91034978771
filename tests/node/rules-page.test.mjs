// The rules page's diagrams (web/app/ui/rules-page/diagrams.js) against the engine, under every
// rule set: each piece's diagram marks exactly the squares the engine lets that piece move to
// (on an empty board) and capture on (with an enemy piece there), each special rule's
// position marks exactly the engine's legal moves of its piece and shows what its section
// says, and every lesson links to a section the page has. The wasm engine under Node:
// node --test tests/node/rules-page.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine, ROOT, translatorOf } from './helpers.mjs';
import { reason } from '../../web/app/util/i18n.js';
import {
  pieceSections,
  ruleSections,
  startFigure,
  positionFigure,
  ruleSetIds,
  RULE_SECTIONS,
} from '../../web/app/ui/rules-page/diagrams.js';
import {
  SECTION,
  lessonAnchor,
  pieceAnchor,
  rulesLink,
} from '../../web/app/session/share/rules-page-links.js';
import { embedSnippet } from '../../web/app/ui/embed/embed-snippet.js';
import { withWords } from '../../web/app/session/learn/words.js';
import { parseSquare, squareName, levelOf } from '../../web/app/facts/squares.js';

// the lessons file with its words in English, as the page reads it
const lessons = withWords(
  JSON.parse(readFileSync(join(ROOT, 'public/learn/lessons.json'), 'utf8')),
  translatorOf('en', { parts: ['learn/'] }),
);
const sorted = (l) => [...l].sort((a, b) => a - b);

// A Scarlet piece that may stand on each level, and freezes nothing (no Basilisk).
const ENEMY = { 3: 'g', 2: 'o', 1: 'd' };

// The squares the engine lets the piece on `square` of `fen` go to: {move: empty squares,
// capture: squares where an enemy piece (of a type that may stand on that level) would be
// taken, afar: those taken from afar}. Square integers.
function engineReach(M, fen, square, rules) {
  const g = new M.Game(fen, [], rules);
  const board = g.board();
  const move = g
    .legalMovesDetailed()
    .filter((m) => m.from === square)
    .map((m) => parseSquare(m.to));
  const capture = [],
    afar = [];
  for (let sq = 0; sq < 288; sq++) {
    if (board[sq] !== '.') continue;
    const b = board.split('');
    b[sq] = ENEMY[levelOf(sq)];
    g.setPosition(M.positionFromBoard(b.join(''), 'gold', rules), [], rules);
    const m = g.legalMovesDetailed().find((x) => x.from === square && x.to === squareName(sq));
    if (!m) continue;
    capture.push(sq);
    if (m.kind === 'afar') afar.push(sq);
  }
  g.delete();
  return { move: sorted(move), capture, afar };
}

test('the page knows every rule set of core, the default first', async () => {
  const M = await loadEngine();
  assert.deepEqual(
    ruleSetIds(M),
    M.RULE_SETS.map((r) => r.id),
  );
  assert.ok(ruleSetIds(M).length >= 2);
});

test("every piece, on every level it stands on, with core's words", async () => {
  const M = await loadEngine();
  for (const rules of ruleSetIds(M)) {
    const pieces = pieceSections(M, rules);
    assert.deepEqual(
      pieces.map((p) => p.letter),
      M.PIECES.map((p) => p.letter),
    );
    for (const p of pieces) {
      const core = M.PIECES.find((x) => x.letter === p.letter);
      assert.equal(p.anchor, pieceAnchor(core.name));
      assert.deepEqual(
        p.figures.map((f) => f.level),
        sorted(core.levels).reverse(),
        `${p.name} under ${rules}`,
      );
      for (const f of p.figures) assert.equal(f.wordsKey, core.movementByRules[rules][f.level - 1]);
    }
  }
});

test("each piece diagram marks exactly the engine's moves and captures, under each rule set", async () => {
  const M = await loadEngine();
  let figures = 0;
  for (const rules of ruleSetIds(M)) {
    for (const p of pieceSections(M, rules)) {
      for (const f of p.figures) {
        const d = f.plan.state.diagram,
          what = `${p.name} on ${f.square} under ${rules}`;
        const reach = engineReach(M, f.embed.fen, f.square, rules);
        const moveOnly = d.move.filter((q) => !d.capture.includes(q));
        // moves to empty squares: the diagram's dots (move only, or move or capture)
        assert.deepEqual(sorted(d.move), reach.move, `${what}: moves`);
        // captures: the rings, and the red sights of captures from afar
        assert.deepEqual(sorted([...d.capture, ...d.afar]), reach.capture, `${what}: captures`);
        assert.deepEqual(sorted(d.afar), reach.afar, `${what}: captures from afar`);
        assert.ok(moveOnly.length + d.capture.length + d.afar.length > 0, `${what}: an empty diagram`);
        // the levels shown: the piece's own and every level it reaches
        const need = new Set([f.level, ...[...d.move, ...d.capture, ...d.afar].map(levelOf)]);
        assert.deepEqual(
          f.plan.levels,
          [3, 2, 1].filter((l) => need.has(l)),
          `${what}: levels`,
        );
        assert.equal(f.plan.state.selected, parseSquare(f.square));
        figures++;
      }
    }
  }
  assert.equal(figures % ruleSetIds(M).length, 0);
  assert.ok(figures / ruleSetIds(M).length >= 25, `${figures} figures`);
});

test('the rule sets differ where core says: the Griffon on the Ground, the Basilisk', async () => {
  const M = await loadEngine();
  const [a, b] = ruleSetIds(M).map((r) => pieceSections(M, r));
  const differ = a
    .filter((p, i) =>
      p.figures.some(
        (f, j) => JSON.stringify(f.plan.state.diagram) !== JSON.stringify(b[i].figures[j].plan.state.diagram),
      ),
    )
    .map((p) => p.name);
  const wordsDiffer = M.PIECES.filter(
    (p) => p.movementByRules[M.RULE_SETS[0].id].join() !== p.movementByRules[M.RULE_SETS[1].id].join(),
  ).map((p) => p.name);
  assert.ok(differ.length > 0, 'the switch changes some diagram');
  for (const name of differ)
    assert.ok(wordsDiffer.includes(name), `${name}'s diagram differs but not its words`);
});

test('each special rule: a position the engine reads, the legal moves of its piece, and the rule at work', async () => {
  const M = await loadEngine();
  for (const rules of ruleSetIds(M)) {
    const sections = ruleSections(M, lessons, rules);
    assert.deepEqual(
      sections.map((s) => s.anchor),
      RULE_SECTIONS.map((s) => s.anchor),
    );
    for (const s of sections) {
      const what = `${s.anchor} under ${rules}`;
      assert.equal(s.error, undefined, `${what}: ${s.error}`);
      const g = new M.Game(s.fen, [], rules);
      // exactly the engine's legal moves of the piece, as dots and rings, and its captures from afar as sights
      const legal = g
        .legalMoves()
        .filter((m) => m.startsWith(s.square))
        .map((m) => parseSquare(m.slice(3)));
      const st = s.plan.state;
      assert.equal(st.selected, parseSquare(s.square), what);
      assert.deepEqual([...st.dests.keys()], legal.length ? [parseSquare(s.square)] : [], what);
      assert.deepEqual(sorted(st.dests.get(parseSquare(s.square)) || []), sorted(legal), `${what}: moves`);
      const afar = g
        .legalMovesDetailed()
        .filter((m) => m.from === s.square && m.kind === 'afar')
        .map((m) => parseSquare(m.to));
      assert.deepEqual(sorted(st.afar.get(parseSquare(s.square)) || []), sorted(afar), `${what}: from afar`);
      assert.equal(st.pieces, g.board());
      assert.deepEqual(sorted(st.frozen), sorted(g.frozen().map(parseSquare)));
      // the reader's first move (the lesson's) is one of them, and does what the section is about
      const first = s.solution[0];
      assert.ok(
        legal.includes(parseSquare(first.slice(3))) && first.startsWith(s.square),
        `${what}: ${first} is not marked`,
      );
      const kingLevel = () => Number(g.checkedKing()[0]);
      const played = g.play(first);
      const point = {
        [SECTION.levels]: () => levelOf(parseSquare(played.to)) !== levelOf(parseSquare(played.from)),
        [SECTION.via]: () =>
          Math.abs(levelOf(parseSquare(played.to)) - levelOf(parseSquare(played.from))) === 2 ||
          played.kind === 'capture',
        [SECTION.afar]: () => played.kind === 'afar' && g.board()[parseSquare(s.square)] === 'R',
        [SECTION.freezing]: () => g.frozen().length > 0,
        [SECTION.sylphReturn]: () => levelOf(parseSquare(played.to)) === 3,
        [SECTION.promotion]: () => g.board()[parseSquare(played.to)] === 'W' || played.promotion,
        [SECTION.check]: () => g.status().check && g.checkers().some((q) => Number(q[0]) !== kingLevel()),
        [SECTION.mate]: () => g.status().state === 'checkmate',
      }[s.anchor];
      assert.ok(point(), `${what}: ${first} does not show the rule`);
      g.delete();
    }
  }
});

test("promotion: the lesson's moves make a Hero (the other side passing, as in the lesson)", async () => {
  const M = await loadEngine();
  const s = ruleSections(M, lessons, ruleSetIds(M)[0]).find((x) => x.anchor === SECTION.promotion);
  const r = M.lessonState(s.fen, s.goal, s.solution);
  assert.ok(r.done, r.message);
  assert.equal(r.board[parseSquare(s.solution.at(-1).slice(3))], 'H');
});

test('a position the engine refuses is an error naming why, not a diagram', async () => {
  const M = await loadEngine();
  const bad = positionFigure(M, '12/12/12 g 0 1', null, ruleSetIds(M)[0]);
  assert.ok(bad.error && !bad.plan, JSON.stringify(bad));
  const broken = {
    lessons: lessons.lessons.map((l) =>
      l.id === 'promotion' ? { ...l, steps: [{ ...l.steps[0], fen: l.steps[0].fen.replace('W', 'X') }] } : l,
    ),
  };
  const s = ruleSections(M, broken, ruleSetIds(M)[0]).find((x) => x.anchor === SECTION.promotion);
  assert.match(reason(translatorOf('en'), s), /^the position of the lesson promotion \(step 1\): /);
  const missing = ruleSections(M, { lessons: [] }, ruleSetIds(M)[0]);
  assert.ok(missing.every((x) => x.error));
});

test("the start position: the engine's, on all three levels, nothing marked", async () => {
  const M = await loadEngine();
  const f = startFigure(M, ruleSetIds(M)[0]);
  const g = new M.Game();
  assert.equal(f.plan.state.pieces, g.board());
  assert.deepEqual(f.plan.levels, [3, 2, 1]);
  assert.equal(f.plan.state.selected ?? null, null);
  assert.equal(f.plan.state.diagram, null);
  g.delete();
});

test('every figure has an embed snippet naming its rule set when it is not the default', async () => {
  const M = await loadEngine();
  const [dflt, other] = ruleSetIds(M);
  for (const rules of [dflt, other]) {
    const all = [
      startFigure(M, rules),
      ...pieceSections(M, rules).flatMap((p) => p.figures),
      ...ruleSections(M, lessons, rules),
    ];
    for (const f of all) {
      const html = embedSnippet(f.embed, 'https://example.org/rules.html');
      assert.match(html, /^<iframe src="https:\/\/example\.org\/embed\.html#/);
      assert.equal(html.includes(`rules=${other}`), rules === other, html);
    }
  }
});

test('every lesson links to a section of the page; section anchors are unique', async () => {
  const M = await loadEngine();
  const rules = ruleSetIds(M)[0];
  const anchors = [...Object.values(SECTION), ...pieceSections(M, rules).map((p) => p.anchor)];
  assert.equal(new Set(anchors).size, anchors.length);
  const pieceName = (l) => M.PIECES.find((p) => p.letter === l.toUpperCase()).name;
  for (const l of lessons.lessons) {
    const a = lessonAnchor(l, pieceName);
    assert.ok(anchors.includes(a), `lesson ${l.id}: ${a}`);
  }
  assert.equal(rulesLink(SECTION.freezing), 'rules.html#freezing');
  assert.equal(rulesLink('griffon', 'bga'), 'rules.html?rules=bga#griffon');
});
