// The rules page (rules.html): every piece's move diagram on each level it stands on, each
// special rule's position to play, the start position, a switch between the rule sets
// that draws them again, and a language menu that says it all again. What it shows is
// diagrams.js's data; its words are the catalogue's (public/i18n/<code>.json), core's
// names by their identifiers (facts/terms.js), how each piece moves by core's keys, and the
// lessons' introductions and tasks are the reader's learn catalogue's (public/i18n/learn/:
// English's, marked lang="en", only when that one cannot be fetched).
//
// Drawing, as the embed gallery does (picture.js): ONE engine module and ONE hidden board
// for the whole page; each figure's picture is drawn on the hidden board at the figure's
// size and copied into the figure. Lazily: figures near the viewport first (an
// IntersectionObserver), then the others one at a time while the page is idle, so the page
// ends up wholly drawn (and prints so). A button brings a figure to life: the embed itself
// in an iframe, one at a time.
import { createBoard as makeBoard } from '../../../renderer/board.js';
import { loadEngine as loadRules } from '../../../engine/engine-loader.js';
import { PIECE_FILES } from '../../../renderer/pieces.js';
import { createPictures } from '../embed/picture.js';
import { wireCopy } from '../embed/copy-button.js';
import { embedSnippet, embedUrl } from '../embed/embed-snippet.js';
import { useFacts, ruleSetList } from '../../facts/facts.js';
import {
  pieceTerm,
  levelTerm,
  ruleSetTerm,
  ruleSummaryTerm,
  endTerm,
  boardLabels,
} from '../../facts/terms.js';
import { pageLanguage, loadTranslatorOrEnglish, listWords, reason, browserReason } from '../../util/i18n.js';
import { withWords, loadLearnWords } from '../../session/learn/words.js';
import { languageMenu } from '../embed/language-menu.js';
import { registerPWA } from '../page/pwa.js';
import { $, esc, onWidthChange } from '../../util/dom.js';
import { Emitter } from '../../util/emitter.js';
import { settle } from '../../util/result.js';
import { pieceSections, ruleSections, startFigure, ruleSetIds, lessonTitleKey } from './diagrams.js';
import { SECTION } from '../../session/share/rules-page-links.js';

const LESSONS_URL = 'learn/lessons.json';

// After the frame being made now is painted.
const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/**
 * Starts the page. deps (optional): createBoard, loadEngine, lessons (a promise of the parsed
 * lessons file; fetched by default), pwa (false: no service worker), events (an Emitter told
 * what the page does: 'drawn' (figure id) after each picture, 'all-drawn' when none is left). Resolves to
 * {problems: [figures that could not be drawn, with why], figures: [their ids]} once the
 * page is built (its pictures follow), or to {error} when it cannot start.
 * @returns {Promise<{error?: string, problems?: string[], figures?: string[]}>}
 */
export async function startRulesPage({
  createBoard = makeBoard,
  loadEngine = loadRules,
  lessons = null,
  pwa = true,
  events = new Emitter(),
} = {}) {
  if (pwa) registerPWA();
  /** @type {{t: import('../../util/i18n.js').Translator | null}} the reader's words (set before anything is shown) */
  const reader = { t: null };
  // the lessons' positions, with their words in a language (its learn catalogue, fetched
  // once: English's for a message it lacks, English's alone when it cannot be fetched):
  // lessonsIn(code) -> {lessons, lang: the language of their words}
  const lessonData = lessons || fetch(LESSONS_URL).then((x) => x.json());
  const worded = new Map();
  const lessonsIn = (/** @type {string} */ code) => {
    if (!worded.has(code))
      worded.set(
        code,
        Promise.all([lessonData, loadLearnWords(code)]).then(([data, t]) => ({
          lessons: withWords(data, t),
          lang: t.locale,
        })),
      );
    return worded.get(code);
  };
  lessonsIn(pageLanguage()).catch(() => {}); // beside the page's words (boot says a failure)
  // The words come while the engine and the board load.
  // The menu's choice, else the browser's languages.
  const words = loadTranslatorOrEnglish(pageLanguage()).then((tr) => {
    reader.t = tr;
    frameWords(reader.t);
    $('rules-status').textContent = reader.t('rules.loading');
  });
  const r = await settle(boot(createBoard, loadEngine, lessonsIn, words, events, reader));
  if (!r.error) return r.value;
  // Without a catalogue (none could be fetched) the reason is said in English.
  $('rules-status').textContent = reader.t
    ? reader.t('rules.failed', { why: reason(reader.t, browserReason(r)) })
    : `The diagrams could not be drawn: ${r.error}`;
  return r;
}

