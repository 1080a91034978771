// The game as the page shows it, read from the controller (session/game/controller.js)
// and never written: the status line, the board's whole state (the board component's
// contract), a square described for the keyboard's focus. The controller's methods of the
// same names answer these.
import { pieceName, pieceSide, SIDE_NAME, other } from '../../facts/facts.js';
import { parseSquare } from '../../facts/squares.js';
import { destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import {
  squareWords,
  destinationWords,
  resultTitle,
  resultReason,
  checkWords,
  afarWords,
} from '../../facts/words.js';

/** @typedef {import('./controller.js').Controller} Controller */

// The first words of a game, by the device's pointer (a touch screen is tapped).
const FIRST_MOVE = {
  mouse: 'Click or drag a piece to see where it can go.',
  touch: 'Tap or drag a piece to see where it can go.',
};

// The status line: {text, sub, subKind, side, kind, backLink?, action?: {label, act} (a note's button)}
/** @param {Controller} ctl @returns {import('../../util/shapes.js').StatusLine} */
export function statusLine(ctl) {
  const m = ctl.model,
    snap = ctl.shown(),
    status = snap.status,
    note = ctl.note;
  if (!ctl.isLive()) {
    const p = m.plies[ctl.viewPly - 1];
    return {
      text: ctl.viewPly ? `After ${ctl.moveLabel(ctl.viewPly)} ${p.algebraic}` : 'Start position',
      sub: `Viewing move ${ctl.viewPly} of ${m.length}`,
      subKind: 'note',
      side: snap.side,
      kind: 'browsing',
      backLink: true,
    };
  }
  if (status.over)
    return {
      text: resultTitle(status),
      sub: resultReason(status),
      side: status.winner || '',
      kind: 'over',
    };
  const stm = snap.side,
    mover = ctl.player(stm),
    opp = ctl.player(other(stm));
  let text;
  if (mover.kind === 'human') {
    text =
      opp.kind === 'computer'
        ? `Your turn (${SIDE_NAME[stm]})`
        : opp.kind === 'remote'
          ? `Your move (${SIDE_NAME[stm]})`
          : `${SIDE_NAME[stm]} to move`;
  } else if (mover.kind === 'remote') {
    text = "Waiting for your opponent's move";
  } else {
    text =
      opp.kind === 'computer'
        ? `${SIDE_NAME[stm]} to move${ctl.paused ? ' · paused' : ''}`
        : 'Computer is thinking…';
  }
  if (status.check) text = `Check! ${text}`;
  let sub = note ? note.text : '';
  let subKind = note ? note.kind : '';
  if (!note && mover.kind === 'remote') {
    sub = `send them the link (${SIDE_NAME[stm]} plays next)`;
    subKind = 'note';
  }
  if (!note && status.check && mover.kind === 'human') {
    sub = `${opp.kind === 'human' ? SIDE_NAME[stm] + "'s" : 'Your'} King on ${snap.check} is attacked ${checkWords(snap)}.`;
    subKind = 'warn';
  }
  if (!note && !sub && m.length) {
    const last = m.plies[m.length - 1];
    const afar = last.kind === 'afar' ? ' ' + afarWords(last, m.snap(m.length - 1)) : '';
    sub = `${whoPlayed(ctl, other(stm))} played ${ctl.moveLabel(m.length)} ${last.algebraic}${afar}${status.check ? ', check ' + checkWords(snap) : ''}`;
  }
  if (!note && !sub && mover.kind === 'human' && m.length === 0)
    sub = FIRST_MOVE[ctl.touch ? 'touch' : 'mouse'];
  const line = { text, sub, subKind, side: stm, kind: status.check ? 'check' : '' };
  if (note && note.action) line.action = note.action;
  return line;
}

// Who made a move of `side`, in the status line: "You", "Computer", "Your opponent" or
// the side's name when both sides are the same kind of player.
/** @param {Controller} ctl */
export function whoPlayed(ctl, side) {
  const p = ctl.player(side),
    q = ctl.player(other(side));
  if (p.kind === q.kind) return SIDE_NAME[side];
  return { human: 'You', computer: 'Computer', remote: 'Your opponent' }[p.kind];
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

// "2c2, Gold Warrior, 1 move: 2c3" (the keyboard focus)
/** @param {Controller} ctl */
export function describeSquare(ctl, name) {
  const snap = ctl.shown();
  const s = squareWords(name, snap);
  if (!ctl.isLive()) return s;
  if (ctl.selected) {
    if (name === ctl.selected) return s + ', selected: choose a destination, or Escape to cancel';
    const d = ctl.dests.filter((x) => x.to === name);
    if (d.length) {
      const mover = pieceName(ctl.pieceAt(ctl.selected));
      const how = d[0].kind === 'afar' ? 'capture from afar' : d[0].kind === 'capture' ? 'capture' : 'move';
      return s + `, ${how} with the ${mover} from ${ctl.selected}: press Enter`;
    }
    return s;
  }
  const side = pieceSide(snap.board[parseSquare(name)]);
  if (side && !ctl.isOver() && side === ctl.sideToMove() && ctl.humanPlays(side)) {
    const ds = ctl.model.destinations(name);
    return s + (ds.length ? `, ${destinationWords(ds, { max: 12, kinds: true })}` : ', no legal move');
  }
  return s;
}
