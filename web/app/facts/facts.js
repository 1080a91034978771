// The facts of the game the page shows, from their owner: core, through the wasm module's
// exports (wasm/facts.cpp): the pieces' names and values, the sides' names, the boards'
// names, the computer's strengths, the start position, the words for the end of a game.
// Nothing here is written again in JS; useFacts(M) reads them once the module has loaded
// (GameModel calls it; so do the embeds and the tests).

/**
 * The facade's values (wasm/facts.cpp), as the page reads them.
 * A piece type: its letter (Gold's, upper case), name, Gygax's value (centipawns), the
 * levels it may stand on, how it moves (per level 1, 2, 3, the message catalogue's key of
 * its words, '' where it never stands: the default rule set's and each rule set's by id;
 * public/i18n/<code>.json holds the words).
 * @typedef {{letter: string, name: string, value: number, levels: number[], movement: string[], movementByRules: Record<string, string[]>}} PieceFact
 * A rule set: its id ('gygax', 'bga'), its name for people, the variant and a summary.
 * @typedef {{id: string, name: string, short: string, variant: string, summary: string}} RuleSet
 * A side: {id: 'gold' | 'scarlet', name}; a board: {level: 1..3, name}.
 * @typedef {{id: string, name: string}} Side
 * @typedef {{level: number, name: string}} Board
 * A computer strength: its level (1..10), its search settings, its words for people.
 * @typedef {{level: number, text: string, maxDepth: number, maxNodes: number, movetime: number, minNodes: number, maxMovetime: number, exactRoot: boolean, blunderPct: number}} Level
 * The engine module (a DragonchessEngine() instance): the facts above, and the classes
 * and functions of the facade (docs/worker-protocol.md, "The wasm module"), not typed here.
 * @typedef {{START_POSITION: string, PIECES: PieceFact[], RULE_SETS: RuleSet[], COLORS: Side[], BOARDS: Board[], LEVELS: Level[], [more: string]: any}} EngineModule
 */

let names = null,
  values = null,
  start = null,
  levelList = null,
  boardNames = null,
  strengths = null,
  ruleSets = null;

/** Side id -> its name ('gold' -> 'Gold'), core's COLORS; filled by useFacts(M). */
export const SIDE_NAME = {};

/** M: the engine module (DragonchessEngine() instance). Idempotent.
 *  @param {EngineModule} M */
export function useFacts(M) {
  if (names) return;
  ((names = new Map()), (values = new Map()));
  for (const p of M.PIECES) {
    names.set(p.letter.toUpperCase(), p.name);
    values.set(p.letter.toUpperCase(), p.value / 100); // Gygax's values, in pawns
  }
  for (const c of M.COLORS) SIDE_NAME[c.id] = c.name;
  Object.freeze(SIDE_NAME);
  start = M.START_POSITION;
  levelList = new Map(M.LEVELS.map((l) => [l.level, l]));
  strengths = Object.freeze({ min: M.LEVELS[0].level, max: M.LEVELS[M.LEVELS.length - 1].level });
  boardNames = new Map(M.BOARDS.map((b) => [b.level, b.name]));
  ruleSets = M.RULE_SETS;
}

/** The rule sets, the default first: [{id ('gygax' | 'bga'), name, short, variant, summary}]
 *  (core's RULE_SETS); null before the module has loaded. */
/** @returns {RuleSet[] | null} */
export function ruleSetList() {
  return ruleSets;
}
/** The default rule set's id: core's first rule set ('gygax'). */
export function defaultRules() {
  need();
  return ruleSets[0].id;
}
/** A rule set's name for people ('Gygax (Dragon #100)', 'Board Game Arena'); the id
 *  itself for an unknown one or before the module has loaded. */
export function ruleSetName(id) {
  const r = ruleSets && ruleSets.find((x) => x.id === id);
  return r ? r.name : String(id);
}
/** Its name in a word ('Gygax', 'BGA'), where the whole name does not fit; as ruleSetName
 *  for an unknown one. */
export function ruleSetShortName(id) {
  const r = ruleSets && ruleSets.find((x) => x.id === id);
  return r ? r.short : String(id);
}
function need() {
  if (!names) throw new Error('facts.js: useFacts(M) must be called once the engine module has loaded');
}
/** 'w' or 'W' -> 'Warrior' ('' for anything else). */
export function pieceName(letter) {
  need();
  return names.get(String(letter).toUpperCase()) || '';
}
/** Gygax's value in pawns (the King 0). */
export function pieceValue(letter) {
  need();
  return values.get(String(letter).toUpperCase()) || 0;
}
/** The side a piece letter belongs to (core's letters: Gold upper case, Scarlet lower
 *  case): 'gold', 'scarlet', or null for an empty square ('.') or anything else. */
export function pieceSide(letter) {
  return typeof letter === 'string' && /^[A-Za-z]$/.test(letter)
    ? letter <= 'Z'
      ? 'gold'
      : 'scarlet'
    : null;
}
/** The other side. */
export const other = (side) => (side === 'gold' ? 'scarlet' : 'gold');
/** A board's name: 1 -> 'Underworld', 2 -> 'Ground', 3 -> 'Sky' (core's level_name). */
export function levelName(level) {
  need();
  return boardNames.get(Number(level)) || '';
}
/** The computer's strengths: {min, max} (core's levels 1..10). */
export function strengthRange() {
  need();
  return strengths;
}
/** Computer strength 1..10: its settings (core's LEVELS: the search's limits and its
 *  weaknesses, and `text`, core's English words for them); null for another number or
 *  before the module has loaded (the dialog asks again on input). The page says a strength
 *  in the reader's words with terms.js strengthTerm. */
export function levelSettings(level) {
  return (levelList && levelList.get(Number(level))) || null;
}
/** The standard start position string. */
export function startPosition() {
  need();
  return start;
}

/** Core's words for why a game ended (st: a status from the engine), as a sentence. */
export function endSentence(st) {
  const r = String(st.reason || st.state || '');
  return r.charAt(0).toUpperCase() + r.slice(1) + (r.endsWith('.') ? '' : '.');
}
