// Core's words in the reader's language: core names pieces, sides, boards, rule sets and
// the ends of a game by identifiers (a piece's letter, 'gold', a level, 'bga', a status's
// state), and the catalogue (public/i18n/<code>.json) holds each one's words under a key
// made here, in one place. tests/node/catalogues.test.mjs checks each family's keys are
// exactly core's identifiers.
//
//   pieceTerm(t, 'W') -> 'Krieger'      endTerm(t, status) -> 'Schachmatt, Gold gewinnt.'
import { other, levelSettings } from './facts.js';
import { refusal } from '../util/result.js';
import { allOf } from '../util/i18n.js';

/** The key families and how each key is made (the catalogue test reads these). */
export const TERM_KEYS = Object.freeze({
  piece: (letter) => `piece.${String(letter).toUpperCase()}`,
  side: (id) => `side.${id}`,
  level: (level) => `level.${level}`,
  ruleSet: (id) => `ruleSet.name.${id}`,
  ruleSummary: (id) => `ruleSet.summary.${id}`,
  end: (state) => `end.${state}`,
  strength: (level) => `player.strength.${level}`,
});

/** @typedef {import('../util/i18n.js').Translator} Translator */

/** 'W' or 'w' -> the Warrior's name. */
export const pieceTerm = (/** @type {Translator} */ t, letter) => t(TERM_KEYS.piece(letter));
/** 'gold' -> Gold's name. */
export const sideTerm = (/** @type {Translator} */ t, id) => t(TERM_KEYS.side(id));
/** 1..3 -> the board's name (Underworld, Ground, Sky). */
export const levelTerm = (/** @type {Translator} */ t, level) => t(TERM_KEYS.level(level));
/** 'bga' -> the rule set's name. */
export const ruleSetTerm = (/** @type {Translator} */ t, id) => t(TERM_KEYS.ruleSet(id));
/** 'bga' -> what the rule set changes, in a sentence or two. */
export const ruleSummaryTerm = (/** @type {Translator} */ t, id) => t(TERM_KEYS.ruleSummary(id));

/** How the arguments core names are said (its refusals, core/result.h, and a lesson's
 *  feedback, core/lesson.h LessonPart): a piece by its letter, a side by its id (a game's
 *  winner and loser too; each a refusal of its term's key, which reason() words), the
 *  options of an ambiguous move (coordinate moves, space-separated) and a lesson's goals and
 *  moves as lists of which one is meant, a lesson's targets as a list of which all are; the
 *  rest (squares, moves, numbers) as they are. A refusal among them ({key, args}: the reason
 *  a wrapper names, what a reader expected) is said by its own key. */
const CORE_ARGS = Object.freeze({
  piece: (letter) => refusal(TERM_KEYS.piece(letter)),
  named: (letter) => refusal(TERM_KEYS.piece(letter)),
  captured: (letter) => refusal(TERM_KEYS.piece(letter)),
  by: (letter) => refusal(TERM_KEYS.piece(letter)),
  side: (id) => refusal(TERM_KEYS.side(id)),
  toMove: (id) => refusal(TERM_KEYS.side(id)),
  winner: (id) => refusal(TERM_KEYS.side(id)),
  loser: (id) => refusal(TERM_KEYS.side(id)),
  options: (moves) => moves.split(' '),
  targets: (squares) => allOf(squares),
});

/** What core names ({key, args}) as the page's refusal of the message `prefix` + key
 *  (`core.` for a refusal; '' for a lesson's part, whose key is the learn catalogue's). */
export function coreWords({ key, args }, prefix = 'core.') {
  return refusal(
    prefix + key,
    Object.fromEntries(
      Object.entries(args).map(([k, v]) => [
        k,
        v && typeof v === 'object' && !Array.isArray(v) ? coreWords(v) : CORE_ARGS[k] ? CORE_ARGS[k](v) : v,
      ]),
    ),
  );
}

/** A failure from the engine as the page words it: a refused move's reason as core names
 *  it (the failure's `core`: {key, args}, core/result.h) becomes the refusal
 *  `core.<key>` (util/i18n.js reason() says it); anything else is passed on.
 *  @template {{code?: string, core?: {key: string, args: Record<string, any>}}} R
 *  @param {R} r @returns {R | import('../util/result.js').Failure} */
export function coreRefusal(r) {
  if (!r.core) return r;
  const said = coreWords(r.core);
  return r.code ? { ...said, code: r.code } : said;
}

/** The boards' titles for the renderer (board.set's levelLabels): level 1..3's name and
 *  "level N" in the reader's words. */
export const boardLabels = (/** @type {Translator} */ t) =>
  [1, 2, 3].map((level) => ({ name: levelTerm(t, level), sub: t('board.level', { level }) }));

/** Why a game ended, as a sentence (st: a status from the engine: {state, winner}). */
export function endTerm(/** @type {Translator} */ t, st) {
  const winner = st.winner ? sideTerm(t, st.winner) : '';
  const loser = st.winner ? sideTerm(t, other(st.winner)) : '';
  return t(TERM_KEYS.end(st.state), { winner, loser });
}

/** Computer strength 1..10 in plain words, made from the level's settings (its sentence
 *  says what it sees and misses, as core's level_words does in English: the catalogue test
 *  holds the two together); '' for another number or before the module has loaded. */
export function strengthTerm(/** @type {Translator} */ t, level) {
  const l = levelSettings(level);
  if (!l) return '';
  return t(TERM_KEYS.strength(l.level), {
    depth: l.maxDepth,
    nodes: l.maxNodes,
    seconds: Math.floor((l.movetime + 50) / 100) / 10, // core's tenths of a second
    minNodes: l.minNodes,
    maxSeconds: Math.floor(l.maxMovetime / 1000),
  });
}

/** A piece's name (by its letter) and a side's (by its id) as an argument of a refusal or a
 *  note: the refusal of its term's key, which util/i18n.js reason() words. */
export const pieceRefusal = (letter) => refusal(TERM_KEYS.piece(letter));
export const sideRefusal = (id) => refusal(TERM_KEYS.side(id));