// The page's frame in the reader's words (again after a change of language).
/** @param {import('../../util/i18n.js').Translator} t */
function frameWords(t) {
  document.title = t('rules.title');
  $('rules-title').textContent = t('rules.title');
  $('rules-skip').textContent = t('rules.skip');
  $('rules-footer').textContent = t('rules.footer');
  const home = $('rules-home');
  home.setAttribute('aria-label', t('rules.siteNav'));
  home.innerHTML =
    `<a href="./"><img src="favicon.svg" alt="" width="24" height="24">${esc(t('rules.backToGame'))}</a>` +
    `<a href="embed-example.html">${esc(t('rules.gallery'))}</a>`;
}

// The rule set the address asks for (?rules=bga), if core knows it; else the default.
function rulesFromAddress(M) {
  const ids = ruleSetIds(M),
    want = new URLSearchParams(location.search).get('rules');
  return ids.includes(want) ? want : ids[0];
}

// The first figure is on the critical path of a visit: the page's words and the first use of
// Intl (the board's level labels) are done while the two WebAssembly modules load, the
// opening's figure as soon as the engine is there, and the lessons (needed only below the
// opening) are not waited for.
async function boot(createBoard, loadEngine, lessonsIn, words, events, reader) {
  const host = $('rules-board');
  const boardPromise = createBoard(host, { interactive: false, still: true });
  const view = { figures: new Map() }; // figure id -> {plan, embed, title}
  const labels = words.then(() => boardLabels(reader.t));
  const pictures = Promise.all([boardPromise, labels]).then(async ([board, levelLabels]) => {
    await board.ready;
    board.set({ levelLabels });
    $('rules-status').textContent = '';
    return { board, pictures: createPictures(board, host) };
  });
  // (a board that cannot be made: nothing is drawn, and boot says why)
  const drawer = lazyPictures(
    pictures.then(
      (p) => p.pictures,
      () => null,
    ),
    (id) => view.figures.get(id),
    events,
  );
  // The opening's figure is made as soon as the engine is there (its first game builds the
  // engine's tables), whether the words have come or not; after the board's start, which
  // would otherwise wait behind it, its first frames then coming while the figure is made.
  const engine = Promise.all([loadEngine(), boardPromise.catch(() => null)]).then(([M]) => {
    useFacts(M);
    const rules = rulesFromAddress(M);
    return { M, rules, start: startFigure(M, rules) };
  });
  const [{ M, rules: firstRules, start: firstStart }] = await Promise.all([engine, words]);
  let rules = firstRules;

  const main = $('rules-main');
  // The pictures already drawn stay until they are drawn again (under the new rules).
  const keptBoxes = () => new Map([...main.querySelectorAll('.diagram')].map((b) => [b.dataset.fig, b]));
  function fill(el, html, kept) {
    el.innerHTML = html;
    for (const box of el.querySelectorAll('.diagram')) {
      const old = kept.get(box.dataset.fig);
      if (old) {
        old.setAttribute('aria-label', box.getAttribute('aria-label'));
        box.replaceWith(old);
      }
    }
    for (const fig of el.querySelectorAll('figure[data-fig]')) wireFigure(fig);
    return [...el.querySelectorAll('.diagram')].filter((b) => view.figures.has(b.dataset.fig));
  }
  // The opening first, and its figure drawn, before the rest is made (the first figure soon);
  // `first`: only on opening the page, when no section is asked for.
  let renders = 0;
  async function render(first = false) {
    const my = ++renders,
      kept = keptBoxes();
    closeLive();
    view.figures = new Map();
    main.innerHTML = '<div id="rules-opening"></div><div id="rules-rest"></div>';
    const start = my === 1 ? firstStart : startFigure(M, rules);
    drawer.restart(fill($('rules-opening'), openingHtml(M, start, view, reader.t), kept), { more: true });
    const url = new URL(location.href);
    if (rules === ruleSetIds(M)[0]) url.searchParams.delete('rules');
    else url.searchParams.set('rules', rules);
    history.replaceState(history.state, '', url.href);
    if (first) {
      drawer.now(); // not a frame later, when the observer first reports
      await Promise.all([drawer.firstDrawn(), pictures]); // a board that fails, fails the page
      await painted(); // the rest is a long task: it would hold back the frame that shows it
    }
    const { lessons, lang } = await lessonsIn(reader.t.locale);
    if (my !== renders) return;
    const data = { pieces: pieceSections(M, rules), special: ruleSections(M, lessons, rules), lang };
    drawer.add(fill($('rules-rest'), restHtml(M, data, view, reader.t), kept));
  }

  // --- live figures: the embed itself, one at a time ------------------------------------
  let live = null; // {fig, button}
  function closeLive() {
    if (!live) return;
    const box = live.fig.querySelector('.diagram');
    box.classList.remove('live');
    box.setAttribute('role', 'img');
    live.fig.querySelector('.diagram iframe')?.remove();
    live.button.textContent = live.label;
    live.button.setAttribute('aria-expanded', 'false');
    live = null;
  }
  function wireFigure(fig) {
    const f = view.figures.get(fig.dataset.fig);
    const code = fig.querySelector('.snippet code'),
      copy = fig.querySelector('button.copy');
    if (code)
      code.textContent = embedSnippet({ ...f.embed, title: f.title, lang: reader.t.locale }, location.href);
    if (copy)
      wireCopy(copy, code, {
        copy: reader.t('copy.copy'),
        copied: reader.t('copy.copied'),
        pressCtrlC: reader.t('copy.pressCtrlC'),
      });
    const button = fig.querySelector('button[data-live]');
    if (!button) return;
    button.addEventListener('click', () => {
      const was = live && live.fig === fig;
      closeLive();
      if (was) return;
      const box = fig.querySelector('.diagram');
      const frame = document.createElement('iframe');
      frame.src = embedUrl({ ...f.embed, lang: reader.t.locale }, location.href);
      frame.title = reader.t('rules.liveTitle', { title: f.title });
      box.append(frame);
      box.classList.add('live');
      box.removeAttribute('role'); // the live board speaks for itself
      live = { fig, button, label: button.textContent };
      button.textContent = reader.t('rules.close');
      button.setAttribute('aria-expanded', 'true');
    });
  }

  const ruleSwitch = buildSwitch(rules, reader, (r) => {
    rules = r;
    render();
  });
  // A new language: the frame, the switch and the page again (the pictures are kept).
  languageMenu($('rules-lang'), reader.t, (tr) => {
    reader.t = tr;
    const levelLabels = boardLabels(reader.t);
    pictures.then((p) => p.board.set({ levelLabels }));
    frameWords(reader.t);
    ruleSwitch.fill();
    return render();
  });
  await render(!location.hash);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  const problems = [];
  for (const el of main.querySelectorAll('.fig-error'))
    problems.push(`${el.closest('[id]').id}: ${el.textContent}`);
  return { problems, figures: [...view.figures.keys()] };
}

