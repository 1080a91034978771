// The facts of the game the page shows, from their owner: core, through the wasm module's
// exports (wasm/facts.cpp): the pieces' names and values, the start position, the words
// for the end of a game. Nothing here is written again in JS; useFacts(M) reads them once
// the module has loaded (GameModel calls it; so do the embeds and the tests).

let names = null, values = null, start = null, levelTexts = null;

/** M: the engine module (DragonchessEngine() instance). Idempotent. */
export function useFacts(M) {
  if (names) return;
  names = new Map(), values = new Map();
  for (const p of M.PIECES) {
    names.set(p.letter.toUpperCase(), p.name);
    values.set(p.letter.toUpperCase(), p.value / 100);  // Gygax's values, in pawns
  }
  start = M.START_POSITION;
  levelTexts = new Map(M.LEVELS.map((l) => [l.level, l.text]));
}

function need() {
  if (!names) throw new Error('facts.js: useFacts(M) must be called once the engine module has loaded');
}
/** 'w' or 'W' -> 'Warrior' ('' for anything else). */
export function pieceName(letter) { need(); return names.get(String(letter).toUpperCase()) || ''; }
/** Gygax's value in pawns (the King 0). */
export function pieceValue(letter) { need(); return values.get(String(letter).toUpperCase()) || 0; }
/** Computer strength 1..10 in plain words (core's level_words, from the level's settings);
 * '' for another number or before the module has loaded (the dialog asks again on input). */
export function levelText(level) { return (levelTexts && levelTexts.get(Number(level))) || ''; }
/** The standard start position string. */
export function startPosition() { need(); return start; }

/** Core's words for why a game ended (st: a status from the engine), as a sentence. */
export function endSentence(st) {
  const r = String(st.reason || st.state || '');
  return r.charAt(0).toUpperCase() + r.slice(1) + (r.endsWith('.') ? '' : '.');
}
