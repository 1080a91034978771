// Resignation and draw offers, in every mode. The results off the board are core's
// (Game.resign / Game.agreeDraw, through the controller's end()); this module says who may
// do what, keeps the offer on the table, and draws the panel with its buttons.
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
// Everything but createOffersPanel is plain logic over the controller (Node-tested).
import { SIDE_NAME, other } from './players.js';

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

/** The person here resigns. -> null, or why not. */
export function resign(ctl) {
  const me = actingSide(ctl);
  if (!me) return 'Nobody plays here: the computer plays both sides.';
  return ctl.end({ state: 'resignation', winner: other(me) });
}

/** The person here offers a draw. -> null, or why not. */
export function offerDraw(ctl) {
  const me = actingSide(ctl);
  if (!offersState(ctl).canOffer) return ctl.isOver() ? 'The game is over.' : 'A draw offer is already on the table.';
  ctl.setOffer({ kind: 'offer', by: me });
  ctl.emit('announce', `${SIDE_NAME[me]} offers a draw.`);
  return null;
}

/** The offer on the table is accepted: the game is drawn. -> null, or why not. */
export function acceptDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return 'There is no draw offer to accept.';
  return ctl.end({ state: 'draw-agreed', winner: null });
}

/** The offer on the table is declined. -> null, or why not. */
export function declineDraw(ctl) {
  const p = offersState(ctl).prompt;
  if (!p) return 'There is no draw offer to decline.';
  ctl.setOffer({ kind: 'declined', by: p.answerer });
  ctl.emit('announce', `${SIDE_NAME[p.answerer]} declines the draw offer.`);
  return null;
}

/**
 * The computer's answer to an offer, on its move (ai.js calls this with the result of the
 * search that chose the move, before playing it). True when it accepted: the game is
 * drawn and the move is not played.
 */
export function computerAnswers(ctl, M, result, side) {
  const o = ctl.offer;
  if (!o || o.kind !== 'offer' || o.by === side) return false;
  if (M.computerAcceptsDraw(result, ctl.model.length)) return ctl.end({ state: 'draw-agreed', winner: null }) === null;
  ctl.setOffer({ kind: 'declined', by: side });
  ctl.emit('announce', 'The computer declines the draw offer.');
  return false;
}

// --- the panel ---------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);

function makeConfirm() {
  const d = document.createElement('dialog');
  d.className = 'dialog dialog-confirm';
  d.id = 'dlg-resign';
  d.setAttribute('aria-labelledby', 'dlg-resign-title');
  d.innerHTML = `<form method="dialog" class="dialog-body">
    <h2 id="dlg-resign-title">Resign this game?</h2>
    <p id="dlg-resign-text"></p>
    <div class="dialog-actions">
      <button type="submit" class="btn btn-ghost" value="cancel" autofocus>Cancel</button>
      <button type="submit" class="btn btn-primary" value="resign" id="btn-resign-yes">Resign</button>
    </div>
  </form>`;
  document.body.append(d);
  return d;
}

/**
 * The Resign and Offer a draw buttons ([data-offer="resign"|"draw"] on the page; Resign
 * asks first), and the box (`el`) with an offer to answer (Accept / Decline) or a line
 * about the offer. toast(text) for refusals.
 */
export function createOffersPanel(ctl, el, toast) {
  el.innerHTML =
    '<div class="offers-prompt"><span class="offers-text"></span>' +
    '<button type="button" class="btn btn-primary" data-offer="accept">Accept</button>' +
    '<button type="button" class="btn" data-offer="decline">Decline</button></div>' +
    '<div class="offers-note"></div>';
  const promptEl = el.querySelector('.offers-prompt');

  function render() {
    const st = offersState(ctl);
    document.querySelectorAll('[data-offer="resign"]').forEach((b) => { b.disabled = !st.canResign; });
    document.querySelectorAll('[data-offer="draw"]').forEach((b) => { b.disabled = !st.canOffer; });
    el.hidden = !st.prompt && !st.note;
    promptEl.hidden = !st.prompt;
    el.querySelector('.offers-text').textContent = st.prompt ? st.prompt.text : '';
    el.querySelector('.offers-note').textContent = st.note;
  }

  function askResign() {
    const me = actingSide(ctl);
    if (!me || ctl.isOver()) return;
    const d = $('dlg-resign') || makeConfirm();
    $('dlg-resign-text').textContent = `${SIDE_NAME[me]} resigns: ${SIDE_NAME[other(me)]} wins the game.`;
    d.returnValue = '';
    d.onclose = () => { if (d.returnValue === 'resign') act(resign); };
    d.showModal();
  }

  const act = (fn) => { const why = fn(ctl); if (why) toast(why); };
  document.addEventListener('click', (e) => {
    const b = e.target.closest('[data-offer]');
    if (!b || b.disabled) return;
    const what = b.dataset.offer;
    if (what === 'resign') askResign();
    else if (what === 'draw') act(offerDraw);
    else if (what === 'accept') act(acceptDraw);
    else if (what === 'decline') act(declineDraw);
  });
  return { render };
}
