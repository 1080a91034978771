// What Learn and Puzzles show (learn-ctrl.js holds their state): the panel beside the
// boards, the piece-info button of the status strip (the selected piece, or the piece that
// made the move on view), the piece cards (piece-card.js) and the piece names on hover or
// long press (piece-tip.js), which work everywhere; drawn in the page's one redraw. The
// panels' words are the learn controller's translator's (learn.words: the page's language,
// followed when its <html lang> changes).
//
//   const view = createLearnView({ learn, M, board, page, ctl, createBoard, ui });
//   view.render();  view.openCard(letter, level?)  (ui: the page's {toast, announce, t})
import { pieceTerm, levelTerm, sideTerm } from '../../facts/terms.js';
import { createPieceCards, cardText } from './piece-card.js';
import { createPieceTip } from './piece-tip.js';
import { parseSquare, levelOf } from '../../facts/squares.js';
import { pieceName, pieceSide } from '../../facts/facts.js';
import { PIECE_FILES } from '../../../renderer/pieces.js';
import { rulesLink, lessonAnchor, linkSections } from '../../session/share/rules-page-links.js';
import { $, esc, closestTo } from '../../util/dom.js';
import { languageFor, loadTranslatorOrEnglish, reason, browserReason } from '../../util/i18n.js';
import { settle } from '../../util/result.js';

// The rule lessons' icons (the piece lessons show their piece), drawn like the page's others.
const RULE_ICONS = {
  afar: '<circle cx="12" cy="12" r="7"/><path d="M12 2.5v5M12 16.5v5M2.5 12h5M16.5 12h5"/><circle cx="12" cy="12" r="1.2"/>',
  freezing: '<path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M9.5 4.5 12 7l2.5-2.5M9.5 19.5 12 17l2.5 2.5"/>',
  via: '<path d="M3 19 9 13M15 11l6-6M16.5 5H21v4.5"/><rect x="9" y="9" width="6" height="6" rx="1"/>',
  'sylph-return': '<path d="M18 20V9.5a5.5 5.5 0 0 0-11 0V13"/><path d="m3.5 9.5 3.5 3.5 3.5-3.5"/>',
  promotion:
    '<path d="M12 21V9M7.5 13.5 12 9l4.5 4.5"/><path d="m5 3.5 2.5 2.5L12 3l4.5 3L19 3.5 18 7.5H6z"/>',
  'check-levels':
    '<path d="m12 3 9 4-9 4-9-4z"/><path d="m3 12 9 4 9-4M3 17l9 4 9-4"/><path d="M12 7v10" stroke-dasharray="2 2"/>',
  mate: '<path d="M12 2.5v4M10 4.5h4M7 20.5h10M8 20.5l-1.5-9a5.5 5.5 0 0 1 11 0l-1.5 9"/><path d="m9.5 12.5 5 5m0-5-5 5"/>',
};
const ruleIcon = (id) =>
  `<svg class="ico learn-rule-icon" viewBox="0 0 24 24" aria-hidden="true">${RULE_ICONS[id] || '<circle cx="12" cy="12" r="6"/>'}</svg>`;

