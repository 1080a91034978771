// The rules page (rules.html): every piece's move diagram on each level it stands on, each
// special rule's position to play, the start position, and a switch between the rule sets
// that draws them again. What it shows is diagrams.js's data; its words are words.js's.
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
import { useFacts, levelName, ruleSetList, ruleSetName } from '../../facts/facts.js';
import { registerPWA } from '../page/pwa.js';
import { $, esc, onWidthChange } from '../../util/dom.js';
import { Emitter } from '../../util/emitter.js';
import { settle } from '../../util/result.js';
import { pieceSections, ruleSections, startFigure, ruleSetIds } from './diagrams.js';
import { SECTION } from '../../session/share/rules-page-links.js';
import { WORDS as W } from './words.js';

/** What the page does: 'drawn' (figure id) after each picture; 'all-drawn' when none is left. */
export const events = new Emitter();

const LESSONS_URL = 'learn/lessons.json';

/**
 * Starts the page. deps (optional): createBoard, loadEngine, lessons (a promise of the parsed
 * lessons file; fetched by default), pwa (false: no service worker). Resolves to
 * {problems: [figures that could not be drawn, with why], figures: [their ids]} once the
 * page is built (its pictures follow), or to {error} when it cannot start.
 * @returns {Promise<{error?: string, problems?: string[], figures?: string[]}>}
 */
export async function startRulesPage({
  createBoard = makeBoard,
  loadEngine = loadRules,
  lessons = null,
  pwa = true,
} = {}) {
  frameWords();
  if (pwa) registerPWA();
  const r = await settle(boot(createBoard, loadEngine, lessons || fetch(LESSONS_URL).then((x) => x.json())));
  if (!r.error) return r.value;
  $('rules-status').textContent = W.failed(r.error);
  return r;
}

// The page's frame, in words.js's words, before anything loads.
function frameWords() {
  document.title = W.title;
  $('rules-title').textContent = W.title;
  $('rules-skip').textContent = W.skip;
  $('rules-status').textContent = W.loading;
  $('rules-footer').textContent = W.footer;
  const home = $('rules-home');
  home.setAttribute('aria-label', W.siteNav);
  home.innerHTML =
    `<a href="./"><img src="favicon.svg" alt="" width="24" height="24">${esc(W.backToGame)}</a>` +
    `<a href="embed-example.html">${esc(W.gallery)}</a>`;
}

// The rule set the address asks for (?rules=bga), if core knows it; else the default.
function rulesFromAddress(M) {
  const ids = ruleSetIds(M),
    want = new URLSearchParams(location.search).get('rules');
  return ids.includes(want) ? want : ids[0];
}

async function boot(createBoard, loadEngine, lessonsPromise) {
  const host = $('rules-board');
  const boardPromise = createBoard(host, { interactive: false, still: true });
  const [M, lessons] = await Promise.all([loadEngine(), lessonsPromise]);
  useFacts(M);
  let rules = rulesFromAddress(M);
  const view = { figures: new Map() }; // figure id -> {plan, embed, title}

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
    drawer.restart(fill($('rules-opening'), openingHtml(M, startFigure(M, rules), view), kept), {
      more: true,
    });
    const url = new URL(location.href);
    if (rules === ruleSetIds(M)[0]) url.searchParams.delete('rules');
    else url.searchParams.set('rules', rules);
    history.replaceState(history.state, '', url.href);
    if (first) {
      drawer.now(); // not a frame later, when the observer first reports
      await drawer.firstDrawn();
    }
    if (my !== renders) return;
    const data = { pieces: pieceSections(M, rules), special: ruleSections(M, lessons, rules) };
    drawer.add(fill($('rules-rest'), restHtml(M, data, view), kept));
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
    if (code) code.textContent = embedSnippet({ ...f.embed, title: f.title }, location.href);
    if (copy) wireCopy(copy, code, { copy: W.copy, copied: W.copied, pressCtrlC: W.pressCtrlC });
    const button = fig.querySelector('button[data-live]');
    if (!button) return;
    button.addEventListener('click', () => {
      const was = live && live.fig === fig;
      closeLive();
      if (was) return;
      const box = fig.querySelector('.diagram');
      const frame = document.createElement('iframe');
      frame.src = embedUrl(f.embed, location.href);
      frame.title = W.liveTitle(f.title);
      box.append(frame);
      box.classList.add('live');
      box.removeAttribute('role'); // the live board speaks for itself
      live = { fig, button, label: button.textContent };
      button.textContent = W.close;
      button.setAttribute('aria-expanded', 'true');
    });
  }

  const board = await boardPromise;
  await board.ready;
  const drawer = lazyPictures(createPictures(board, host), (id) => view.figures.get(id));
  $('rules-status').textContent = '';
  buildSwitch(M, rules, (r) => {
    rules = r;
    render();
  });
  await render(!location.hash);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  const problems = [];
  for (const el of main.querySelectorAll('.fig-error'))
    problems.push(`${el.closest('[id]').id}: ${el.textContent}`);
  return { problems, figures: [...view.figures.keys()] };
}