// --- the rule set switch ------------------------------------------------------------------
// fill(): its words again (a new language), the rule set chosen kept.
function buildSwitch(rules, reader, onChange) {
  const box = $('rules-switch');
  box.hidden = false;
  const sets = ruleSetList();
  const fill = () => {
    box.innerHTML =
      `<legend>${esc(reader.t('rules.switchLegend'))}</legend>` +
      sets
        .map(
          (r) =>
            `<label><input type="radio" name="rules" value="${esc(r.id)}"${r.id === rules ? ' checked' : ''}><span>${esc(ruleSetTerm(reader.t, r.id))}</span></label>`,
        )
        .join('') +
      `<p class="switch-note" id="rules-switch-note"></p>`;
    note();
  };
  const note = () => {
    const id = box.querySelector('input:checked').value;
    $('rules-switch-note').textContent = `${ruleSummaryTerm(reader.t, id)} ${reader.t('rules.switchNote')}`;
  };
  fill();
  box.addEventListener('change', (e) => {
    if (e.target.name === 'rules') {
      rules = e.target.value;
      note();
      onChange(rules);
    }
  });
  return { fill };
}

// --- the page's HTML ----------------------------------------------------------------------
// Its two parts: the opening (the boards and the start position: what a visit sees first)
// and the rest (data.pieces and data.special), made after the opening's figure is drawn.
function openingHtml(M, start, view, t) {
  return pageHtml(M, { start }, view, 'opening', t);
}
function restHtml(M, data, view, t) {
  return pageHtml(M, data, view, 'rest', t);
}

