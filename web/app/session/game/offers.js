// Resignation, draw offers and takeback requests, in every mode. The results off the board
// are core's (Game.resign / Game.agreeDraw, through the controller's end()); this module
// says who may do what and keeps the offer and the request on the table.
//
// Who acts at this device: against the computer and by link, the person's side; two
// players on one device, the side to move (and either answers an offer); nobody when the
// computer plays both sides.
//
// The offer on the table is ctl.offer: {kind: 'offer', by} (that side offers a draw) or
// {kind: 'declined', by} (that side declined the last offer), or null. It goes with the
// moves (offerAfterMove); in play by link the link carries it, and the resignation or the
// agreed draw (links.js). The computer answers an offer on its move, from the search that
// chose the move: M.computerAcceptsDraw (core's rule, core/search/draw_offer.h).
//
// Takebacks: against the computer (and when it plays both sides) Undo takes moves back at
// once. In a game between people, on one device or by link, Undo asks the other side
// instead: ctl.takeback is {kind: 'ask', by} (that side asks to take back its last move),
// then {kind: 'accepted' | 'declined', by} (the side that answered). On one device the side
// that made the last move asks and the side to move answers; by link a player asks for
// their own last move while the opponent has not answered it (the request goes in the link
// to send), and an accepted takeback comes back in the opponent's link without the move.
//
// Plain logic over the controller (Node-tested); the panel is ui/page/offers-panel.js.
import { SIDE_NAME, other } from '../../facts/facts.js';
import { failure, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */

/** What becomes of the offer on the table when `mover` moves. */
export function offerAfterMove(offer, mover) {
  if (!offer) return null;
  if (offer.by === mover) return offer; // an offer (or a decline) goes with its side's move
  // Moving on declines an offer; a decline has been seen once the other side moves.
  return offer.kind === 'offer' ? { kind: 'declined', by: mover } : null;
}

/** The side the person at this device acts for, or null (the computer plays both). */
export function actingSide(ctl) {
  if (ctl.noHuman()) return null;
  return ctl.humanSide() || ctl.sideToMove();
}

const who = (ctl, side) =>
  ctl.aiPlays(side) ? 'The computer' : ctl.player(side).kind === 'remote' ? 'Your opponent' : SIDE_NAME[side];

/**
 * What the panel shows: {canResign, canOffer, prompt: {text, answerer} | null, note}.
 * prompt: an offer this device answers (Accept / Decline); note: a line about the offer.
 */
export function offersState(ctl) {
  const me = actingSide(ctl),
    o = ctl.offer;
  const st = { canResign: false, canOffer: false, prompt: null, note: '' };
  if (!me || ctl.isOver()) return st;
  st.canResign = true;
  const hotseat = !ctl.humanSide();
  if (o && o.kind === 'offer') {
    if (hotseat || o.by !== me) {
      st.prompt = {
        text: `${hotseat ? SIDE_NAME[o.by] : who(ctl, o.by)} offers a draw.`,
        answerer: other(o.by),
      };
    } else if (ctl.aiPlays(other(me))) {
      st.note = 'You offered a draw: the computer answers on its move.';
    } else {
      st.note =
        ctl.sideToMove() === me
          ? 'Your draw offer goes with your next move.'
          : 'Your draw offer is in the link to send.';
    }
    return st;
  }
  st.canOffer = true;
  if (o && o.kind === 'declined' && (hotseat || o.by !== me))
    st.note = `${who(ctl, o.by)} declined the draw offer.`;
  else if (o && o.kind === 'declined')
    st.note = `You declined the draw offer${ctl.hasRemote() ? ': your opponent sees it with your move' : ''}.`;
  return st;
}

/** The person here resigns. -> {value} or {error: why not}. @returns {Result} */
export function resign(ctl) {
  const me = actingSide(ctl);
  if (!me) return failure('Nobody plays here: the computer plays both sides.');
  return ctl.end({ state: 'resignation', winner: other(me) });
}

/** The person here offers a draw. -> {value} or {error: why not}. @returns {Result} */
export function offerDraw(ctl) {
  const me = actingSide(ctl);
  if (!offersState(ctl).canOffer)
    return failure(ctl.isOver() ? 'The game is over.' : 'A draw offer is already on the table.');
  ctl.setOffer({ kind: 'offer', by: me }, `${SIDE_NAME[me]} offers a draw.`);
  return success();
}

/** The offer on the table is accepted: the game is drawn. -> {value} or {error: why not}. @returns {Result} */
export function acceptDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return failure('There is no draw offer to accept.');
  return ctl.end({ state: 'draw-agreed', winner: null });
}

