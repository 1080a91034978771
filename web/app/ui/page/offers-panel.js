// The Resign and Offer a draw buttons and the offers box of the game page (draw offers and
// takeback requests), over the rules of who may do what (session/game/offers.js).
import { other } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';
import { $, el, all, closestTo } from '../../util/dom.js';
import { translateDom } from '../../util/dom-words.js';
import { reason } from '../../util/i18n.js';
import { panelsOutOfView, showPanel } from './phone.js';
import {
  actingSide,
  offersState,
  resign,
  offerDraw,
  acceptDraw,
  declineDraw,
  takebackState,
  acceptTakeback,
  declineTakeback,
} from '../../session/game/offers.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

function makeConfirm(/** @type {Translator} */ t) {
  const d = el(
    'dialog',
    { className: 'dialog dialog-confirm', id: 'dlg-resign', 'aria-labelledby': 'dlg-resign-title' },
    `<form method="dialog" class="dialog-body">
    <h2 id="dlg-resign-title" data-i18n="page.resign.ask"></h2>
    <p id="dlg-resign-text"></p>
    <div class="dialog-actions">
      <button type="submit" class="btn btn-ghost" value="cancel" autofocus data-i18n="dialog.cancel"></button>
      <button type="submit" class="btn btn-primary" value="resign" id="btn-resign-yes" data-i18n="page.resign"></button>
    </div>
  </form>`,
  );
  translateDom(d, t);
  document.body.append(d);
  return d;
}

/**
 * The Resign and Offer a draw buttons ([data-offer="resign"|"draw"] on the page; Resign
 * asks first), and the box (`el`) with an offer or a takeback request to answer (Accept /
 * Decline) or a line about them. toast(text) for refusals and for the answers given.
 */
export function createOffersPanel(ctl, el, toast, /** @type {Translator} */ t) {
  el.innerHTML =
    '<div class="offers-prompt"><span class="offers-text"></span>' +
    '<button type="button" class="btn btn-primary" data-offer="accept" data-i18n="page.offers.accept"></button>' +
    '<button type="button" class="btn" data-offer="decline" data-i18n="page.offers.decline"></button></div>' +
    '<div class="offers-prompt offers-takeback"><span class="offers-text"></span>' +
    '<button type="button" class="btn btn-primary" data-offer="takeback-accept" data-i18n="page.offers.accept"></button>' +
    '<button type="button" class="btn" data-offer="takeback-decline" data-i18n="page.offers.decline"></button></div>' +
    '<div class="offers-note"></div>';
  translateDom(el, t);
  const [promptEl, takebackEl] = el.querySelectorAll('.offers-prompt');
  let said = '',
    asked = false;

  function render() {
    const st = offersState(ctl),
      tb = takebackState(ctl);
    all('[data-offer="resign"]').forEach((b) => {
      /** @type {HTMLButtonElement} */ (b).disabled = !st.canResign;
    });
    all('[data-offer="draw"]').forEach((b) => {
      /** @type {HTMLButtonElement} */ (b).disabled = !st.canOffer;
    });
    const note = [st.note, tb.note].filter(Boolean).join(' ');
    el.hidden = !st.prompt && !tb.prompt && !note;
    el.setAttribute('aria-label', t(tb.prompt && !st.prompt ? 'page.offers.takeback' : 'page.offers'));
    promptEl.hidden = !st.prompt;
    promptEl.querySelector('.offers-text').textContent = st.prompt ? st.prompt.text : '';
    takebackEl.hidden = !tb.prompt;
    takebackEl.querySelector('.offers-text').textContent = tb.prompt ? tb.prompt.text : '';
    el.querySelector('.offers-note').textContent = note;
    // a phone's panel lies out of view: a new line (the computer's answer) is also a note
    if (note && note !== said && panelsOutOfView()) toast(note);
    said = note;
    // turned, in the focus view, the column scrolls: an offer to answer comes into view in it
    // (upright, and turned with three boards, it docks over the toolbar: page-layout.js)
    const asks = !!(st.prompt || tb.prompt);
    if (asks && !asked && document.body.classList.contains('layout-low')) showPanel('offers');
    asked = asks;
  }

  function askResign() {
    const me = actingSide(ctl);
    if (!me || ctl.isOver()) return;
    const d = $('dlg-resign') || makeConfirm(t);
    $('dlg-resign-text').textContent = t('page.resign.what', {
      loser: sideTerm(t, me),
      winner: sideTerm(t, other(me)),
    });
    d.returnValue = '';
    d.onclose = () => {
      if (d.returnValue === 'resign') act(resign);
    };
    d.showModal();
  }

  // an answer given is confirmed (done); a refusal says why
  const act = (fn, done = '') => {
    const r = fn(ctl);
    if (r.error || done) toast(r.error ? reason(t, r) : done);
  };
  document.addEventListener('click', (e) => {
    const b = closestTo(e, '[data-offer]');
    if (!b || b.matches(':disabled')) return;
    const what = b.dataset.offer;
    if (what === 'resign') askResign();
    else if (what === 'draw') act(offerDraw);
    else if (what === 'accept') act(acceptDraw);
    else if (what === 'decline')
      act(declineDraw, t(ctl.hasRemote() ? 'page.offers.declinedRemote' : 'page.offers.declined'));
    else if (what === 'takeback-accept') act(acceptTakeback, t('page.offers.takebackAccepted'));
    else if (what === 'takeback-decline') act(declineTakeback, t('page.offers.takebackDeclined'));
  });
  return { render };
}
