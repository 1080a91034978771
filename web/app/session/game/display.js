// The game as the page shows it, read from the controller (session/game/controller.js)
// and never written: the status line, the board's whole state (the board component's
// contract), a square described for the keyboard's focus. The controller's methods of the
// same names answer these.
import { pieceSide, other } from '../../facts/facts.js';
import { parseSquare } from '../../facts/squares.js';
import { destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import { squareWords, destinationWords, checkWords } from '../../facts/words.js';
import { pieceTerm, sideTerm } from '../../facts/terms.js';
import { endTitle, endReason } from '../../facts/end-words.js';

/** @typedef {import('./controller.js').Controller} Controller */
/** @typedef {import('../../util/i18n.js').Translator} Translator */

// The status line: {text, sub, subKind, side, kind, backLink?, action?: {label, act} (a note's button)},
// in the reader's words (status.* in the catalogues).
/** @param {Controller} ctl @param {Translator} t @returns {import('../../util/shapes.js').StatusLine} */
export function statusLine(ctl, t) {
  const m = ctl.model,
    snap = ctl.shown(),
    status = snap.status,
    note = ctl.note;
  if (!ctl.isLive()) {
    const p = m.plies[ctl.viewPly - 1];
    return {
      text: ctl.viewPly
        ? t('status.after', { move: `${ctl.moveLabel(ctl.viewPly)} ${p.algebraic}` })
        : t('status.start'),
      sub: t('status.viewing', { ply: ctl.viewPly, plies: m.length }),
      subKind: 'note',
      side: snap.side,
      kind: 'browsing',
      backLink: true,
    };
  }
  if (status.over)
    return { text: endTitle(t, status), sub: endReason(t, status), side: status.winner || '', kind: 'over' };
  const stm = snap.side,
    side = sideTerm(t, stm),
    mover = ctl.player(stm),
    opp = ctl.player(other(stm));
  let text;
  if (mover.kind === 'human')
    text = t(
      opp.kind === 'computer'
        ? 'status.yourTurn'
        : opp.kind === 'remote'
          ? 'status.yourMove'
          : 'status.toMove',
      {
        side,
      },
    );
  else if (mover.kind === 'remote') text = t('status.waiting');
  else if (opp.kind === 'computer') text = t(ctl.paused ? 'status.toMovePaused' : 'status.toMove', { side });
  else text = t('status.thinking');
  if (status.check) text = t('status.check', { line: text });
  let sub = note ? note.text : '';
  let subKind = note ? note.kind : '';
  if (!note && mover.kind === 'remote') {
    sub = t('status.sendLink', { side });
    subKind = 'note';
  }
  if (!note && status.check && mover.kind === 'human') {
    const by = checkWords(t, snap);
    sub =
      opp.kind === 'human'
        ? t('status.kingAttacked', { side, square: snap.check, by })
        : t('status.yourKingAttacked', { square: snap.check, by });
    subKind = 'warn';
  }
  if (!note && !sub && m.length) sub = lastMoveLine(ctl, t);
  if (!note && !sub && mover.kind === 'human' && m.length === 0)
    sub = t(ctl.touch ? 'status.first.touch' : 'status.first.mouse');
  const line = { text, sub, subKind, side: stm, kind: status.check ? 'check' : '' };
  if (note && note.action) line.action = note.action;
  return line;
}

// "Computer played 12… Rx3a7 (from afar: …), check by …": the last move, who played it
// ("You", "Computer", "Your opponent", or the side's name when both sides are the same kind
// of player).
function lastMoveLine(ctl, /** @type {Translator} */ t) {
  const m = ctl.model,
    snap = ctl.shown(),
    last = m.plies[m.length - 1],
    side = other(snap.side);
  const p = ctl.player(side).kind,
    q = ctl.player(other(side)).kind;
  const key =
    p === q
      ? 'status.played.side'
      : { human: 'status.played.you', computer: 'status.played.computer', remote: 'status.played.opponent' }[
          p
        ];
  let s = t(key, {
    side: sideTerm(t, side),
    move: `${ctl.moveLabel(m.length)} ${last.algebraic}`,
  });
  if (last.kind === 'afar') {
    const before = m.snap(m.length - 1);
    s +=
      ' ' +
      t('status.afar', {
        piece: pieceTerm(t, before.board[parseSquare(last.from)]),
        from: last.from,
        to: last.to,
      });
  }
  if (snap.status.check) s += t('status.playedCheck', { by: checkWords(t, snap) });
  return s;
}

// What the board component is handed (contract 4, board.set): integers for squares,
// the legal destinations of the side to move when a person here plays it (from the
// model's one generation per position), or the moves the person here may queue while the
// other side thinks, or null; of those, the captures from afar (red sights); the pieces
// giving check (lines to the King); the queued move.
/** @param {Controller} ctl @returns {import('../../util/shapes.js').BoardConfig} */
export function boardConfig(ctl) {
  const snap = ctl.shown(),
    live = ctl.isLive();
  const stm = ctl.sideToMove();
  const byOrigin =
    live && !ctl.isOver() && ctl.humanPlays(stm)
      ? ctl.model.dests()
      : ctl.canPremove()
        ? ctl.model.premoves()
        : null;
  const hint = live && ctl.hint && ctl.hint.ply === ctl.model.length ? ctl.hint : null;
  return {
    pieces: snap.board,
    dests: byOrigin ? destSquares(byOrigin) : null,
    afar: byOrigin ? afarSquares(byOrigin) : null,
    lastMove: snap.last ? [parseSquare(snap.last.from), parseSquare(snap.last.to)] : null,
    check: snap.check ? parseSquare(snap.check) : null,
    checkers: snap.check ? snap.checkers.map(parseSquare) : [],
    premove: live && ctl.premove ? [parseSquare(ctl.premove.from), parseSquare(ctl.premove.to)] : null,
    frozen: snap.frozen.map(parseSquare),
    orientation: ctl.settings.flipped ? 'scarlet' : 'gold',
    selected: live && ctl.selected ? parseSquare(ctl.selected) : null,
    arrows: hint ? [moveArrow(hint.from + hint.to, 'blue')] : [],
  };
}

// "2c2, Gold Warrior, 1 move: 2c3" (the keyboard focus), in the reader's words
/** @param {Controller} ctl */
export function describeSquare(ctl, name) {
  const t = ctl.t;
  const snap = ctl.shown();
  const s = squareWords(t, name, snap);
  const and = (/** @type {string} */ more) => s + t('square.sep') + more;
  if (!ctl.isLive()) return s;
  if (ctl.selected) {
    if (name === ctl.selected) return and(t('square.selectedHere'));
    const d = ctl.dests.find((x) => x.to === name);
    if (!d) return s;
    const how = d.kind === 'afar' || d.kind === 'capture' ? d.kind : 'move';
    return and(
      t('square.target', { how, piece: pieceTerm(t, ctl.pieceAt(ctl.selected)), from: ctl.selected }),
    );
  }
  const side = pieceSide(snap.board[parseSquare(name)]);
  if (side && !ctl.isOver() && side === ctl.sideToMove() && ctl.humanPlays(side)) {
    const ds = ctl.model.destinations(name);
    return and(ds.length ? destinationWords(t, ds, { max: 12, kinds: true }) : t('square.noMove'));
  }
  return s;
}
