// embed.html: an embeddable live Dragonchess diagram for rule pages.
//
// Address (after '#', or after '?' when there is no '#'), every part optional:
//   fen=<position string, spaces as _>   moves=2c22c3.2c72c6 (or g=<packed>)  (links.js)
//   rules=bga            Board Game Arena's rule set (default gygax: Gygax's); the caption
//                        names a rule set other than the default
//   show=<square>        draw that piece's move diagram: dots = moves (empty squares only),
//                        rings = captures only, ring + dot = move or capture, red sight =
//                        a Dragon's capture from afar; on every level it reaches
//   interactive=0|1      1 (default): click a piece for its diagram, play legal moves;
//                        0: a picture (no input; touches scroll the page)
//   flip=1               Scarlet at the bottom
//   level=2 | level=3,2  show only these levels (always in the order 3, 2, 1); default: the
//                        levels the diagram needs (the piece's own and those it reaches),
//                        or without a diagram those holding a piece or the last move
//                        (embed-layout.js); a piece clicked or moved adds the levels it needs
//   layout=auto|row|column|sideways|focus   how the boards are arranged; default:
//                        whatever gives the largest squares for the frame's shape
//                        (sideways: side by side, each board turned a quarter, for wide and
//                        low frames; focus: one level large, the others as mini-maps; a tap
//                        on one, or a swipe, brings it into focus: small frames)
//   theme=dark           dark colours (default light)
//   caption=0|1          the caption line; default: shown unless it would cost the boards
//                        their 16 px squares (small frames)
//   lang=de              the language of the caption and the messages; default: the
//                        reader's browser languages, else English (util/i18n.js)
// It sets no cookies and stores nothing; it works from any static host. It fits any frame:
// nothing is clipped, and the boards are laid out again when the frame is resized.
//
// The diagram's game is a session (session/game/diagram.js over the page's GameModel): this
// module only reads the address, draws what the session holds and hands it the reader's
// clicks; it keeps no game of its own. Its parts live in one closure per embed (createEmbed).
//
//   const embed = await startEmbed();  // start-embed.js is the page's entry

import { createBoard as makeBoard } from '../../../renderer/board.js';
import { loadEngine as loadRules } from '../../../engine/engine-loader.js';
import { decodeHash, encodeGame } from '../../session/share/links.js';
import { createDiagram, standardStart } from '../../session/game/diagram.js';
import { parseSquare, squareName } from '../../facts/squares.js';
import { useFacts, ruleSetList, defaultRules } from '../../facts/facts.js';
import { pieceTerm, sideTerm, ruleSetTerm, endTerm, boardLabels } from '../../facts/terms.js';
import {
  pageLanguage,
  loadTranslatorOrEnglish,
  isLanguageTag,
  reason,
  browserReason,
} from '../../util/i18n.js';
import { destSquares, afarSquares } from '../../facts/moves.js';
import { $ } from '../../util/dom.js';
import { Emitter } from '../../util/emitter.js';
import { failure, refusal, settle } from '../../util/result.js';
import { levelsNeeded, withLevels, pickArrangement, EMBED_KEYS, LAYOUTS } from './embed-layout.js';
import { diagramBoard } from './diagram-board.js';

/** @typedef {import('../../session/game/diagram.js').Problem} Problem */
/** @typedef {import('../../util/i18n.js').Translator} Translator */
/**
 * What the address asks of the embed (readOptions).
 * @typedef {{fen: string, moves: string[], rules: string | null, show: string | null,
 *   interactive: boolean, flip: boolean, levels: number[] | null, layout: string,
 *   theme: string, caption: boolean | 'auto', lang: string | null}} EmbedOptions
 */

// The caption is dropped when, with it, the squares would be smaller than this and larger without.
const CAPTION_MIN_SQUARE = 16;

// --- options ----------------------------------------------------------------------------
/** The embed's options from its address (the part after '#' or '?'), and the problems with
 *  it: each a message of the catalogues with its arguments. */
