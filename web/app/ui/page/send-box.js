// Play by link: after your move, the box with the link to send (the whole game, for the
// opponent), with Copy and (where the browser has it) Share.
import { SIDE_NAME, other } from '../../facts/facts.js';
import { $ } from '../../util/dom.js';
import { attempt, settle } from '../../util/result.js';
import { copyText } from '../share/clipboard.js';

// ui: {toast(text, ms)}.
export function createSendBox(ctl, opening, ui) {
  let shownFor = null;

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
    const opp = SIDE_NAME[other(me)];
    const over = ctl.isOver();
    const offer = ctl.offer && ctl.offer.kind === 'offer' && ctl.offer.by === me;
    const t = ctl.takeback && ctl.takeback.by === me ? ctl.takeback.kind : null; // a takeback asked or accepted here
    $('send-title').textContent = endedHere
      ? 'Send the result'
      : over
        ? 'Send the last move'
        : t === 'ask'
          ? 'Send your takeback request'
          : t === 'accepted'
            ? 'Send the takeback'
            : ctl.model.length
              ? offer
                ? 'Send your move and draw offer'
                : 'Send your move'
              : 'Send the link';
    $('send-sub').textContent = over
      ? `The game is over: send ${opp} the link so they see the end.`
      : t === 'accepted'
        ? `You took back ${opp}'s last move: send them this link, ${opp} plays again.`
        : `${opp} plays next: send your opponent this link. It holds the whole game${offer ? ' and your draw offer' : ''}${t === 'ask' ? ' and your takeback request' : ''}.`;
    const input = $('send-url');
    if (input.value !== url) input.value = url;
    if (shownFor !== url) {
      shownFor = url;
      $('btn-send-copy').querySelector('span').textContent = 'Copy link';
    }
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
    $('btn-send-copy').querySelector('span').textContent = ok ? 'Copied' : 'Copy link';
    const opp = SIDE_NAME[other(ctl.humanSide())];
    ui.toast(
      ok
        ? `Link copied. Send it to your opponent (${opp}).`
        : 'Select the link and copy it (Ctrl+C), then send it to your opponent.',
      5000,
    );
  }

  async function share() {
    // cancelled, or refused: the link stays in the box to copy
    await settle(
      navigator.share({
        title: 'Dragonchess: your move',
        text: `Your move (${SIDE_NAME[other(ctl.humanSide())]}) in our Dragonchess game`,
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
