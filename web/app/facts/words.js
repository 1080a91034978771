// The game in words, written once for the whole page: a piece, a square (the keyboard focus
// and screen readers), a played move, a square's moves, and the end of a game (the status
// line, the move list, the summary, the announcements). The facts in them are core's
// (facts.js: names, core's reasons and results); no rule is decided here.
import { pieceSide, SIDE_NAME, other } from './facts.js';
import { parseSquare } from './squares.js';
import { pieceTerm, sideTerm, levelTerm, endTerm } from './terms.js';
import { listWords } from '../util/i18n.js';

/** @typedef {import('../util/i18n.js').Translator} Translator */

/** 'W' -> 'Gold Warrior' in the reader's words (note.piece); an empty square or anything
 *  else -> `none`.
 *  @param {Translator} t */
export function pieceWords(t, letter, none = '') {
  const side = pieceSide(letter);
  return side ? t('note.piece', { side: sideTerm(t, side), piece: pieceTerm(t, letter) }) : none;
}

/** A square and what stands there: "2e4, Gold Warrior, frozen by a Basilisk, in check".
 *  board: the 288-character board; frozen: square names; check: the checked King's square.
 *  @param {Translator} t */
export function squareWords(t, name, { board, frozen = [], check = null }) {
  const parts = [name, pieceWords(t, board[parseSquare(name)], t('square.empty'))];
  if (frozen.includes(name)) parts.push(t('square.frozen'));
  if (check === name) parts.push(t('square.inCheck'));
  return parts.join(t('square.sep'));
}

/** A piece's legal moves in words: "3 moves: 2c3, 2c4 capture, ..." (the engine's moves;
 *  at most `max` of them, then "and more"; `kinds`: say which are captures).
 *  @param {Translator} t */
export function destinationWords(t, moves, { max = Infinity, kinds = false } = {}) {
  const one = (d) =>
    kinds && (d.kind === 'capture' || d.kind === 'afar')
      ? t(d.kind === 'afar' ? 'square.dest.afar' : 'square.dest.capture', { to: d.to })
      : d.to;
  const list = moves.slice(0, max).map(one).join(t('square.sep'));
  return t('square.moves', { n: moves.length, list, more: moves.length > max ? 'yes' : 'no' });
}

/** Who gives check, in the reader's words (snap: a snapshot {board, check, checkers}, squares
 *  by name): "by the Scarlet Dragon on 3f1 (Sky, level 3)", naming the board of a piece on
 *  another level than the King's; '' when nobody does. */
export function checkWords(/** @type {Translator} */ t, { board, check, checkers = [] }) {
  if (!check || !checkers.length) return '';
  const one = (sq) => {
    const letter = board[parseSquare(sq)];
    const args = { side: sideTerm(t, pieceSide(letter)), piece: pieceTerm(t, letter), square: sq };
    return sq[0] === check[0]
      ? t('status.checker', args)
      : t('status.checkerLevel', { ...args, level: levelTerm(t, sq[0]), n: Number(sq[0]) });
  };
  return t('status.by', { pieces: listWords(t.locale, checkers.map(one)) });
}

/** Help used in a game between people, as the game notes it: "Gold used a hint." */
export function assistWords({ side, kind }) {
  return `${SIDE_NAME[side]} used ${kind === 'hint' ? 'a hint' : 'the analysis'}.`;
}

// --- the end of a game ---------------------------------------------------------------------
/** "Scarlet resigned: Gold wins." */
export const resignedWords = (winner) => `${SIDE_NAME[other(winner)]} resigned: ${SIDE_NAME[winner]} wins.`;

/** Core's result ("1-0", "0-1", "1/2-1/2"; st.result) as the page prints it: 1–0, 0–1, ½–½. */
export function resultScore(st) {
  return String(st.result || '*')
    .replace(/1\/2/g, '½')
    .replace(/-/g, '–');
}

/**
 * A played move in the reader's words (note.move.*): "Gold Warrior 2c2 to 2c3", "Gold Hero
 * 2d1 takes Scarlet Warrior on 2e2, check by …", "…. Checkmate: Gold wins." `p` is the
 * engine's move ({from, to, kind, promotion}), `before`/`after` the model's snapshots around
 * it ({board, side, status, checkers}).
 * @param {Translator} t
 */
export function moveWords(t, p, before, after) {
  const piece = (letter) => pieceWords(t, letter);
  const at = (sq) => before.board[parseSquare(sq)];
  const args = { who: piece(at(p.from)), from: p.from, to: p.to };
  let s =
    p.kind === 'afar' || p.kind === 'capture'
      ? t(p.kind === 'afar' ? 'note.move.afar' : 'note.move.capture', { ...args, victim: piece(at(p.to)) })
      : t('note.move.move', args);
  if (p.promotion) {
    const now = after.board[parseSquare(p.to)];
    if (pieceSide(now)) s += t('note.move.promotes', { piece: pieceTerm(t, now) });
  }
  const st = after.status || {};
  if (st.over) s += t('note.move.end', { end: endTerm(t, st) });
  else if (st.check)
    s += t('status.playedCheck', { by: after.checkers ? checkWords(t, after) : '' }).trimEnd();
  return s;
}