export function readOptions(src) {
  const d = decodeHash(src, { position: true, extraKeys: EMBED_KEYS });
  /** @type {EmbedOptions} */
  const o = {
    fen: '',
    moves: [],
    rules: null,
    show: null,
    interactive: true,
    flip: false,
    levels: null,
    layout: 'auto',
    theme: 'light',
    caption: 'auto',
    lang: null,
  };
  /** @type {Problem[]} */
  const problems = [];
  // Each bad part is named: a position or moves that cannot be read, then every bad option.
  if (d.error) problems.push({ id: 'embed.error.link', args: { why: failure(d) } });
  else {
    o.fen = d.value.fen || '';
    o.moves = d.value.moves;
    if (d.value.rules) o.rules = d.value.rules;
  }
  const p = 'params' in d ? d.params : d.value.params; // a failure still gives the options read
  const flag = (key, dflt) => {
    if (!(key in p)) return dflt;
    const v = p[key].toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes' || v === '') return true;
    if (v === '0' || v === 'false' || v === 'no') return false;
    problems.push({ id: 'embed.error.flag', args: { key, value: p[key].slice(0, 12) } });
    return dflt;
  };
  o.interactive = flag('interactive', true);
  o.flip = flag('flip', false);
  if ('caption' in p) o.caption = flag('caption', true);
  if ('layout' in p) {
    const v = p.layout.toLowerCase();
    if (LAYOUTS.includes(v)) o.layout = v;
    // (the values themselves, the same in every language)
    else
      problems.push({
        id: 'embed.error.layout',
        args: { choices: LAYOUTS.join(', '), value: p.layout.slice(0, 12) },
      });
  }
  if ('theme' in p) {
    if (p.theme === 'dark' || p.theme === 'light') o.theme = p.theme;
    else problems.push({ id: 'embed.error.theme', args: { value: p.theme.slice(0, 12) } });
  }
  if ('show' in p) {
    const sq = p.show.trim().toLowerCase();
    if (parseSquare(sq) !== null) o.show = sq;
    else problems.push({ id: 'embed.error.show', args: { value: p.show.slice(0, 8) } });
  }
  if ('level' in p) {
    const v = p.level.replace(/\s+/g, '');
    if (/^[1-3](,[1-3]){0,2}$/.test(v))
      o.levels = [...new Set(v.split(',').map(Number))].sort((a, b) => b - a);
    else problems.push({ id: 'embed.error.level', args: { value: p.level.slice(0, 12) } });
  }
  // A language without a catalogue falls back as a browser's would; a garbled one is named.
  if ('lang' in p) {
    if (isLanguageTag(p.lang)) o.lang = p.lang;
    else problems.push({ id: 'embed.error.lang', args: { value: p.lang.slice(0, 12) } });
  }
  return { o, problems };
}

// --- messages ---------------------------------------------------------------------------
// Problems with the address or a move, shown in the message bar and sent to
// messages.on('say', fn(text)). Each is a message of the catalogue: say(id, args). While the
// diagram starts, each problem is added to the bar (every bad part of the address is named);
// afterwards a message replaces the one before.
/** @param {Translator} t @param {Emitter} messages */
function createMessageBar(t, messages) {
  let starting = true;
  // The message `id` with its arguments, said as a refusal is (util/i18n.js reason(): a list
  // as the language says "a, b or c", a failure among them by its own reason).
  function say(id, args = {}) {
    const text = reason(t, refusal(id, args));
    messages.emit('say', text);
    const el = $('msg-text'),
      add = starting && !$('msg').hidden && el.textContent;
    el.textContent = add ? el.textContent + ' ' + text : text; // text, never markup
    $('msg').hidden = false;
  }
  return {
    say,
    /** @param {Problem[]} problems */
    sayAll: (problems) => problems.forEach((p) => say(p.id, p.args)),
    started() {
      starting = false;
    },
  };
}

/**
 * The embed's view of a diagram's session: the boards and the caption drawn from what the
 * session holds, the reader's clicks handed to it. What it keeps is the view's own: the
 * levels on show, the arrangement for the frame, a redraw waiting for the next frame.
 * @param {{board: any, session: ReturnType<typeof createDiagram>, options: EmbedOptions,
 *          t: Translator, bar: ReturnType<typeof createMessageBar>}} parts
 */