/** The offer on the table is declined. -> {value} or {error: why not}. @returns {Result} */
export function declineDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return failure('There is no draw offer to decline.');
  ctl.setOffer({ kind: 'declined', by: p.answerer }, `${SIDE_NAME[p.answerer]} declines the draw offer.`);
  return success();
}

/**
 * The computer's answer to an offer, on its move (ai.js calls this with the result of the
 * search that chose the move, before playing it). True when it accepted: the game is
 * drawn and the move is not played.
 */
export function computerAnswers(ctl, M, result, side) {
  const o = ctl.offer;
  if (!o || o.kind !== 'offer' || o.by === side) return false;
  if (M.computerAcceptsDraw(result, ctl.model.length))
    return !ctl.end({ state: 'draw-agreed', winner: null }).error;
  ctl.setOffer({ kind: 'declined', by: side }, 'The computer declines the draw offer.');
  return false;
}

// --- takebacks ------------------------------------------------------------------------------

/** What becomes of a takeback request when `mover` moves: a request not answered is
 *  declined by the move; an answer has been seen once the other side moves. */
export function takebackAfterMove(t, mover) {
  if (!t) return null;
  if (t.by === mover) return t; // an answer goes with its side's move
  return t.kind === 'ask' ? { kind: 'declined', by: mover } : null;
}

/** Whether Undo asks the other side (a game between people) rather than taking back at once. */
export const asksForTakeback = (ctl) => ctl.peopleGame() && !ctl.noHuman();

// The side whose last move a request would take back, or null (no move, or by link the
// opponent has answered, or the game ended off the board by link).
function asker(ctl) {
  const n = ctl.model.length;
  if (!n) return null;
  if (!ctl.hasRemote()) return other(ctl.sideToMove());
  const me = ctl.humanSide();
  if (ctl.model.ending() || ctl.sideToMove() === me) return null;
  return me;
}

/** What the panel shows of takebacks: {canAsk, prompt: {text, answerer} | null, note}. */
export function takebackState(ctl) {
  const st = { canAsk: false, prompt: null, note: '' };
  if (!asksForTakeback(ctl)) return st;
  const t = ctl.takeback,
    me = ctl.hasRemote() ? ctl.humanSide() : null;
  const name = (side) => (me && side !== me ? 'Your opponent' : SIDE_NAME[side]);
  if (t && t.kind === 'ask') {
    if (me && t.by === me)
      st.note = 'You asked to take back your last move: the request is in the link to send.';
    else st.prompt = { text: `${name(t.by)} asks to take back their last move.`, answerer: other(t.by) };
    return st;
  }
  st.canAsk = !!asker(ctl);
  if (t && t.kind === 'declined')
    st.note =
      t.by === me
        ? 'You declined the takeback: your opponent sees it with your move.'
        : `${name(t.by)} declined the takeback.`;
  if (t && t.kind === 'accepted')
    st.note =
      t.by === me
        ? 'You accepted the takeback: send your opponent the link.'
        : `${name(t.by)} accepted the takeback.`;
  return st;
}

/** Undo: at once against the computer; between people, a request to the other side.
 *  -> {value} or {error: why not}. @returns {Result} */
export function undoOrAsk(ctl) {
  if (!asksForTakeback(ctl)) {
    const refused = ctl.undoRefusal(); // the rule says why, in its own words, on every control
    if (refused) return failure(refused);
    return ctl.undo() ? success() : failure('There is no move to take back.');
  }
  const by = asker(ctl);
  if (!by)
    return failure(
      ctl.model.length
        ? 'Your opponent has already answered: a takeback is asked before they move.'
        : 'There is no move to take back.',
    );
  if (ctl.takeback && ctl.takeback.kind === 'ask')
    return failure('A takeback request is already on the table.');
  ctl.setTakeback({ kind: 'ask', by }, `${SIDE_NAME[by]} asks to take back the last move.`);
  return success();
}

/** The takeback asked for is accepted: the asker's last move is taken back. -> {value} or {error: why not}. @returns {Result} */
export function acceptTakeback(ctl) {
  const p = takebackState(ctl).prompt;
  if (!p) return failure('There is no takeback request to accept.');
  const answerer = p.answerer;
  ctl.takeBack(1);
  ctl.setTakeback(
    ctl.hasRemote() ? { kind: 'accepted', by: answerer } : null,
    `${SIDE_NAME[answerer]} accepts the takeback: ${SIDE_NAME[ctl.sideToMove()]} to move.`,
  );
  return success();
}

/** The takeback asked for is declined. -> {value} or {error: why not}. @returns {Result} */
export function declineTakeback(ctl) {
  const p = takebackState(ctl).prompt;
  if (!p) return failure('There is no takeback request to decline.');
  ctl.setTakeback({ kind: 'declined', by: p.answerer }, `${SIDE_NAME[p.answerer]} declines the takeback.`);
  return success();
}
