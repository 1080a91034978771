// Resignation and draw offers, in every mode. The results off the board are core's
// (Game.resign / Game.agreeDraw, through the controller's end()); this module says who may
// do what and keeps the offer on the table.
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
// Plain logic over the controller (Node-tested); the panel is shell/offers-panel.js.
import { SIDE_NAME, other } from '../rules/facts.js';
import { failure } from '../util/result.js';

/** What becomes of the offer on the table when `mover` moves. */
export function offerAfterMove(offer, mover) {
  if (!offer) return null;
  if (offer.by === mover) return offer;  // an offer (or a decline) goes with its side's move
  // Moving on declines an offer; a decline has been seen once the other side moves.
  return offer.kind === 'offer' ? { kind: 'declined', by: mover } : null;
}

/** The side the person at this device acts for, or null (the computer plays both). */
export function actingSide(ctl) {
  if (ctl.noHuman()) return null;
  return ctl.humanSide() || ctl.sideToMove();
}

const who = (ctl, side) => (ctl.aiPlays(side) ? 'The computer' : ctl.player(side).kind === 'remote' ? 'Your opponent' : SIDE_NAME[side]);

/**
 * What the panel shows: {canResign, canOffer, prompt: {text, answerer} | null, note}.
 * prompt: an offer this device answers (Accept / Decline); note: a line about the offer.
 */
export function offersState(ctl) {
  const me = actingSide(ctl), o = ctl.offer;
  const st = { canResign: false, canOffer: false, prompt: null, note: '' };
  if (!me || ctl.isOver()) return st;
  st.canResign = true;
  const hotseat = !ctl.humanSide();
  if (o && o.kind === 'offer') {
    if (hotseat || o.by !== me) {
      st.prompt = { text: `${hotseat ? SIDE_NAME[o.by] : who(ctl, o.by)} offers a draw.`, answerer: other(o.by) };
    } else if (ctl.aiPlays(other(me))) {
      st.note = 'You offered a draw: the computer answers on its move.';
    } else {
      st.note = ctl.sideToMove() === me ? 'Your draw offer goes with your next move.' : 'Your draw offer is in the link to send.';
    }
    return st;
  }
  st.canOffer = true;
  if (o && o.kind === 'declined' && (hotseat || o.by !== me)) st.note = `${who(ctl, o.by)} declined the draw offer.`;
  return st;
}

/** The person here resigns. -> {} or {error: why not}. */
export function resign(ctl) {
  const me = actingSide(ctl);
  if (!me) return failure('Nobody plays here: the computer plays both sides.');
  return ctl.end({ state: 'resignation', winner: other(me) });
}

/** The person here offers a draw. -> {} or {error: why not}. */
export function offerDraw(ctl) {
  const me = actingSide(ctl);
  if (!offersState(ctl).canOffer) return failure(ctl.isOver() ? 'The game is over.' : 'A draw offer is already on the table.');
  ctl.setOffer({ kind: 'offer', by: me });
  ctl.emit('announce', `${SIDE_NAME[me]} offers a draw.`);
  return {};
}

/** The offer on the table is accepted: the game is drawn. -> {} or {error: why not}. */
export function acceptDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return failure('There is no draw offer to accept.');
  return ctl.end({ state: 'draw-agreed', winner: null });
}

/** The offer on the table is declined. -> {} or {error: why not}. */
export function declineDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return failure('There is no draw offer to decline.');
  ctl.setOffer({ kind: 'declined', by: p.answerer });
  ctl.emit('announce', `${SIDE_NAME[p.answerer]} declines the draw offer.`);
  return {};
}

/**
 * The computer's answer to an offer, on its move (ai.js calls this with the result of the
 * search that chose the move, before playing it). True when it accepted: the game is
 * drawn and the move is not played.
 */
export function computerAnswers(ctl, M, result, side) {
  const o = ctl.offer;
  if (!o || o.kind !== 'offer' || o.by === side) return false;
  if (M.computerAcceptsDraw(result, ctl.model.length)) return !ctl.end({ state: 'draw-agreed', winner: null }).error;
  ctl.setOffer({ kind: 'declined', by: side });
  ctl.emit('announce', 'The computer declines the draw offer.');
  return false;
}