function createEmbed({ board, session, options, t, bar }) {
  const model = session.model;
  let shownLevels = [3, 2, 1]; // the levels on show (options.levels, or those needed)
  let arrangement = null; // the arrangement and caption chosen for the frame's size (layout())
  let captionShown = true;
  let captionHeight = 0;

  // --- levels and layout ----------------------------------------------------------------------
  // The levels on show: the address's (level=), else those the diagram or the position needs
  // at the start, and from then on every level a clicked piece or a played move needs.
  function initialLevels() {
    const last = model.live.last;
    shownLevels =
      options.levels ||
      levelsNeeded({
        pieces: model.live.board,
        diagram: session.diagram(),
        lastMove: last ? [parseSquare(last.from), parseSquare(last.to)] : null,
      });
  }
  function needLevels(levels) {
    if (!options.levels) shownLevels = withLevels(shownLevels, levels);
  }

  // The arrangement with the largest squares for the frame (embed-layout.js's choice), and
  // whether the caption fits: it is
  // dropped when, with it, the squares would be under CAPTION_MIN_SQUARE px and larger without.
  // Everything measured by the renderer's fit(); nothing here knows board geometry.
  function layout() {
    const W = document.documentElement.clientWidth,
      H = document.documentElement.clientHeight;
    const cap = $('caption');
    if (!cap.hidden && cap.offsetHeight) captionHeight = cap.offsetHeight;
    const capH = captionHeight || 24;
    const square = (h, arrangement) => board.fit(W, h, { levels: shownLevels, arrangement }).square;
    const choose = (h) => pickArrangement((arrangement) => square(h, arrangement), options.layout);
    let withCaption = options.caption !== false;
    let pick = choose(withCaption ? H - capH : H);
    if (options.caption === 'auto' && pick.square < CAPTION_MIN_SQUARE) {
      const bare = choose(H);
      if (bare.square > pick.square) {
        withCaption = false;
        pick = bare;
      }
    }
    captionShown = withCaption;
    cap.hidden = !withCaption;
    if (
      !arrangement ||
      arrangement.arrangement !== pick.arrangement ||
      String(arrangement.levels) !== String(shownLevels)
    ) {
      arrangement = { arrangement: pick.arrangement, levels: [...shownLevels] };
      board.set({ levels: shownLevels, arrangement: pick.arrangement });
    }
  }

  // One redraw, as on the page: a change asks for it and the next animation frame draws once
  // (draw() at once for the first picture). A move's slide is drawn with it.
  let frame = 0,
    slide = null;
  function redraw() {
    if (!frame) frame = requestAnimationFrame(draw);
  }
  function draw() {
    cancelAnimationFrame(frame);
    frame = 0;
    render();
    if (slide) board.set({ animate: slide });
    slide = null;
  }

  function render() {
    const last = model.live.last,
      legal = session.legal(),
      selected = session.selected();
    const state = {
      ...diagramBoard(model.game, session.diagram()),
      dests: destSquares(legal),
      afar: afarSquares(legal),
      selected: selected ? parseSquare(selected) : null,
    };
    if (last) needLevels([Number(last.from[0]), Number(last.to[0])]);
    layout();
    board.set(state);
    renderCaption();
  }

  function renderCaption() {
    const cap = $('caption');
    cap.hidden = !captionShown;
    const text = $('cap-text'),
      legend = $('cap-legend');
    text.replaceChildren();
    legend.replaceChildren();
    const chip = (side) => {
      const c = document.createElement('i');
      c.className = 'chip ' + side;
      return c;
    };
    const diagram = session.diagram();
    if (diagram) {
      text.append(
        chip(diagram.side),
        t(diagram.frozen ? 'embed.caption.frozen' : 'embed.caption.piece', {
          side: sideTerm(t, diagram.side),
          piece: pieceTerm(t, diagram.piece),
          square: diagram.square,
        }),
      );
      const item = (cls, label, n) => {
        if (!n) return;
        const s = document.createElement('span');
        const sym = document.createElement('i');
        sym.className = 'sym ' + cls;
        s.append(sym, label);
        legend.append(s);
      };
      item('move', t('embed.legend.move'), diagram.move.length);
      item('cap', t('embed.legend.capture'), diagram.capture.length);
      item('both', t('embed.legend.both'), diagram.both.length);
      item('afar', t('embed.legend.afar'), diagram.afar.length);
    } else {
      const st = model.status();
      const side = model.sideToMove();
      if (st.over) text.append(endTerm(t, st));
      else
        text.append(
          chip(side),
          t(st.check ? 'embed.caption.toMoveCheck' : 'embed.caption.toMove', { side: sideTerm(t, side) }),
        );
    }
    const record = session.record();
    if (record.rules !== ruleSetList()[0].id)
      text.append(' · ' + t('embed.caption.ruleSet', { name: ruleSetTerm(t, record.rules) }));
    $('cap-reset').hidden = !session.dirty() || !options.interactive;
    $('cap-open').href = new URL('./' + encodeGame(record), location.href).href;
    fitCaption(
      diagram
        ? t('embed.caption.short', { piece: pieceTerm(t, diagram.piece), square: diagram.square })
        : null,
    );
  }

  // Nothing in the caption is cut off: legend items that do not fit are left out (from the
  // last), then the words become shorter (`short`), then the chip goes.
  function fitCaption(short) {
    const cap = $('caption'),
      text = $('cap-text'),
      legend = $('cap-legend');
    if (cap.hidden) return;
    const over = (el) => el.scrollWidth > el.clientWidth + 0.5;
    while (legend.lastChild && (over(legend) || over(text))) legend.lastChild.remove();
    if (over(text) && short) text.lastChild.textContent = short;
    if (over(text) && text.firstChild && text.firstChild.nodeType === 1) text.firstChild.remove();
  }

  // --- input: the board selects and moves; the session shows diagrams and plays ---------------
  board.on('select', (sq) => {
    const name = sq === null ? null : squareName(sq);
    if (name === session.selected()) return;
    bar.sayAll(session.select(name));
    const diagram = session.diagram();
    if (diagram) needLevels(levelsNeeded({ diagram }));
    redraw();
  });
  // A legal move is played, slid into place unless it was dragged there or is a capture from afar.
  board.on('move', (from, to) => {
    const r = session.moveBetween(from, to);
    if (r.error) return bar.say('embed.error.play', { why: r }); // a refusal: say() words it
    if (r.value && r.value.kind !== 'afar') slide = [parseSquare(r.value.from), parseSquare(r.value.to)];
    redraw();
  });
  $('cap-reset').addEventListener('click', () => {
    bar.sayAll(session.reset());
    initialLevels();
    redraw();
  });

  initialLevels();
  draw();
  new ResizeObserver(redraw).observe(document.documentElement);
  return {
    options,
    board,
    session,
    point(name) {
      const r = parseSquare(name) !== null ? board.squareRect(parseSquare(name)) : null;
      return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    },
    flush: () => {
      if (frame) draw();
    },
    selected: () => session.selected(),
    diagram: () => session.diagram(),
    levels: () => shownLevels,
    caption: () => !$('caption').hidden,
  };
}

