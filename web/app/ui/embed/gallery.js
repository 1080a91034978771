// The embed gallery (embed-example.html): one picture per piece, all drawn by ONE renderer
// and ONE engine, once each, and kept. Each card's diagram (its data-src: an embed.html
// address) is set on a hidden board the size of the card's box, drawn at once and copied
// into the card's own canvas; nothing is reloaded when a card scrolls out of view and back.
// A click on a picture brings that diagram to life (the embed itself, in an iframe; one at
// a time). On a resize the pictures are drawn again at their new size. Its words are the
// catalogue's (elements marked data-i18n="<key>" in the HTML, the rest here), in the
// language of the menu (language-menu.js): a change says them all again, no reload; the
// live diagrams and the snippets carry that language to the embed (lang=).
import { createBoard as makeBoard } from '../../../renderer/board.js';
import { loadEngine as loadRules } from '../../../engine/engine-loader.js';
import { decodeHash } from '../../session/share/links.js';
import { moveDiagram } from '../../facts/move-diagram.js';
import { levelsNeeded, EMBED_KEYS } from './embed-layout.js';
import { createPictures } from './picture.js';
import { wireCopy } from './copy-button.js';
import { diagramBoard } from './diagram-board.js';
import { languageMenu } from './language-menu.js';
import { pieceTerm, boardLabels, coreRefusal } from '../../facts/terms.js';
import {
  pageLanguage,
  loadTranslatorOrEnglish,
  SOURCE_LANGUAGE,
  reason,
  browserReason,
} from '../../util/i18n.js';
import { translateDom } from '../../util/dom-words.js';
import { $, all, onWidthChange } from '../../util/dom.js';
import { Emitter } from '../../util/emitter.js';
import { attempt, failure, settle, success } from '../../util/result.js';

// The diagram of an embed address: the board state and the levels it shows, or {error}.
/** @returns {import('../../util/result.js').Result<{state: object, levels: number[], flip: boolean, layout: string}>} */
function diagramOf(M, src) {
  const read = decodeHash(new URL(src, location.href).hash, { position: true, extraKeys: EMBED_KEYS });
  if (read.error) return failure(read);
  const d = read.value;
  const game = new M.Game();
  try {
    const set = attempt(() => game.setPosition(d.fen || '', d.moves, d.rules)); // the engine's word on the position or a move
    if (set.error) return coreRefusal(set); // core's reason, said in the reader's words
    const shown = d.params.show ? moveDiagram(M, game.fen(), d.params.show, game.rules()) : null;
    if (shown && shown.error) return failure(coreRefusal(shown));
    const show = shown && shown.value;
    const state = diagramBoard(game, show);
    const levels = d.params.level
      ? d.params.level
          .split(',')
          .map(Number)
          .sort((a, b) => b - a)
      : levelsNeeded({ pieces: state.pieces, diagram: show, lastMove: state.lastMove });
    return success({ state, levels, flip: d.params.flip === '1', layout: d.params.layout || 'auto' });
  } finally {
    game.delete();
  }
}

// A card's snippet pointing at `src` (an embed address) on this site.
function snippetSrc(card, src) {
  const code = card.querySelector('.snippet code');
  code.textContent = code.textContent.replace(/src="[^"]*"/, `src="${new URL(src, location.href).href}"`);
}

/**
 * Starts the gallery. deps (optional): createBoard, loadEngine (the page's own by default),
 * events (an Emitter: events.on('drawn', fn(cardId)) after each picture drawn).
 * Resolves to {value: {problems: [the cards whose address could not be drawn, with why]}} once every
 * picture is drawn, or to {error} when it cannot start. A card that cannot be drawn says why
 * in its box.
 * @returns {Promise<import('../../util/result.js').Result<{problems: string[]}>>}
 */