// learn: the learn controller; page: {owner(), shown() (the board as drawn), keys};
// ui: {toast(text), announce(text), t (the page's words: util/i18n.js)}.
export function createLearnView({ learn, M, board, page, ctl, createBoard, ui }) {
  const st = learn.state;

  // --- the panel --------------------------------------------------------------------------
  const panel = document.createElement('section');
  panel.className = 'card card-learn';
  panel.id = 'learn-panel';
  panel.hidden = true;
  panel.innerHTML = `<header class="card-head">
      <h2 id="learn-heading"></h2><span class="card-head-note" id="learn-progress"></span>
      <button type="button" class="btn btn-compact learn-back" data-learn-act="exit" id="learn-back"></button>
    </header>
    <div class="learn-body" id="learn-body">
      <h3 class="learn-title" id="learn-title"></h3>
      <p class="learn-intro" id="learn-intro"></p>
      <p class="learn-task" id="learn-task"></p>
      <p class="learn-note" id="learn-note" role="status"></p>
      <div class="learn-actions" id="learn-actions"></div>
      <div class="learn-links" id="learn-links"></div>
      <div class="learn-more" id="learn-more"></div>
    </div>`;
  document.querySelector('.side').prepend(panel);
  // the page's language changed (its <html lang>): Learn says everything again in it
  new MutationObserver(() => {
    learn.relanguage(pageLanguageCode());
    nameHelpPieces();
  }).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });

  // the piece-info button in the status strip
  const info = document.createElement('button');
  info.type = 'button';
  info.className = 'btn btn-compact btn-ghost piece-info';
  info.id = 'piece-info';
  info.hidden = true;
  document.querySelector('.strip-tools').prepend(info);
  info.addEventListener('click', () => {
    if (info.dataset.letter) openCard(info.dataset.letter, Number(info.dataset.level) || null);
  });
  function setInfo(letter, level) {
    if (!pieceSide(letter)) {
      info.hidden = true;
      delete info.dataset.letter;
      return;
    }
    const name = pieceTerm(ui.t, letter);
    const html = `<img src="pieces/${PIECE_FILES[letter.toUpperCase()]}.svg" alt="" width="18" height="18"><span>${esc(name)}</span>`;
    info.dataset.letter = letter.toUpperCase();
    info.dataset.level = String(level || '');
    if (info.dataset.html !== html) {
      info.innerHTML = html;
      info.dataset.html = html;
    }
    info.title = ui.t('page.card.howKey', { piece: name });
    info.setAttribute('aria-label', ui.t('page.card.how', { piece: name }));
    info.hidden = false;
  }
  // The piece the button is about: the selected piece (on the boards, whoever owns them), or
  // on the game's board the piece that made the move on view.
  function infoPiece() {
    const pieces = page.shown().pieces;
    const sel = page.owner().selectedSquare ? page.owner().selectedSquare() : null;
    if (sel) return [pieces[parseSquare(sel)], levelOf(parseSquare(sel))];
    const snap = ctl.shown();
    if (!st.kind && !ctl.isLive() && snap.last) {
      const sq = parseSquare(snap.last.kind === 'afar' ? snap.last.from : snap.last.to);
      return [snap.board[sq], levelOf(sq)];
    }
    return [null, null];
  }

  // --- piece cards and names ------------------------------------------------------------------
  // Core's words on a card in the page's language (its <html lang>): the catalogue is
  // fetched with the first card, and kept.
  const pieceCards = createPieceCards();
  async function openCard(letter, level = null) {
    tip.hide();
    const words = await settle(loadTranslatorOrEnglish(pageLanguageCode()));
    if (words.error) {
      ui.toast(ui.t('page.card.failed', { why: reason(ui.t, browserReason(words)) }));
      return null;
    }
    const t = words.value;
    const card = await pieceCards.open(letter, { M, createBoard, level, rules: ctl.model.rules, t });
    if (card) ui.announce(cardText(card, t));
    return card;
  }
  const tip = createPieceTip({
    board,
    container: $('board'),
    describe: (sq) => {
      const cfg = page.shown();
      const c = cfg ? cfg.pieces[sq] : null;
      if (!pieceSide(c)) return null;
      return {
        letter: c.toUpperCase(),
        text:
          ui.t('page.piece', { side: sideTerm(ui.t, pieceSide(c)), piece: pieceTerm(ui.t, c) }) +
          ((cfg.frozen || []).includes(sq) ? ` · ${ui.t('page.textView.frozen')}` : ''),
      };
    },
    // the marks on show: the selected piece and its destinations, the last move, a check
    keepClear: () => {
      const cfg = page.shown();
      if (!cfg) return [];
      const sel = board.selected();
      const d = cfg.dests;
      const to = sel === null || !d ? [] : (d instanceof Map ? d.get(sel) : d[sel]) || [];
      return [sel, ...to, ...(cfg.lastMove || []), cfg.check].filter((s) => s !== null && s !== undefined);
    },
    onCard: (letter, level) => openCard(letter, level),
  });

  // the pieces in the help dialog, named in the page's language: each opens its card
  function nameHelpPieces() {
    const helpPieces = $('help-pieces');
    if (!helpPieces) return;
    helpPieces.innerHTML = M.PIECES.map((p) => {
      const name = pieceTerm(ui.t, p.letter);
      return `<button type="button" class="help-piece" data-piece-card="${p.letter}" title="${esc(ui.t('page.card.how', { piece: name }))}">
      <img src="pieces/${PIECE_FILES[p.letter]}.svg" alt="" width="34" height="34"><span>${esc(name)}</span></button>`;
    }).join('');
  }
  nameHelpPieces();
  linkSections(document); // the Help's links to the rules page
  async function enter(which, id = null) {
    tip.hide();
    const r = await learn.enter(which, id, pageLanguageCode());
    if (r.error) ui.toast(reason(ui.t, r));
    return r;
  }
  document.addEventListener('click', (e) => {
    const c = closestTo(e, '[data-piece-card]');
    if (c) {
      e.preventDefault();
      const d = c.closest('dialog');
      if (d && d.id !== 'dlg-piece') d.close();
      openCard(c.dataset.pieceCard);
      return;
    }
    const l = closestTo(e, '[data-learn]');
    if (l) {
      e.preventDefault();
      const d = l.closest('dialog');
      if (d) d.close();
      enter(l.dataset.learn === 'puzzles' ? 'puzzles' : 'lessons');
      return;
    }
    const a = closestTo(e, '[data-learn-act]');
    if (a && !a.matches(':disabled')) {
      e.preventDefault();
      learn.act(a.dataset.learnAct, a.dataset);
      // a lesson chosen from the list: its first lines on view, not where the list was
      if (a.dataset.learnAct === 'open') panel.scrollTop = 0;
    }
  });
  // a new or restored game ends Learn and Puzzles
  for (const id of ['form-new', 'btn-restore-prev']) {
    const el = $(id);
    if (el) el.addEventListener(id === 'form-new' ? 'submit' : 'click', () => learn.exit());
  }
  // I: the card of the selected piece, or of the piece on the focused square, or the button's
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'i' && e.key !== 'I')) return;
    if (document.querySelector('dialog[open]')) return;
    const tag = e.target instanceof HTMLElement ? e.target.tagName : '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const o = page.owner();
    const sq = (o.selectedSquare && o.selectedSquare()) || (page.keys && page.keys.focus());
    const c = sq && page.shown() ? page.shown().pieces[parseSquare(sq)] : null;
    if (pieceSide(c)) {
      e.preventDefault();
      openCard(c, levelOf(parseSquare(sq)));
    } else if (info.dataset.letter) {
      e.preventDefault();
      openCard(info.dataset.letter);
    }
  });

  // --- drawing ----------------------------------------------------------------------------
  let shownKind = null;
  function render() {
    const kind = st.kind;
    if (kind !== shownKind) {
      shownKind = kind;
      document.body.classList.toggle('mode-learn', !!kind);
      document.body.classList.toggle('mode-puzzles', kind === 'puzzles');
      panel.hidden = !kind;
      tip.hide();
    }
    tip.refresh(); // the board may have changed under the label
    setInfo(...infoPiece());
    const t = learn.words;
    if (!kind || !t) return;
    const heading = t(kind === 'lessons' ? 'lessons.heading' : 'puzzles.heading');
    panel.setAttribute('aria-label', heading);
    $('learn-heading').textContent = heading;
    const back = $('learn-back');
    back.textContent = t('learning.back');
    back.title = t('learning.backTitle');
    if (kind === 'lessons') renderLesson(st.lessons, t);
    else renderPuzzle(st.puzzles, t);
  }

  function button(what, label, { primary = false, title = '', data = {} } = {}) {
    const attrs = Object.entries(data)
      .map(([k, v]) => ` data-${k}="${esc(v)}"`)
      .join('');
    return `<button type="button" class="btn${primary ? ' btn-primary' : ''}" data-learn-act="${what}"${attrs}${title ? ` title="${esc(title)}"` : ''}>${esc(label)}</button>`;
  }
  // Sets an element's HTML only when it changed (a redraw per frame keeps the focus and the hover).
  const setHtml = (el, html) => {
    if (el.dataset.html !== html) {
      el.innerHTML = html;
      el.dataset.html = html;
    }
  };

  function renderNote(s) {
    const note = $('learn-note');
    note.textContent = s.note ? s.note.text : '';
    note.className = `learn-note${s.note ? ' is-' + s.note.kind : ''}`;
  }

  function renderLesson(s, t) {
    const list = s.list();
    const done = list.filter((l) => l.done).length;
    const title = s.words('title');
    $('learn-progress').textContent = t('lessons.progress', { done, total: list.length });
    $('learn-title').textContent = s.title();
    $('learn-intro').textContent = s.stepIndex === 0 || s.phase !== 'play' ? s.words('intro') : '';
    $('learn-task').textContent = s.words('task');
    renderNote(s);
    const acts = [];
    if (s.phase === 'play')
      acts.push(
        button('hint', t('learning.hint'), { title: t('lessons.hintTitle') }),
        button('show', t('lessons.show')),
      );
    if (s.moves.length || s.phase !== 'play')
      acts.push(
        button('restart', t('lessons.restart'), {
          primary: s.phase === 'failed',
          title: t('lessons.restartTitle'),
        }),
      );
    if (s.phase === 'done' && s.hasNext())
      acts.push(
        button(
          'next',
          t(s.stepIndex + 1 < s.lesson.steps.length ? 'lessons.nextStep' : 'lessons.nextLesson'),
          {
            primary: true,
            title: t('lessons.nextTitle'),
          },
        ),
      );
    setHtml($('learn-actions'), acts.join(''));
    // Where to go from the step (the piece's card, the rules, the other lessons): beside the
    // step's actions, but in the panel on a phone, where those dock in a bar of their own.
    const links = [];
    if (s.lesson.piece)
      links.push(
        `<button type="button" class="btn" data-piece-card="${s.lesson.piece}">${esc(t('lessons.card', { piece: pieceTerm(t, s.lesson.piece) }))}</button>`,
      );
    const section = lessonAnchor(s.lesson, pieceName);
    if (section)
      links.push(
        `<a class="btn" href="${esc(rulesLink(section))}" target="_blank" title="${esc(t('lessons.rulesTitle', { title }))}">${esc(t('lessons.rules'))}</a>`,
      );
    links.push(button('lessons-list', t(st.listOpen ? 'lessons.hideList' : 'lessons.list')));
    setHtml($('learn-links'), links.join(''));
    setHtml(
      $('learn-more'),
      st.listOpen
        ? `<ol class="learn-list">${list
            .map(
              (l) => `<li>
      <button type="button" class="learn-item${l.id === s.lesson.id ? ' is-current' : ''}" data-learn-act="open" data-id="${esc(l.id)}"
        aria-label="${esc(l.done ? t('lessons.itemDone', { title: l.title }) : l.stepsDone ? t('lessons.itemSteps', { title: l.title, done: l.stepsDone, total: l.steps }) : l.title)}">
        ${l.piece ? `<img src="pieces/${PIECE_FILES[l.piece]}.svg" alt="" width="22" height="22">` : ruleIcon(l.id)}
        <span>${esc(l.title)}</span>${l.done ? '<b class="learn-check" aria-hidden="true">✓</b>' : l.stepsDone ? `<small>${l.stepsDone}/${l.steps}</small>` : ''}
      </button></li>`,
            )
            .join('')}</ol>`
        : '',
    );
  }

  function renderPuzzle(s, t) {
    const n = s.stats();
    $('learn-progress').textContent = t('puzzles.progress', { solved: n.solved, total: n.total });
    $('learn-title').textContent = s.title();
    $('learn-intro').textContent = s.themes().join(' · ');
    $('learn-task').textContent = s.task();
    renderNote(s);
    const acts = [];
    if (s.phase === 'play')
      acts.push(
        button('hint', t('learning.hint'), { title: t('puzzles.hintTitle') }),
        button('show', t('puzzles.show')),
      );
    if (s.phase !== 'play' || s.mistakes) acts.push(button('retry', t('puzzles.retry'), { title: 'R' }));
    acts.push(button('next', t('puzzles.next'), { primary: s.phase !== 'play', title: 'N' }));
    setHtml($('learn-actions'), acts.join(''));
    setHtml($('learn-links'), '');
    const levels = Object.fromEntries([1, 2, 3].map((l) => [`level${l}`, levelTerm(t, l)]));
    setHtml(
      $('learn-more'),
      `<div class="seg seg-filter" role="group" aria-label="${esc(t('puzzles.filter'))}">${s.filters
        .map(
          (f) =>
            `<button type="button" class="btn btn-compact${s.filter === f ? ' is-on' : ''}" aria-pressed="${s.filter === f}" data-learn-act="filter" data-filter="${f}">${esc(s.levelWord(f))}</button>`,
        )
        .join('')}</div>
      <p class="learn-small">${esc(t('puzzles.about', { all: n.all }))}</p>
      <p class="learn-small">${esc(t('puzzles.marks', levels))}</p>`,
    );
  }

  return { render, openCard, enter, tip };
}

/** The page's language: the catalogue's code for its <html lang>. */
function pageLanguageCode() {
  return languageFor([document.documentElement.lang]);
}
