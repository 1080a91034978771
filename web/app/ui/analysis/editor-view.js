// The position editor's card (session/analysis/editor.js holds its state): the palette of the 15
// piece types in both colours and the eraser, the side to move, what the position is worth
// (core's reader's verdict), and what can be done with it; drawn in the page's one redraw.
// A palette piece dropped on the boards finds its square through the board's own geometry
// (page.squareAt).
import { ruleSetList } from '../../facts/facts.js';
import { sideTerm, pieceTerm, ruleSetTerm, endTerm } from '../../facts/terms.js';
import { pieceIcons } from '../../../renderer/pieces.js';
import { $, el, esc } from '../../util/dom.js';
import { translateDom } from '../../util/dom-words.js';
import { reason } from '../../util/i18n.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

// The card's words are the catalogue's: data-i18n (said again on a change of language), and
// the palette's names and the rule sets', said by render() in the language on show.
function cardHtml(M) {
  const pal = (upper) =>
    M.PIECES.map((p) => {
      const L = upper ? p.letter.toUpperCase() : p.letter.toLowerCase();
      return `<button type="button" class="ed-piece" data-tool="${L}" aria-pressed="false"><span>${L}</span></button>`;
    }).join('');
  return `<header class="card-head">
      <h2 data-i18n="editor.title"></h2>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-ed="close" data-i18n-title="editor.close.title" data-i18n-label="editor.close">
        <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>
      </button>
    </header>
    <div class="ed-body">
      <div class="ed-col">
      <p class="ed-help" data-i18n="editor.help"></p>
      <div class="ed-tools">
        <div class="ed-palette" role="group" data-i18n-label="editor.goldPieces">${pal(true)}</div>
        <div class="ed-palette" role="group" data-i18n-label="editor.scarletPieces">${pal(false)}</div>
        <button type="button" class="ed-piece ed-erase" data-tool="erase" aria-pressed="false" data-i18n-title="editor.eraser.title" data-i18n-label="editor.eraser">
          <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m7 20-4-4L14 5l6 6-9 9zM4 20h16M9.5 9.5l6 6"/></svg></button>
      </div>
      <div class="ed-row">
        <button type="button" class="btn btn-mini" data-ed="start" data-i18n="status.start"></button>
        <button type="button" class="btn btn-mini" data-ed="clear" data-i18n="editor.clear"></button>
      </div>
      </div>
      <div class="ed-col">
      <fieldset class="seg ed-side"><legend data-i18n="editor.toMove"></legend>
        <label><input type="radio" name="ed-side" value="gold"><span><i class="chip chip-gold"></i><span data-i18n="side.gold"></span></span></label>
        <label><input type="radio" name="ed-side" value="scarlet"><span><i class="chip chip-scarlet"></i><span data-i18n="side.scarlet"></span></span></label>
      </fieldset>
      <fieldset class="seg ed-side ed-rules"><legend data-i18n="dialog.new.rules"></legend>
        ${(ruleSetList() || []).map((r) => `<label><input type="radio" name="ed-rules" value="${esc(r.id)}"><span data-rule-set="${esc(r.id)}"></span></label>`).join('')}
      </fieldset>
      <p class="ed-check" id="ed-check" role="status" aria-live="polite"></p>
      <div class="ed-actions">
        <button type="button" class="btn btn-primary" data-ed="ai" data-i18n="dialog.playComputer"></button>
        <button type="button" class="btn" data-ed="hotseat" data-i18n="dialog.new.hotseat"></button>
        <button type="button" class="btn" data-ed="analyse" data-i18n="page.analyse"></button>
        <button type="button" class="btn" data-ed="link" data-i18n="share.send.copy"></button>
        <button type="button" class="btn" data-ed="embed" data-i18n="editor.embed"></button>
      </div>
      <textarea class="ed-embed" id="ed-embed" readonly rows="3" spellcheck="false" hidden data-i18n-label="editor.embedLabel"></textarea>
      </div>
    </div>`;
}