// --- the rule set switch ------------------------------------------------------------------
function buildSwitch(M, rules, onChange) {
  const box = $('rules-switch');
  box.hidden = false;
  const sets = ruleSetList();
  box.innerHTML =
    `<legend>${esc(W.switchLegend)}</legend>` +
    sets
      .map(
        (r) =>
          `<label><input type="radio" name="rules" value="${esc(r.id)}"${r.id === rules ? ' checked' : ''}><span>${esc(r.name)}</span></label>`,
      )
      .join('') +
    `<p class="switch-note" id="rules-switch-note"></p>`;
  const note = () => {
    const id = box.querySelector('input:checked').value;
    $('rules-switch-note').textContent = `${sets.find((r) => r.id === id).summary} ${W.switchNote}`;
  };
  note();
  box.addEventListener('change', (e) => {
    if (e.target.name === 'rules') {
      note();
      onChange(e.target.value);
    }
  });
}

// --- the page's HTML ----------------------------------------------------------------------
// Its two parts: the opening (the boards and the start position: what a visit sees first)
// and the rest (data.pieces and data.special), made after the opening's figure is drawn.
function openingHtml(M, start, view) {
  return pageHtml(M, { start }, view, 'opening');
}
function restHtml(M, data, view) {
  return pageHtml(M, data, view, 'rest');
}

