// The Resign and Offer a draw buttons and the offers box of the game page, over the rules
// of who may do what (game/offers.js).
import { SIDE_NAME, other } from '../rules/facts.js';
import { $, el } from '../util/dom.js';
import { actingSide, offersState, resign, offerDraw, acceptDraw, declineDraw } from '../game/offers.js';

function makeConfirm() {
  const d = el('dialog', { className: 'dialog dialog-confirm', id: 'dlg-resign', 'aria-labelledby': 'dlg-resign-title' }, `<form method="dialog" class="dialog-body">
    <h2 id="dlg-resign-title">Resign this game?</h2>
    <p id="dlg-resign-text"></p>
    <div class="dialog-actions">
      <button type="submit" class="btn btn-ghost" value="cancel" autofocus>Cancel</button>
      <button type="submit" class="btn btn-primary" value="resign" id="btn-resign-yes">Resign</button>
    </div>
  </form>`);
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

  const act = (fn) => { const r = fn(ctl); if (r.error) toast(r.error); };
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