export async function startGallery({
  createBoard = makeBoard,
  loadEngine = loadRules,
  events = new Emitter(),
} = {}) {
  /** @type {import('../../util/i18n.js').Translator | null} the reader's words, once known */
  let t = null;
  // The Copy buttons' words, in the language on show (wireCopy reads them on each click).
  const copyWords = { copy: '', copied: '', pressCtrlC: '' };
  // An embed address in the language on show.
  const withLang = (src) => (t.locale === SOURCE_LANGUAGE ? src : `${src}&lang=${t.locale}`);
  const r = await settle(boot());
  if (!r.error) return r;
  document.body.prepend(
    Object.assign(document.createElement('p'), {
      // Without a catalogue (none could be fetched) the reason is said in English.
      textContent: t
        ? t('gallery.failed', { why: reason(t, browserReason(r)) })
        : `The diagrams could not be drawn: ${r.error}`,
    }),
  );
  return r;

  // Every word of the page in the language of `t` (the data-i18n elements' and the cards').
  function translate(cards) {
    document.title = t('gallery.title');
    translateDom(document, t);
    Object.assign(copyWords, {
      copy: t('copy.copy'),
      copied: t('copy.copied'),
      pressCtrlC: t('copy.pressCtrlC'),
    });
    for (const card of cards) {
      const box = card.querySelector('.diagram'),
        code = card.querySelector('.snippet code');
      const piece = pieceTerm(t, card.dataset.piece);
      box.setAttribute('aria-label', t('gallery.cardLabel', { piece }));
      box.querySelector('iframe')?.setAttribute('title', t('gallery.cardLabel', { piece }));
      snippetSrc(card, withLang(box.dataset.src));
      code.textContent = code.textContent.replace(
        /title="[^"]*"/,
        `title="${t('gallery.snippetTitle', { piece }).replace(/"/g, '&quot;')}"`,
      );
    }
    for (const hint of all('.hint.try')) hint.textContent = t('gallery.hint');
  }

  async function boot() {
    const problems = [];
    const cards = all('.card');
    const host = $('gallery-board');
    const started = Promise.all([loadEngine(), createBoard(host, { interactive: false, still: true })]);
    // The snippets point at this site at once (their words follow with the catalogue).
    for (const card of cards)
      snippetSrc(card, /** @type {HTMLElement} */ (card.querySelector('.diagram')).dataset.src);
    t = await loadTranslatorOrEnglish(pageLanguage()); // the menu's choice, else the browser's
    translate(cards);
    for (const card of cards)
      wireCopy(card.querySelector('button.copy'), card.querySelector('.snippet code'), copyWords);
    let redraw = null; // the pictures again, in the new language's board titles
    languageMenu($('gallery-lang'), t, (tr) => {
      t = tr;
      translate(cards);
      redraw?.();
    });
    const [M, board] = await started;
    board.set({ levelLabels: boardLabels(t) });
    await board.ready;
    const boxes = cards.map((c) => /** @type {HTMLElement} */ (c.querySelector('.diagram')));
    const plans = new Map();
    for (const box of boxes) {
      const plan = diagramOf(M, box.dataset.src);
      if (!plan.error) {
        plans.set(box, plan.value);
        continue;
      }
      problems.push(`${box.dataset.src}: ${reason(t, plan)}`);
      box.append(
        Object.assign(document.createElement('span'), {
          className: 'hint',
          textContent: t('gallery.cardFailed', { why: reason(t, plan) }),
        }),
      );
    }

    // Draws one card's picture (picture.js), with its hint the first time.
    const pictures = createPictures(board, host);
    async function draw(box) {
      const plan = plans.get(box);
      if (!plan) return;
      const fresh = !box.querySelector('canvas.picture');
      await pictures.draw(box, plan);
      if (fresh) {
        const hint = document.createElement('span');
        hint.className = 'hint try';
        hint.textContent = t('gallery.hint');
        box.after(hint);
      }
      events.emit('drawn', box.closest('.card').id);
    }

    async function drawAll() {
      for (const box of boxes) await draw(box);
      pictures.park(); // nothing more to draw until a resize
    }
    await drawAll();
    redraw = () => {
      board.set({ levelLabels: boardLabels(t) });
      drawAll();
    };

    // A click brings a diagram to life: the embed in an iframe, one at a time.
    let live = null;
    for (const box of boxes) {
      box.addEventListener('click', () => {
        if (live === box) return;
        if (live) {
          live.classList.remove('live');
          live.querySelector('iframe').remove();
        }
        const f = document.createElement('iframe');
        f.src = withLang(box.dataset.src);
        f.title = box.getAttribute('aria-label');
        box.append(f);
        box.classList.add('live');
        live = box;
      });
    }
    // A new width: the pictures again at their new size (once the resizing has settled).
    onWidthChange(drawAll);
    return { problems };
  }
}
