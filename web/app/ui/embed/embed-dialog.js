// The game page's "Embed" button: a dialog with a ready <iframe> snippet of the position
// on view (embed-snippet.js), the selected piece's move diagram included (show=), a live
// preview and a Copy button. The dialog is made here, the first time it is opened.
import { embedSnippet, embedUrl } from './embed-snippet.js';
import { copyText } from '../share/clipboard.js';
import { startPosition } from '../../facts/facts.js';
import { moveDiagram, diagramLevels } from '../../facts/move-diagram.js';
import { levelsNeeded, withLevels } from './embed-layout.js';
import { $, el } from '../../util/dom.js';
import { translateDom } from '../../util/dom-words.js';

/**
 * What the embed of the position on view shows: the position before the last move on view
 * and that move (so that the embed marks it), the selected piece's diagram, the board's
 * orientation. With a diagram, the levels are given (those holding a piece and those the
 * diagram reaches): left to itself the embed would show the diagram's levels only.
 * ctl: the Controller.
 */
export function embedOptions(ctl) {
  const m = ctl.model,
    k = ctl.viewPly;
  const before = k > 0 ? m.snap(k - 1).fen : m.startFen === 'startpos' ? '' : m.startFen;
  const o = {
    fen: before === startPosition() ? '' : before,
    moves: k > 0 ? [m.plies[k - 1].coordinate] : [],
    rules: m.rules,
  };
  if (ctl.isLive() && ctl.selected) {
    o.show = ctl.selected;
    const snap = m.snap(k),
      d = moveDiagram(m.M, snap.fen, o.show, m.rules);
    o.levels = withLevels(levelsNeeded({ pieces: snap.board }), d.error ? [] : diagramLevels(d.value));
  }
  if (ctl.settings.flipped) o.flip = true;
  return o;
}

// The dialog's words are the catalogue's (data-i18n: the page's translateDom says them again
// on a change of language).
function makeDialog(t) {
  const d = el(
    'dialog',
    { className: 'dialog dialog-embed', id: 'dlg-embed', 'aria-labelledby': 'dlg-embed-title' },
    `<form method="dialog" class="dialog-body">
    <h2 id="dlg-embed-title" data-i18n="embed.dialog.title"></h2>
    <p class="embed-desc" id="embed-desc"></p>
    <iframe class="embed-preview" id="embed-preview" data-i18n-title="embed.dialog.preview"></iframe>
    <label class="sr-only" for="embed-code" data-i18n="embed.dialog.codeLabel"></label>
    <textarea class="embed-code" id="embed-code" readonly rows="4" spellcheck="false"></textarea>
    <div class="dialog-actions">
      <button type="submit" class="btn btn-ghost" value="close" data-i18n="dialog.close"></button>
      <button type="button" class="btn btn-primary" id="btn-embed-copy" data-i18n="embed.dialog.copy"></button>
    </div>
  </form>`,
  );
  translateDom(d, t);
  document.body.append(d);
  const code = d.querySelector('#embed-code');
  code.addEventListener('focus', () => code.select());
  d.querySelector('#btn-embed-copy').addEventListener('click', async (e) => {
    const b = e.currentTarget;
    code.select();
    // refused: selected for Ctrl+C
    b.textContent = t((await copyText(code.value)).error ? 'embed.dialog.pressCopy' : 'embed.dialog.copied');
    setTimeout(() => {
      b.textContent = t('embed.dialog.copy');
    }, 1800);
  });
  d.addEventListener('close', () => {
    d.querySelector('#embed-preview').removeAttribute('src');
  });
  return d;
}

// ctl: the Controller; t: the page's words (util/i18n.js). Returns {open()}.
/** @param {any} ctl @param {import('../../util/i18n.js').Translator} t */
export function createEmbedDialog(ctl, t) {
  function open() {
    const d = $('dlg-embed') || makeDialog(t);
    // the diagram in the player's language, its frame named in it
    /** @type {Record<string, any>} */
    const o = { ...embedOptions(ctl), lang: t.locale };
    const site = location.href;
    const k = ctl.viewPly;
    const title = o.show ? t('embed.titlePiece', { square: o.show }) : t('embed.title');
    $('embed-code').value = embedSnippet({ ...o, title }, site);
    const what = k ? 'after' : 'start';
    const args = { what, n: k, move: k ? ctl.model.plies[k - 1].algebraic : '', square: o.show || '' };
    $('embed-desc').textContent = t(o.show ? 'embed.dialog.descPiece' : 'embed.dialog.desc', args);
    $('embed-preview').src = embedUrl(o, site);
    if (!d.open) d.showModal();
  }
  return { open };
}
