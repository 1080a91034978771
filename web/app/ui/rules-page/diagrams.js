// What the rules page shows, as plain data (no DOM; tests/node/rules-page.test.mjs drives it
// under Node): each piece's move diagram on every level it stands on (the piece cards' own,
// piece-card.js, under the chosen rule set), each special rule's position with the legal
// moves of its piece (a step of a lesson, public/learn/lessons.json: positions core's tests
// play), and the start position. Every square marked comes from the engine; every position
// is read by the engine, and one it refuses is an {error} naming it.
import { cardData } from '../learn/piece-card.js';
import { diagramBoard } from '../embed/diagram-board.js';
import { levelsNeeded, withLevels } from '../embed/embed-layout.js';
import { movesByOrigin, destSquares, afarSquares } from '../../facts/moves.js';
import { parseSquare, levelOf } from '../../facts/squares.js';
import { useFacts, ruleSetList } from '../../facts/facts.js';
import { attempt, failure, refusal } from '../../util/result.js';
import { coreRefusal } from '../../facts/terms.js';
import { SECTION, pieceAnchor } from '../../session/share/rules-page-links.js';

/** The special rules, in the page's order: the section, the rule lesson whose title and
 *  introduction explain it (none: the page's own words, the catalogue's), and the lesson step whose
 *  position the reader plays.
 *  @type {ReadonlyArray<{anchor: string, explain: string | null, lesson: string, step: number}>} */
export const RULE_SECTIONS = Object.freeze(
  [
    { anchor: SECTION.levels, explain: null, lesson: 'hero', step: 1 },
    { anchor: SECTION.via, explain: 'via', lesson: 'via', step: 0 },
    { anchor: SECTION.afar, explain: 'afar', lesson: 'dragon', step: 1 },
    { anchor: SECTION.freezing, explain: 'freezing', lesson: 'freezing', step: 1 },
    { anchor: SECTION.sylphReturn, explain: 'sylph-return', lesson: 'sylph-return', step: 0 },
    { anchor: SECTION.promotion, explain: 'promotion', lesson: 'promotion', step: 0 },
    { anchor: SECTION.check, explain: 'check-levels', lesson: 'check-levels', step: 0 },
    { anchor: SECTION.mate, explain: 'mate', lesson: 'mate', step: 1 },
  ].map((s) => Object.freeze(s)),
);

/** The catalogue's key of an explaining lesson's title (the section's heading). Its words
 *  in English are the lesson's own title (tests/node/catalogues.test.mjs checks they agree). */
export const lessonTitleKey = (id) => `lesson.${id}.title`;

/** The rule set ids, the default first (core's RULE_SETS). */
export function ruleSetIds(M) {
  useFacts(M);
  return ruleSetList().map((r) => r.id);
}

/** The embed options (embed-snippet.js) of a diagram: the rule set only when not the default. */
function embedOf(M, o, rules) {
  return { ...o, ...(rules !== ruleSetIds(M)[0] ? { rules } : {}) };
}

/**
 * Every piece, in core's order, with a figure per level it stands on (Sky first):
 * [{anchor, letter, name, value, levels, figures: [{id, level, wordsKey (the catalogue key
 * of core's words), others, square, count, plan: {state, levels}, embed}]}] under `rules`.
 */
export function pieceSections(M, rules) {
  useFacts(M);
  return M.PIECES.map((p) => {
    const card = cardData(M, p.letter, rules);
    const anchor = pieceAnchor(card.name);
    return {
      anchor,
      letter: card.letter,
      name: card.name,
      value: card.value,
      levels: card.levels,
      figures: card.diagrams.map((d) => ({
        id: `${anchor}-${d.level}`,
        level: d.level,
        wordsKey: d.wordsKey,
        others: d.others,
        square: d.square,
        count: d.count,
        plan: {
          state: { pieces: d.pieces, selected: parseSquare(d.square), diagram: d.diagram, frozen: [] },
          levels: d.levels,
        },
        embed: embedOf(M, { fen: d.fen, show: d.square, levels: d.levels }, rules),
      })),
    };
  });
}

/**
 * A position with the legal moves of the piece on `square` marked (square null: none), as
 * the engine gives them under `rules`: {fen, square, moves: [the engine's moves from
 * there], plan: {state, levels}} or the engine's reason (a failure: coreRefusal).
 */
export function positionFigure(M, fen, square, rules) {
  const g = new M.Game();
  try {
    const set = attempt(() => g.setPosition(fen, [], rules));
    if (set.error) {
      const why = failure(coreRefusal(set));
      return { error: why.error, args: why.args };
    }
    const state = diagramBoard(g);
    const moves = square ? g.legalMovesDetailed().filter((m) => m.from === square) : [];
    const by = movesByOrigin(moves);
    let levels = levelsNeeded({ pieces: state.pieces, lastMove: state.lastMove });
    if (square) {
      Object.assign(state, { selected: parseSquare(square), dests: destSquares(by), afar: afarSquares(by) });
      levels = withLevels(levels, [
        levelOf(parseSquare(square)),
        ...moves.map((m) => levelOf(parseSquare(m.to))),
      ]);
    }
    return { fen: g.fen(), square, moves, plan: { state, levels } };
  } finally {
    g.delete();
  }
}

// The piece a lesson step plays: its goal's `with` square, or the first move's origin.
function stepPiece(step) {
  const w = /\bwith (\S+)/.exec(step.goal || '');
  return w ? w[1] : String((step.solution || [])[0] || '').slice(0, 3) || null;
}

/**
 * The special rules' sections under `rules`, from the lessons (the parsed lessons.json):
 * [{anchor, explain (the explaining lesson: {title, intro}, or null), task, goal, square,
 * solution, fen, moves, plan, embed}], a section whose lesson, step or position is missing
 * or refused as {anchor, ...a refusal} (util/result.js: said by reason()).
 */
export function ruleSections(M, lessons, rules) {
  const byId = new Map(((lessons && lessons.lessons) || []).map((l) => [l.id, l]));
  return RULE_SECTIONS.map((s) => {
    const lesson = byId.get(s.lesson),
      step = lesson && lesson.steps[s.step];
    const explain = s.explain ? byId.get(s.explain) : null;
    if (!step || (s.explain && !explain))
      return {
        anchor: s.anchor,
        ...refusal('rules.lessonMissing', { lesson: s.explain || s.lesson, step: s.step + 1 }),
      };
    const square = stepPiece(step);
    const f = positionFigure(M, step.fen, square, rules);
    if (f.error)
      return {
        anchor: s.anchor,
        ...refusal('rules.lessonPosition', { lesson: s.lesson, step: s.step + 1, why: f }),
      };
    return {
      anchor: s.anchor,
      explain: explain ? { id: explain.id, title: explain.title, intro: explain.intro } : null,
      task: step.task,
      goal: step.goal,
      solution: step.solution,
      ...f,
      id: s.anchor,
      embed: embedOf(M, { fen: f.fen, levels: f.plan.levels }, rules),
    };
  });
}

/** The start position, no marks: {fen, moves: [], plan, embed}. */
export function startFigure(M, rules) {
  useFacts(M);
  const f = positionFigure(M, M.START_POSITION, null, rules);
  return { ...f, id: SECTION.start, embed: embedOf(M, { levels: f.plan.levels }, rules) };
}