// ed: the editor (editor.js); page: {squareAt(clientX, clientY), squareSize() (CSS px), t (the
// page's words: util/i18n.js)}.
export function createEditorView(ed, page) {
  const st = ed.state;
  /** @type {Translator} */
  const t = page.t;
  let card = null;
  let said = ''; // the language the palette's and the rule sets' names are in

  // The palette's pieces and the rule sets named in the language on show.
  function nameThings() {
    if (said === t.locale) return;
    said = t.locale;
    card.querySelectorAll('.ed-palette [data-tool]').forEach((b) => {
      const L = b.dataset.tool;
      const name = t('page.piece', {
        side: sideTerm(t, L === L.toUpperCase() ? 'gold' : 'scarlet'),
        piece: pieceTerm(t, L),
      });
      b.title = t('editor.piece.title', { name });
      b.setAttribute('aria-label', name);
    });
    card.querySelectorAll('[data-rule-set]').forEach((s) => {
      s.textContent = ruleSetTerm(t, s.dataset.ruleSet);
    });
  }

  // A palette piece (or the eraser) dragged onto a square of the boards: placed there
  // (removing what stood there), whichever tool is chosen; dropped anywhere else, nothing
  // changes. A press that does not move is the button's click (choosing the tool).
  function paletteDrag(e) {
    const btn = e.target.closest('[data-tool]');
    if (!btn || e.button !== 0 || !ed.active) return;
    const tool = btn.dataset.tool,
      x0 = e.clientX,
      y0 = e.clientY,
      id = e.pointerId;
    let ghost = null;
    const move = (ev) => {
      if (ev.pointerId !== id) return;
      if (!ghost) {
        if (Math.hypot(ev.clientX - x0, ev.clientY - y0) < 6) return;
        const size = page.squareSize(); // the piece as big as on the boards
        ghost = document.createElement('div');
        ghost.className = 'ed-ghost';
        ghost.setAttribute('aria-hidden', 'true');
        ghost.innerHTML = btn.innerHTML;
        ghost.style.width = ghost.style.height = `${size}px`;
        ghost.style.fontSize = `${Math.round(size * 0.6)}px`;
        document.body.append(ghost);
      }
      ghost.style.transform = `translate(${ev.clientX}px, ${ev.clientY}px) translate(-50%, -50%)`;
    };
    const end = (ev) => {
      if (ev.pointerId !== id) return;
      btn.removeEventListener('pointermove', move);
      btn.removeEventListener('pointerup', end);
      btn.removeEventListener('pointercancel', end);
      if (!ghost) return; // a click
      ghost.remove();
      // the click this release would make on the button is not a choice of tool
      const swallow = (c) => {
        c.stopPropagation();
        c.preventDefault();
      };
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      if (ev.type === 'pointerup') {
        const sq = page.squareAt(ev.clientX, ev.clientY);
        if (sq !== null) ed.put(sq, tool === 'erase' ? '.' : tool);
      }
    };
    btn.setPointerCapture(id);
    btn.addEventListener('pointermove', move);
    btn.addEventListener('pointerup', end);
    btn.addEventListener('pointercancel', end);
  }

  function ensureCard() {
    if (card) return card;
    card = el(
      'section',
      { className: 'card card-editor', id: 'editor-card', 'data-i18n-label': 'editor.title' },
      cardHtml(ed.M),
    );
    translateDom(card, t);
    card.setAttribute('aria-label', t('editor.title'));
    document.querySelector('.side').append(card);
    card.addEventListener('click', (e) => {
      const t = e.target.closest('[data-tool]');
      if (t) {
        ed.setTool(t.dataset.tool);
        return;
      }
      const b = e.target.closest('[data-ed]');
      if (b && !b.disabled) ed.act(b.dataset.ed);
    });
    card.addEventListener('pointerdown', paletteDrag);
    card.addEventListener('change', (e) => {
      if (e.target.name === 'ed-side') ed.setSide(e.target.value);
      else if (e.target.name === 'ed-rules') ed.setRules(e.target.value);
    });
    const ta = card.querySelector('#ed-embed');
    ta.addEventListener('focus', () => ta.select());
    pieceIcons().then((icons) => {
      // an icon that could not be had: its letter stays
      card.querySelectorAll('.ed-piece').forEach((b) => {
        const url = icons[b.dataset.tool];
        if (url) b.innerHTML = `<img src="${url}" alt="">`;
      });
    });
    return card;
  }

  function render() {
    document.body.classList.toggle('editing', st.active);
    if (!st.active && !card) return;
    ensureCard().hidden = !st.active;
    if (!st.active) return;
    const ta = $('ed-embed');
    ta.hidden = !st.copy;
    if (st.copy) ta.setAttribute('aria-label', t(st.copy.label));
    if (st.copy && ta.value !== st.copy.text) ta.value = st.copy.text;
    nameThings();
    if (st.copy && st.copy.select) {
      st.copy.select = false;
      ta.focus();
      ta.select();
    }
    card.querySelectorAll('[data-tool]').forEach((b) => {
      const on = b.dataset.tool === st.tool;
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('is-on', on);
    });
    card.querySelectorAll('input[name="ed-side"]').forEach((i) => {
      i.checked = i.value === st.side;
    });
    card.querySelectorAll('input[name="ed-rules"]').forEach((i) => {
      i.checked = i.value === st.rules;
    });
    const msg = $('ed-check');
    msg.classList.toggle('is-bad', !!st.error);
    msg.textContent = st.error
      ? t('editor.invalid', { why: reason(t, st.error) })
      : st.status && st.status.over
        ? t('editor.over', { reason: endTerm(t, st.status) })
        : t(st.check ? 'editor.validCheck' : 'editor.valid', { side: sideTerm(t, st.side) });
    card.querySelectorAll('.ed-actions [data-ed]').forEach((b) => {
      const playable =
        !!st.fen && !(st.status && st.status.over && (b.dataset.ed === 'ai' || b.dataset.ed === 'hotseat'));
      b.disabled = !playable;
    });
  }

  return { render };
}