// --- boot -------------------------------------------------------------------------------------
/**
 * Starts the embed. deps (optional): createBoard, loadEngine (the page's own by default),
 * messages (an Emitter: its 'say' events are the messages shown). Resolves to the embed's
 * parts in `value` (read-only views: options, session, board, selected, diagram, levels, caption,
 * point(name); flush(): a change waiting for the next frame drawn now, as the page's flush)
 * once it is drawn, or to {error} when it cannot start (the page says so).
 * @returns {Promise<import('../../util/result.js').Result<{[part: string]: any}>>}
 */
export async function startEmbed({
  createBoard = makeBoard,
  loadEngine = loadRules,
  messages = new Emitter(),
} = {}) {
  /** @type {Translator | null} the reader's words, once known */
  let t = null;
  const r = await settle(boot());
  if (!r.error) return r;
  const l = $('loading');
  // Without a catalogue (none could be fetched) the reason is said in English.
  if (l)
    l.textContent = t
      ? t('embed.error.start', { why: reason(t, browserReason(r)) })
      : 'This diagram could not start: ' + r.error;
  return r;

  async function boot() {
    $('msg-close').addEventListener('click', () => {
      $('msg').hidden = true;
    });
    window.addEventListener('hashchange', () => location.reload());
    const { o: options, problems } = readOptions(
      location.hash.length > 1 ? location.hash : location.search.replace(/^\?/, ''),
    );
    if (options.theme === 'dark') document.documentElement.classList.add('dark');
    if (!options.interactive) document.body.classList.add('static');
    const board = createBoard($('board'), {
      interactive: options.interactive,
      levels: options.levels || [3, 2, 1],
      orientation: options.flip ? 'scarlet' : 'gold',
      assetsUrl: new URL('./', location.href).href,
    });
    const started = Promise.all([loadEngine(), board]);
    t = await loadTranslatorOrEnglish(pageLanguage({ asked: options.lang, stored: false })); // lang=, else the browser's
    frameWords(t);
    const bar = createMessageBar(t, messages);
    bar.sayAll(problems);
    const [M, b] = await started;
    b.canvas.setAttribute('aria-label', t('embed.boards')); // the renderer's own name is English
    b.set({ levelLabels: boardLabels(t) });
    useFacts(M);
    options.rules ??= defaultRules(); // a link that names no rule set
    let start = { fen: options.fen, moves: options.moves, rules: options.rules };
    if (!ruleSetList().some((r) => r.id === options.rules)) {
      // (read before core's names were known)
      const names = ruleSetList().map((r) => `${r.id} (${ruleSetTerm(t, r.id)})`);
      bar.say('embed.error.ruleSet', { choices: names, value: options.rules });
      start = standardStart();
    }
    const session = createDiagram(M, { interactive: options.interactive, show: options.show });
    bar.sayAll(session.begin(start));
    const embed = createEmbed({ board: b, session, options, t, bar });
    $('loading').remove();
    bar.started();
    return embed;
  }
}

// The frame's own words (embed.html), in the reader's language.
/** @param {Translator} t */
function frameWords(t) {
  document.title = t('embed.title');
  $('board').setAttribute('aria-label', t('embed.boards'));
  const loading = $('loading');
  if (loading) loading.textContent = t('embed.loading');
  const close = $('msg-close');
  close.setAttribute('aria-label', t('embed.dismiss'));
  close.title = t('embed.dismiss');
  Object.assign($('cap-reset'), { textContent: t('embed.reset'), title: t('embed.resetTitle') });
  Object.assign($('cap-open'), { textContent: t('embed.open'), title: t('embed.openTitle') });
}
