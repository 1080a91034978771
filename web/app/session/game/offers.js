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
// Plain logic over the controller (Node-tested); the panel is ui/page/offers-panel.js. The
// words are the controller's translator's (offer.* in the catalogues).
import { other } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';
import { refusal, success } from '../../util/result.js';
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

// Who a side is in the offers' words: {who: 'computer' | 'opponent' | 'side', side: its name}
// (`named`: the side's name whoever plays it).
const who = (ctl, side, named = false) => ({
  who: named
    ? 'side'
    : ctl.aiPlays(side)
      ? 'computer'
      : ctl.player(side).kind === 'remote'
        ? 'opponent'
        : 'side',
  side: sideTerm(ctl.t, side),
});

/**
 * What the panel shows: {canResign, canOffer, prompt: {text, answerer} | null, note}.
 * prompt: an offer this device answers (Accept / Decline); note: a line about the offer.
 */
export function offersState(ctl) {
  const me = actingSide(ctl),
    o = ctl.offer,
    t = ctl.t;
  const st = { canResign: false, canOffer: false, prompt: null, note: '' };
  if (!me || ctl.isOver()) return st;
  st.canResign = true;
  const hotseat = !ctl.humanSide();
  if (o && o.kind === 'offer') {
    if (hotseat || o.by !== me) {
      st.prompt = {
        text: t('offer.offers', who(ctl, o.by, hotseat)),
        answerer: other(o.by),
      };
    } else if (ctl.aiPlays(other(me))) {
      st.note = t('offer.youOffered.computer');
    } else {
      st.note = t(ctl.sideToMove() === me ? 'offer.youOffered.nextMove' : 'offer.youOffered.link');
    }
    return st;
  }
  st.canOffer = true;
  if (o && o.kind === 'declined' && (hotseat || o.by !== me)) st.note = t('offer.declined', who(ctl, o.by));
  else if (o && o.kind === 'declined')
    st.note = t(ctl.hasRemote() ? 'offer.youDeclined.link' : 'offer.youDeclined');
  return st;
}

/** The person here resigns. -> {value} or {error: why not}. @returns {Result} */
export function resign(ctl) {
  const me = actingSide(ctl);
  if (!me) return refusal('offer.nobody');
  return ctl.end({ state: 'resignation', winner: other(me) });
}

/** The person here offers a draw. -> {value} or {error: why not}. @returns {Result} */
export function offerDraw(ctl) {
  const me = actingSide(ctl);
  if (!offersState(ctl).canOffer) return refusal(ctl.isOver() ? 'offer.over' : 'offer.already');
  ctl.setOffer({ kind: 'offer', by: me }, ctl.t('offer.offers', who(ctl, me, true)));
  return success();
}

/** The offer on the table is accepted: the game is drawn. -> {value} or {error: why not}. @returns {Result} */
export function acceptDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return refusal('offer.noneToAccept');
  return ctl.end({ state: 'draw-agreed', winner: null });
}

/** The offer on the table is declined. -> {value} or {error: why not}. @returns {Result} */
export function declineDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return refusal('offer.noneToDecline');
  ctl.setOffer({ kind: 'declined', by: p.answerer }, ctl.t('offer.declines', who(ctl, p.answerer, true)));
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
  ctl.setOffer({ kind: 'declined', by: side }, ctl.t('offer.declines', who(ctl, side)));
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
  const tb = ctl.takeback,
    t = ctl.t,
    me = ctl.hasRemote() ? ctl.humanSide() : null;
  const name = (side) => ({ who: me && side !== me ? 'opponent' : 'side', side: sideTerm(t, side) });
  if (tb && tb.kind === 'ask') {
    if (me && tb.by === me) st.note = t('offer.takeback.youAsked');
    else st.prompt = { text: t('offer.takeback.asks', name(tb.by)), answerer: other(tb.by) };
    return st;
  }
  st.canAsk = !!asker(ctl);
  if (tb && tb.kind === 'declined')
    st.note = tb.by === me ? t('offer.takeback.youDeclined') : t('offer.takeback.declined', name(tb.by));
  if (tb && tb.kind === 'accepted')
    st.note = tb.by === me ? t('offer.takeback.youAccepted') : t('offer.takeback.accepted', name(tb.by));
  return st;
}

/** Undo: at once against the computer; between people, a request to the other side.
 *  -> {value} or a refusal saying why not (said by the page: reason()). @returns {Result} */
export function undoOrAsk(ctl) {
  if (!asksForTakeback(ctl)) {
    const refused = ctl.undoRefusal(); // the rule says why, in its own words, on every control
    if (refused) return refused;
    return ctl.undo() ? success() : refusal('offer.takeback.noMove');
  }
  const by = asker(ctl);
  if (!by) return refusal(ctl.model.length ? 'offer.takeback.answered' : 'offer.takeback.noMove');
  if (ctl.takeback && ctl.takeback.kind === 'ask') return refusal('offer.takeback.already');
  ctl.setTakeback({ kind: 'ask', by }, ctl.t('offer.takeback.asked', { side: sideTerm(ctl.t, by) }));
  return success();
}

/** The takeback asked for is accepted: the asker's last move is taken back. -> {value} or {error: why not}. @returns {Result} */
export function acceptTakeback(ctl) {
  const p = takebackState(ctl).prompt;
  if (!p) return refusal('offer.takeback.noneToAccept');
  const answerer = p.answerer;
  ctl.takeBack(1);
  ctl.setTakeback(
    ctl.hasRemote() ? { kind: 'accepted', by: answerer } : null,
    ctl.t('offer.takeback.accepts', {
      side: sideTerm(ctl.t, answerer),
      next: sideTerm(ctl.t, ctl.sideToMove()),
    }),
  );
  return success();
}

/** The takeback asked for is declined. -> {value} or {error: why not}. @returns {Result} */
export function declineTakeback(ctl) {
  const p = takebackState(ctl).prompt;
  if (!p) return refusal('offer.takeback.noneToDecline');
  ctl.setTakeback(
    { kind: 'declined', by: p.answerer },
    ctl.t('offer.takeback.declines', { side: sideTerm(ctl.t, p.answerer) }),
  );
  return success();
}