function pageHtml(M, data, view, part) {
  const levels = { 1: levelName(1), 2: levelName(2), 3: levelName(3) };
  const where = (ls) =>
    [...ls]
      .sort((a, b) => b - a)
      .map((l) => W.levelName(levels[l], l))
      .join(', ');
  const figure = (id, label, plan, embed, caption, liveLabel) => {
    view.figures.set(id, { plan, embed, title: label });
    return `<figure class="fig" data-fig="${esc(id)}">
      <div class="diagram" data-fig="${esc(id)}" data-levels="${plan.levels.length}" role="img" aria-label="${esc(label)}"></div>
      <figcaption>${caption}</figcaption>
      <div class="fig-actions"><button type="button" class="btn" data-live="${esc(id)}" aria-expanded="false">${esc(liveLabel)}</button></div>
      <details class="embed"><summary>${esc(W.embed)}</summary>
        <div class="snippet"><code></code><button type="button" class="btn copy">${esc(W.copy)}</button></div></details>
    </figure>`;
  };
  const failed = (why) => `<p class="fig-error">${esc(W.figureFailed(why))}</p>`;
  if (part === 'opening') {
    return `<div class="opening">
    <section id="${SECTION.boards}" aria-labelledby="${SECTION.boards}-h"><h2 id="${SECTION.boards}-h">${esc(W.boards)}</h2>
      <p>${esc(W.intro(levels))}</p><p>${esc(W.boardsText)}</p><p>${esc(W.legend)}</p><p>${esc(W.drawnBy)}</p></section>
    <section id="${SECTION.start}" aria-labelledby="${SECTION.start}-h"><h2 id="${SECTION.start}-h">${esc(W.start)}</h2>
      <p>${esc(W.startText)}</p>
      ${data.start.error ? failed(data.start.error) : `<div class="figs figs-wide">${figure(data.start.id, W.start, data.start.plan, data.start.embed, '', W.play)}</div>`}</section>
    </div>`;
  }

  const pieces = data.pieces
    .map(
      (p) => `<section class="piece" id="${esc(p.anchor)}" aria-labelledby="${esc(p.anchor)}-h">
      <h3 id="${esc(p.anchor)}-h"><img src="pieces/${PIECE_FILES[p.letter]}.svg" alt="" width="36" height="36">
        ${esc(p.name)} <span class="letter" title="${esc(W.letter)}">${esc(p.letter)}</span></h3>
      <p class="facts">${esc(p.letter === 'K' ? W.king : W.worth(p.value))} · ${esc(W.livesOn(where(p.levels)))}</p>
      <div class="figs">${p.figures
        .map((f) =>
          figure(
            f.id,
            W.figureLabel(p.name, levels[f.level]),
            f.plan,
            f.embed,
            `<p><b>${esc(W.onLevel(levels[f.level], f.level))}:</b> ${esc(f.words)}</p>` +
              f.others
                .map((o) => `<p class="other"><b>${esc(W.other(o.name))}</b> ${esc(o.words)}</p>`)
                .join(''),
            W.playPiece,
          ),
        )
        .join('')}</div>
    </section>`,
    )
    .join('');

  const movers = M.PIECES.filter((p) => p.levels.length > 1).map((p) => p.name);
  const stayers = M.PIECES.filter((p) => p.levels.length === 1).map((p) => p.name);
  const special = data.special
    .map((s) => {
      const title = s.explain ? s.explain.title : W.levelsTitle;
      const intro = s.explain ? s.explain.intro : W.levelsIntro(movers, stayers);
      return `<section class="rule" id="${esc(s.anchor)}" aria-labelledby="${esc(s.anchor)}-h">
      <h3 id="${esc(s.anchor)}-h">${esc(title)}</h3><p>${esc(intro)}</p>
      ${
        s.error
          ? failed(s.error)
          : `<div class="figs">${figure(
              s.id,
              W.positionLabel(title),
              s.plan,
              s.embed,
              `<p><b>${esc(W.tryIt)}</b> ${esc(s.task)}</p>`,
              W.play,
            )}</div>`
      }
    </section>`;
    })
    .join('');

  const ends = [...new Map(M.GAME_STATES.filter((g) => g.over).map((g) => [g.state, g.reason])).values()];
  const toc = [
    [SECTION.boards, W.boards],
    [SECTION.start, W.start],
    [SECTION.pieces, W.pieces, data.pieces.map((p) => [p.anchor, p.name])],
    [
      SECTION.special,
      W.special,
      data.special.map((s) => [s.anchor, s.explain ? s.explain.title : W.levelsTitle]),
    ],
    [SECTION.end, W.end],
    [SECTION.ruleSets, W.ruleSets],
  ];
  const link = (/** @type {any[]} */ [a, t]) => `<a href="#${esc(a)}">${esc(t)}</a>`;
  const nav = `<nav class="toc" aria-label="${esc(W.nav)}"><ul>${toc.map((e) => `<li>${link(e)}${e[2] ? `<ul>${e[2].map((x) => `<li>${link(x)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ul></nav>`;
  return `${nav}
    <section id="${SECTION.pieces}" aria-labelledby="${SECTION.pieces}-h"><h2 id="${SECTION.pieces}-h">${esc(W.pieces)}</h2>
      <p>${esc(W.piecesText)}</p>${pieces}</section>
    <section id="${SECTION.special}" aria-labelledby="${SECTION.special}-h"><h2 id="${SECTION.special}-h">${esc(W.special)}</h2>
      <p>${esc(W.specialText)}</p>${special}</section>
    <section id="${SECTION.end}" aria-labelledby="${SECTION.end}-h"><h2 id="${SECTION.end}-h">${esc(W.end)}</h2>
      <p>${esc(W.endText)}</p><ul>${ends.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></section>
    <section id="${SECTION.ruleSets}" aria-labelledby="${SECTION.ruleSets}-h"><h2 id="${SECTION.ruleSets}-h">${esc(W.ruleSets)}</h2>
      <p>${esc(W.ruleSetsText)}</p><dl>${ruleSetList()
        .map((r) => `<dt>${esc(ruleSetName(r.id))}</dt><dd>${esc(r.summary)}</dd>`)
        .join('')}</dl></section>`;
}

// --- lazy pictures ------------------------------------------------------------------------
// Figures near the viewport are drawn first, in page order; then, while the page is idle,
// the rest, one at a time. restart(boxes, {more}): these are the figures now (all to be drawn
// again, e.g. under other rules); more: true when add() will bring the rest of the page.
// A new width draws them all again. 'all-drawn' is said when the whole page is drawn.
const NEAR_PX = 300; // how near the window a figure is drawn first
function lazyPictures(pictures, figureOf) {
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