/** @param {import('../../util/i18n.js').Translator} t the reader's words */
function pageHtml(M, data, view, part, t) {
  const where = (ls) =>
    [...ls]
      .sort((a, b) => b - a)
      .map((l) => t('rules.levelName', { name: levelTerm(t, l), level: l }))
      .join(', ');
  // The lessons' words (data.lang: their language), marked when not the page's (read aloud
  // as English when English's stand in).
  const lessonWords = (text, tag = 'span') =>
    `<${tag}${data.lang && data.lang !== t.locale ? ` lang="${esc(data.lang)}"` : ''}>${esc(text)}</${tag}>`;
  const figure = (id, label, plan, embed, caption, liveLabel) => {
    view.figures.set(id, { plan, embed, title: label });
    return `<figure class="fig" data-fig="${esc(id)}">
      <div class="diagram" data-fig="${esc(id)}" data-levels="${plan.levels.length}" role="img" aria-label="${esc(label)}"></div>
      <figcaption>${caption}</figcaption>
      <div class="fig-actions"><button type="button" class="btn" data-live="${esc(id)}" aria-expanded="false">${esc(liveLabel)}</button></div>
      <details class="embed"><summary>${esc(t('rules.embed'))}</summary>
        <div class="snippet"><code></code><button type="button" class="btn copy">${esc(t('copy.copy'))}</button></div></details>
    </figure>`;
  };
  const failed = (r) => `<p class="fig-error">${esc(t('rules.figureFailed', { why: reason(t, r) }))}</p>`;
  if (part === 'opening') {
    const intro = t('rules.intro', {
      sky: levelTerm(t, 3),
      ground: levelTerm(t, 2),
      underworld: levelTerm(t, 1),
    });
    return `<div class="opening">
    <section id="${SECTION.boards}" aria-labelledby="${SECTION.boards}-h"><h2 id="${SECTION.boards}-h">${esc(t('rules.boards'))}</h2>
      <p>${esc(intro)}</p><p>${esc(t('rules.boardsText'))}</p><p>${esc(t('rules.legend'))}</p><p>${esc(t('rules.drawnBy'))}</p></section>
    <section id="${SECTION.start}" aria-labelledby="${SECTION.start}-h"><h2 id="${SECTION.start}-h">${esc(t('rules.start'))}</h2>
      <p>${esc(t('rules.startText'))}</p>
      ${data.start.error ? failed(data.start) : `<div class="figs figs-wide">${figure(data.start.id, t('rules.start'), data.start.plan, data.start.embed, '', t('rules.play'))}</div>`}</section>
    </div>`;
  }

  const pieces = data.pieces
    .map((p) => {
      const name = pieceTerm(t, p.letter);
      return `<section class="piece" id="${esc(p.anchor)}" aria-labelledby="${esc(p.anchor)}-h">
      <h3 id="${esc(p.anchor)}-h"><img src="pieces/${PIECE_FILES[p.letter]}.svg" alt="" width="36" height="36">
        ${esc(name)} <span class="letter" title="${esc(t('rules.letter'))}">${esc(p.letter)}</span></h3>
      <p class="facts">${esc(p.letter === 'K' ? t('rules.king') : t('rules.worth', { value: p.value }))} · ${esc(t('rules.livesOn', { where: where(p.levels) }))}</p>
      <div class="figs">${p.figures
        .map((f) =>
          figure(
            f.id,
            t('rules.figureLabel', { piece: name, level: levelTerm(t, f.level) }),
            f.plan,
            f.embed,
            `<p><b>${esc(t('rules.onLevel', { name: levelTerm(t, f.level), level: f.level }))}:</b> ${esc(t(f.wordsKey))}</p>` +
              f.others
                .map(
                  (o) =>
                    `<p class="other"><b>${esc(t('rules.other', { ruleSet: ruleSetTerm(t, o.rules) }))}</b> ${esc(t(o.wordsKey))}</p>`,
                )
                .join(''),
            t('rules.playPiece'),
          ),
        )
        .join('')}</div>
    </section>`;
    })
    .join('');

  const names = (list) =>
    listWords(
      t.locale,
      list.map((p) => pieceTerm(t, p.letter)),
    );
  const movers = names(M.PIECES.filter((p) => p.levels.length > 1));
  const stayers = names(M.PIECES.filter((p) => p.levels.length === 1));
  const titleOf = (s) => (s.explain ? t(lessonTitleKey(s.explain.id)) : t('rules.levelsTitle'));
  const special = data.special
    .map((s) => {
      const title = titleOf(s);
      const intro = s.explain
        ? lessonWords(s.explain.intro, 'p')
        : `<p>${esc(t('rules.levelsIntro', { movers, stayers }))}</p>`;
      return `<section class="rule" id="${esc(s.anchor)}" aria-labelledby="${esc(s.anchor)}-h">
      <h3 id="${esc(s.anchor)}-h">${esc(title)}</h3>${intro}
      ${
        s.error
          ? failed(s)
          : `<div class="figs">${figure(
              s.id,
              t('rules.positionLabel', { title }),
              s.plan,
              s.embed,
              `<p><b>${esc(t('rules.tryIt'))}</b> ${lessonWords(s.task)}</p>`,
              t('rules.play'),
            )}</div>`
      }
    </section>`;
    })
    .join('');

  const ends = [...new Map(M.GAME_STATES.filter((g) => g.over).map((g) => [g.state, g])).values()];
  const toc = [
    [SECTION.boards, t('rules.boards')],
    [SECTION.start, t('rules.start')],
    [SECTION.pieces, t('rules.pieces'), data.pieces.map((p) => [p.anchor, pieceTerm(t, p.letter)])],
    [SECTION.special, t('rules.special'), data.special.map((s) => [s.anchor, titleOf(s)])],
    [SECTION.end, t('rules.end')],
    [SECTION.ruleSets, t('rules.ruleSets')],
  ];
  const link = (/** @type {any[]} */ [a, title]) => `<a href="#${esc(a)}">${esc(title)}</a>`;
  const nav = `<nav class="toc" aria-label="${esc(t('rules.nav'))}"><ul>${toc.map((e) => `<li>${link(e)}${e[2] ? `<ul>${e[2].map((x) => `<li>${link(x)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ul></nav>`;
  return `${nav}
    <section id="${SECTION.pieces}" aria-labelledby="${SECTION.pieces}-h"><h2 id="${SECTION.pieces}-h">${esc(t('rules.pieces'))}</h2>
      <p>${esc(t('rules.piecesText'))}</p>${pieces}</section>
    <section id="${SECTION.special}" aria-labelledby="${SECTION.special}-h"><h2 id="${SECTION.special}-h">${esc(t('rules.special'))}</h2>
      <p>${esc(t('rules.specialText'))}</p>${special}</section>
    <section id="${SECTION.end}" aria-labelledby="${SECTION.end}-h"><h2 id="${SECTION.end}-h">${esc(t('rules.end'))}</h2>
      <p>${esc(t('rules.endText'))}</p><ul>${ends.map((g) => `<li>${esc(endTerm(t, g))}</li>`).join('')}</ul></section>
    <section id="${SECTION.ruleSets}" aria-labelledby="${SECTION.ruleSets}-h"><h2 id="${SECTION.ruleSets}-h">${esc(t('rules.ruleSets'))}</h2>
      <p>${esc(t('rules.ruleSetsText'))}</p><dl>${ruleSetList()
        .map((r) => `<dt>${esc(ruleSetTerm(t, r.id))}</dt><dd>${esc(ruleSummaryTerm(t, r.id))}</dd>`)
        .join('')}</dl></section>`;
}

// --- lazy pictures ------------------------------------------------------------------------
// Figures near the viewport are drawn first, in page order; then, while the page is idle,
// the rest, one at a time. restart(boxes, {more}): these are the figures now (all to be drawn
// again, e.g. under other rules); more: true when add() will bring the rest of the page.
// A new width draws them all again. 'all-drawn' is said when the whole page is drawn.
// picturesReady: a promise of the pictures (createPictures), or of null when there is no
// board, so that figures can be laid out before the board is there.
const NEAR_PX = 300; // how near the window a figure is drawn first
function lazyPictures(picturesReady, figureOf, events) {
  let boxes = [],
    dirty = new Set(),
    near = new Set(),
    running = false,
    more = false;
  const drained = new Set(); // callbacks for the next time nothing is left to draw
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) e.isIntersecting ? near.add(e.target) : near.delete(e.target);
      pump();
    },
    { rootMargin: `${NEAR_PX}px 0px` },
  );
  const idle = () =>
    new Promise((r) =>
      window.requestIdleCallback ? requestIdleCallback(r, { timeout: 300 }) : setTimeout(r, 30),
    );

  async function pump() {
    if (running) return;
    running = true;
    const pictures = await picturesReady; // the board, once it is ready
    if (!pictures) return;
    for (;;) {
      let box = boxes.find((b) => dirty.has(b) && near.has(b));
      if (!box) {
        if (!dirty.size) break;
        await idle();
        box = boxes.find((b) => dirty.has(b) && near.has(b)) || boxes.find((b) => dirty.has(b));
        if (!box) continue;
      }
      dirty.delete(box);
      const f = figureOf(box.dataset.fig);
      if (!f || !box.isConnected || !box.clientWidth) continue;
      await pictures.draw(box, f.plan);
      events.emit('drawn', box.dataset.fig);
    }
    pictures.park();
    running = false;
    for (const fn of [...drained]) fn();
    if (!more) events.emit('all-drawn');
  }
  function add(list) {
    more = false;
    boxes.push(...list);
    for (const b of list) {
      dirty.add(b);
      io.observe(b);
    }
  }
  function restart(list, o = {}) {
    io.disconnect();
    near = new Set();
    boxes = [];
    dirty = new Set();
    add(list);
    more = !!o.more;
  }
  // The figures near the window now, as the observer will report them, drawn at once.
  function now() {
    for (const b of boxes) {
      const r = b.getBoundingClientRect();
      if (r.bottom > -NEAR_PX && r.top < innerHeight + NEAR_PX) near.add(b);
    }
    pump();
  }
  // Resolves once a picture is drawn, or nothing is left to draw.
  const firstDrawn = () =>
    new Promise((resolve) => {
      if (!dirty.size) {
        resolve();
        return;
      }
      const done = () => {
        off();
        drained.delete(done);
        resolve();
      };
      const off = events.on('drawn', done);
      drained.add(done);
    });
  // A new width: every picture again at its new size.
  onWidthChange(() => {
    dirty = new Set(boxes);
    pump();
  });
  return { restart, add, now, firstDrawn };
}
