// Play by link: after your move, the box with the link to send (the whole game, for the
// opponent), with Copy and (where the browser has it) Share.
import { other } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';
import { $ } from '../../util/dom.js';
import { attempt, settle } from '../../util/result.js';
import { copyText } from '../share/clipboard.js';

// ui: {toast(text, ms)}; t: the page's words.
export function createSendBox(ctl, opening, ui, /** @type {import('../../util/i18n.js').Translator} */ t) {
  let shownFor = null,
    copied = false; // the link on show was copied (the button says so)

  function render() {
    const box = $('send');
    const me = ctl.humanSide();
    // after your move; or after you resigned or accepted a draw (the link holds the result);
    // not after the opponent resigned or agreed a draw: their link ended it, they know
    const endedHere = ctl.isOver() && ctl.endedHere;
    const endedThere = ctl.isOver() && !ctl.endedHere && !!ctl.model.ending();
    const show = ctl.hasRemote() && ctl.isLive() && !endedThere && (ctl.sideToMove() !== me || endedHere);
    box.hidden = !show;
    if (!show) {
      shownFor = null;
      return;
    }
    const url = opening.sendUrl();
    const opp = sideTerm(t, other(me));
    const over = ctl.isOver();
    const offer = ctl.offer && ctl.offer.kind === 'offer' && ctl.offer.by === me;
    const tb = ctl.takeback && ctl.takeback.by === me ? ctl.takeback.kind : null; // a takeback asked or accepted here
    const what = endedHere
      ? 'result'
      : over
        ? 'last'
        : tb === 'ask'
          ? 'takeback'
          : tb === 'accepted'
            ? 'tookBack'
            : ctl.model.length
              ? offer
                ? 'moveAndOffer'
                : 'move'
              : 'link';
    $('send-title').textContent = t('share.send.title', { what });
    $('send-sub').textContent = over
      ? t('share.send.over', { side: opp })
      : tb === 'accepted'
        ? t('share.send.tookBack', { side: opp })
        : t('share.send.next', { side: opp, with: offer ? 'offer' : tb === 'ask' ? 'takeback' : 'none' });
    const input = $('send-url');
    if (input.value !== url) input.value = url;
    if (shownFor !== url) {
      shownFor = url;
      copied = false;
    }
    $('btn-send-copy').querySelector('span').textContent = t(copied ? 'copy.copied' : 'share.send.copy');
  }

  async function copy() {
    const url = opening.sendUrl();
    const input = $('send-url');
    let ok = !(await copyText(url)).error;
    if (!ok) {
      // no permission: select and copy
      input.focus();
      input.select();
      ok = attempt(() => document.execCommand('copy')).value === true;
    }
    copied = ok;
    $('btn-send-copy').querySelector('span').textContent = t(ok ? 'copy.copied' : 'share.send.copy');
    const opp = sideTerm(t, other(ctl.humanSide()));
    ui.toast(ok ? t('share.send.copiedNote', { side: opp }) : t('share.send.selectNote'), 5000);
  }

  async function share() {
    // cancelled, or refused: the link stays in the box to copy
    await settle(
      navigator.share({
        title: t('share.send.shareTitle'),
        text: t('share.send.shareText', { side: sideTerm(t, other(ctl.humanSide())) }),
        url: opening.sendUrl(),
      }),
    );
  }

  function wire() {
    $('btn-send-copy').addEventListener('click', copy);
    if (navigator.share) {
      $('btn-send-share').hidden = false;
      $('btn-send-share').addEventListener('click', share);
    }
    $('send-url').addEventListener('focus', (e) => e.target.select());
  }

  return { render, wire };
}
