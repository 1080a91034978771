// The Dragonchess game page: puts the parts together. The board component
// (renderer/board.js: the SDL2 canvas renderer; it is handed the position and the legal
// destinations and emits moves), the rules engine on the main thread (the game record,
// legal destinations, status, notation: instant, even while the AI thinks), the controller
// (session/game/controller.js: every game action, no DOM), the AI (session/game/ai.js: the engine worker),
// which game is open (session/share/open-game.js: links, saved game), the page (page.js: who owns the
// board, the one redraw, the input) and its panels.
//
//   const r = await startPage();  // {value: {page, ctl, ...}} or {error}; start.js is the entry
import { createBoard as makeBoard } from '../../../renderer/board.js';
import { loadEngine as loadRules } from '../../../engine/engine-loader.js';
import { createGameModel } from '../../session/game/model.js';
import { useFacts } from '../../facts/facts.js';
import { levelTerm, boardLabels } from '../../facts/terms.js';
import { createStore, cleanSettings, DEFAULT_SETTINGS } from '../../session/game/store.js';
import { createController } from '../../session/game/controller.js';
import { createAI } from '../../session/game/ai.js';
import { createOpening } from '../../session/share/open-game.js';
import { computerAnswers } from '../../session/game/offers.js';
import { createPageLayout, BOARD_STYLES, VIEWS } from './page-layout.js';
import { showPanel, openSheet, dialogsOpenAtTop } from './phone.js';
import { holdSwipes } from './touch-scroll.js';
import { createTextView } from './text-view.js';
import { createView } from './view.js';
import * as a11y from './a11y.js';
import { createPage } from './page.js';
import { createDialogs } from './dialogs.js';
import { createSendBox } from './send-box.js';
import { createSounds } from './sounds.js';
import { createOffersPanel } from './offers-panel.js';
import { createClockView } from './clock-view.js';
import { copyLink, readLink, createAddressBar } from '../share/share.js';
import { createRecordIO } from '../share/record-dialog.js';
import { createEmbedDialog } from '../embed/embed-dialog.js';
import { embedSnippet } from '../embed/embed-snippet.js';
import { copyText } from '../share/clipboard.js';
import { createWelcome } from './welcome.js';
import { wireInstall } from './install.js';
import { watchFirstGame, LESSON_ACT, LESSON_ID } from './first-game.js';
import { createAnalysisCtrl, MAX_LINES } from '../../session/analysis/analysis-ctrl.js';
import { createAnalysisView } from '../analysis/analysis-view.js';
import { createEditor } from '../../session/analysis/editor.js';
import { createEditorView } from '../analysis/editor-view.js';
import { createLearnCtrl } from '../../session/learn/learn-ctrl.js';
import { createLearnView } from '../learn/learn-view.js';
import { languageMenu } from '../embed/language-menu.js';
import { $, all, closestTo } from '../../util/dom.js';
import { translateDom } from '../../util/dom-words.js';
import {
  pageLanguage,
  loadTranslatorOrEnglish,
  liveTranslator,
  reason,
  browserReason,
} from '../../util/i18n.js';
import { settle } from '../../util/result.js';

/**
 * Starts the game page. deps (all optional): createBoard, loadEngine (the board component
 * and the rules engine: the page's own by default), announce (what says a text through the
 * live region: a11y.js's createAnnouncer() by default). Resolves to {value: the page's parts
 * {page, ctl, ai, board, M, opening, analysis, editor, learn, recordIO, sounds} once the
 * page is drawn and takes input}, or to {error} when it cannot start (the page says so).
 * @returns {Promise<import('../../util/result.js').Result<{[part: string]: any}>>}
 */
export async function startPage({
  createBoard = makeBoard,
  loadEngine = loadRules,
  announce = a11y.createAnnouncer(),
} = {}) {
  // The page's words: the menu's choice, else the browser's language (its catalogue is
  // fetched beside the boards' and the engine's files, and fills the page's HTML at once).
  const words = settle(loadTranslatorOrEnglish(pageLanguage()));
  words.then((w) => w.value && translateDom(document, w.value));
  const r = await settle(boot(createBoard, loadEngine, announce, words));
  if (!r.error) return r;
  document.body.classList.remove('loading');
  const w = await words;
  // Without a catalogue (none could be fetched) the reason is said in English.
  $('status-main').textContent = w.value ? w.value('page.failed') : 'The game could not start';
  $('status-sub').textContent = w.value ? reason(w.value, browserReason(r)) : r.error;
  const l = $('board-loading');
  if (l) l.remove();
  return r;
}

async function boot(createBoard, loadEngine, announce, words) {
  const boardEl = $('board');
  const pageLayout = createPageLayout();
  pageLayout.apply(boardEl, null); // the page's mode from the window's size until the board can say its size
  // The boards and the engine load while the words are fetched, not after them.
  const parts = Promise.all([
    createBoard(boardEl, {
      interactive: true,
      levels: [3, 2, 1],
      arrangement: BOARD_STYLES.large,
      orientation: 'gold',
    }),
    loadEngine(),
  ]);
  parts.catch(() => {}); // (a failure is boot's once the words are in: awaited below)
  const first = await words;
  if (first.error) throw new Error(first.error);
  const { t, set: setLanguage } = liveTranslator(first.value);
  const view = createView(t);
  const install = wireInstall({ toast: view.toast, t }); // first: the browser's offer to install may come early
  const [board, M] = await parts;
  useFacts(M);
  const store = createStore(localStorage);
  // the boards' arrangement: the largest squares (default) or the levels in line (a preference)
  let boardStyle = store.loadPrefs().boards === 'aligned' ? 'aligned' : 'large';
  const arrangeBtn = $('btn-arrange');
  // the view: the three boards or one level large (a preference; by default the window's)
  let boardView = VIEWS.includes(store.loadPrefs().view) ? store.loadPrefs().view : null;
  let shownView = 'three';
  const viewBtn = $('btn-view');
  board.set({ focus: 2 }); // the focus view opens on the Ground, the middle level
  let mode = '';
  const layout = () => {
    const L = pageLayout.apply(
      boardEl,
      (boxes, arrangement) => board.bestFit(boxes, { arrangement }),
      boardStyle,
      boardView,
    );
    board.set({ arrangement: L.arrangement });
    shownView = L.view;
    arrangeBtn.setAttribute('aria-pressed', String(boardStyle === 'aligned'));
    arrangeBtn.hidden = shownView === 'focus';
    viewBtn.setAttribute('aria-pressed', String(shownView === 'focus'));
    // a phone turned (or turned back): the view starts again from the boards' top, once
    // the boards are drawn at their new size (the frame after this one)
    if (mode && L.mode !== mode) requestAnimationFrame(() => requestAnimationFrame(() => page.afterTurn()));
    mode = L.mode;
  };
  layout();
  let resizeTimer = 0;
  const relayout = () => {
    cancelAnimationFrame(resizeTimer);
    resizeTimer = requestAnimationFrame(layout);
  };
  window.addEventListener('resize', relayout);
  new ResizeObserver(relayout).observe(document.documentElement);
  board.canvas.setAttribute('aria-describedby', 'board-help');
  // the boards' names, titles and the words of the page's HTML in the page's language
  const nameBoards = () => {
    const boards = [3, 2, 1].map((level) => t('page.boardName', { name: levelTerm(t, level), level }));
    board.canvas.setAttribute('aria-label', t('page.canvas', { boards: boards.join(', ') }));
    $('board-help-levels').textContent = boards.join(', ');
    all('[data-level-name]').forEach((el) => {
      el.textContent = levelTerm(t, el.dataset.levelName);
    });
    board.set({ levelLabels: boardLabels(t) });
  };
  nameBoards();

  const ctl = createController(createGameModel(M), cleanSettings(DEFAULT_SETTINGS), {
    touch: matchMedia('(pointer: coarse)').matches,
    t,
  });
  const sounds = createSounds({ t });
  const page = createPage({ ctl, board, sounds, view, announce, t });
  // a swipe on the boards scrolls the page where it scrolls; a tap stays a tap
  const app = $('app');
  holdSwipes(
    boardEl,
    () => document.body.classList.contains('layout-phone') && app.scrollHeight > app.clientHeight,
  );
  dialogsOpenAtTop();
  page.attach({
    toggleArrange() {
      boardStyle = boardStyle === 'large' ? 'aligned' : 'large';
      store.savePrefs({ boards: boardStyle });
      layout();
    },
    toggleView() {
      boardView = shownView === 'focus' ? 'three' : 'focus';
      store.savePrefs({ view: boardView });
      layout();
    },
  });
  const ui = { toast: (text, ms, action) => view.toast(text, ms, action), announce, t };
  // The modes that take the board, and the page's services they use.
  const modes = {
    redraw: page.redraw,
    take: (o) => page.take(o),
    release: (o) => page.release(o),
    animate: (a, b) => page.animate(a, b),
    ...ui,
    prefs: { load: store.loadPrefs, save: store.savePrefs },
    squareAt: (x, y) => board.squareAt(x, y),
    squareSize: () => board.geometry().square,
  };
  const ai = createAI(ctl, {
    onState: page.redraw,
    onInfo: page.redraw,
    toast: ui.toast,
    beforeMove: (r, side) => computerAnswers(ctl, M, r, side), // a draw offer is answered on the computer's move
  });
  const analysis = createAnalysisCtrl(ctl, modes);
  // an embed's code: its frame named, and the diagram speaking, in the player's language
  const embedCode = (game) =>
    embedSnippet({ ...game, title: t('embed.title'), lang: t.locale }, location.href);
  const copy = { link: copyLink, embed: embedCode, text: copyText };
  const editor = createEditor(ctl, { ...modes, analysis, copy }, M);
  const learn = createLearnCtrl({
    M,
    ctl,
    page: { ...modes, analysis, editor },
    sounds,
    storage: localStorage,
  });
  page.attach({ ai, analysis });
  // a game that could not be saved is offered as a download (opening.js says so)
  const address = createAddressBar();
  const opening = createOpening(ctl, store, { ...ui, address, download: () => recordIO.download() });
  const dialogs = createDialogs(ctl, opening, store, t);
  page.attach({ dialogs });
  const sendBox = createSendBox(ctl, opening, ui, t);
  const recordIO = createRecordIO(ctl, M, opening, ui);
  const offers = createOffersPanel(ctl, $('offers'), ui.toast, t);
  const embed = createEmbedDialog(ctl, t);
  const learnView = createLearnView({ learn, M, board, page, ctl, createBoard, ui });
  const clocks = createClockView(ctl, sounds, t);
  page.attach({
    panels: [
      createAnalysisView(analysis, ctl, { maxLines: MAX_LINES, t }),
      createEditorView(editor, modes),
      sendBox,
      offers,
      learnView,
      clocks,
      createTextView({ page, threats: () => ctl.shown().threats || [], prefs: modes.prefs, t }),
    ],
  });
  document.addEventListener('visibilitychange', () =>
    analysis.hold('hidden', document.visibilityState === 'hidden'),
  );

  const welcome = createWelcome({ dialogs, learnView, prefs: modes.prefs });
  watchFirstGame({ ctl, prefs: modes.prefs });
  const linkOpened = !!readLink().value;
  opening.restore();
  wire({ page, ctl, ai, analysis, editor, dialogs, sendBox, recordIO, embed, opening, sounds, learnView, t });
  welcome.wire();
  translateDom(document, t); // the words of what the views made
  // The language menu (in the Help): everything said again at once in the chosen language.
  languageMenu($('page-lang'), t, (tr) => {
    setLanguage(tr);
    translateDom(document, t);
    nameBoards();
    sounds.sync();
    page.flush();
  });
  document.body.classList.remove('loading');
  page.flush();
  welcome.openIfNew({ linkOpened, gameUnderWay: ctl.model.length > 0 });
  ai.start();
  address.watch(opening.onLink);
  // Offline play: the service worker caches the whole site, after the page is up. Where
  // the browser has none the page works online only: nothing to say (its result is {error}).
  setTimeout(() => {
    install.sayHow();
    import('./pwa.js').then(({ registerPWA }) =>
      registerPWA({
        onUpdate: (apply) => view.toast(t('page.update'), 0, { label: t('page.reload'), run: apply }),
      }),
    );
  }, 1500);
  // Without the piece images (the atlas could not be fetched) the boards show the letters.
  board.ready.then((r) => {
    if (r.error) view.toast(t('page.noImages', { why: reason(t, browserReason(r)) }), 9000);
  });
  return { page, ctl, ai, board, M, opening, analysis, editor, learn, learnView, recordIO, sounds, welcome };
}

// The page's controls: buttons with a data-act, the move list, the typed moves, the keys.
/**
 * @param {{page: ReturnType<typeof createPage>, ctl: ReturnType<typeof createController>,
 *   t: import('../../util/i18n.js').Translator} & Record<string, any>} parts
 */
function wire({
  page,
  ctl,
  ai,
  analysis,
  editor,
  dialogs,
  sendBox,
  recordIO,
  embed,
  opening,
  sounds,
  learnView,
  t,
}) {
  page.wireBoard();
  // the review and the analysis are panels below the boards on a phone: asked for, they
  // come into view
  const review = () => {
    analysis.startReview();
    showPanel('analysis-card');
  };
  $('dlg-over').addEventListener('close', () => {
    if ($('dlg-over').returnValue === 'review') review();
  });
  const shareLink = async () => {
    const { copied } = await copyLink(opening.gameLink());
    // The address bar holds the same link (the page keeps it there).
    page.view.toast(t(copied ? 'share.copied' : 'share.notCopied'));
  };
  const acts = {
    undo: () => page.undo(),
    redo: () => ctl.redo(),
    flip: () => ctl.flip(),
    hint: () => ai.hint(),
    stop: () => ai.stop(),
    pause: () => ctl.togglePause(),
    share: shareLink,
    record: () => recordIO.open(),
    'two-players': () => ctl.setPlayers({ mode: 'hotseat' }),
    sound: () => sounds.toggle(),
    embed: () => embed.open(),
    endpreview: () => analysis.endPreview(),
    analyse: () => {
      analysis.toggle();
      showPanel('analysis-card');
    },
    review,
    actions: () => openSheet($('dlg-actions')),
    'new-game': () => dialogs.openNewGame(),
    help: () => dialogs.openHelp(),
    editor: () => editor.open(),
    arrange: () => page.toggleArrange(),
    [LESSON_ACT]: () => learnView.enter('lessons', LESSON_ID),
    view: () => page.toggleView(),
  };
  document.addEventListener('click', (e) => {
    const actEl = closestTo(e, '[data-act]');
    if (actEl && !actEl.matches(':disabled')) {
      const act = acts[actEl.dataset.act];
      if (act) act();
      return;
    }
    const nav = closestTo(e, '[data-nav]');
    if (nav && !nav.matches(':disabled')) {
      ctl.goTo(
        { first: 0, prev: ctl.viewPly - 1, next: ctl.viewPly + 1, last: ctl.model.length }[nav.dataset.nav],
      );
      return;
    }
    const mv = closestTo(e, '[data-ply]');
    if (mv) ctl.goTo(Number(mv.dataset.ply));
  });
  sounds.bindButton($('btn-sound'));
  dialogs.wire();
  sendBox.wire();
  // typed moves
  const mf = $('move-form'),
    mi = $('move-input');
  mf.addEventListener('submit', (e) => {
    e.preventDefault();
    const r = ctl.playTyped(mi.value);
    a11y.moveFeedback(mi, $('move-feedback'), r.error ? reason(ctl.t, r) : null);
    // played: the box lets go of the focus, so that T (and the other keys) work again;
    // refused: it keeps it, to correct the move
    if (!r.error) {
      mi.value = '';
      mi.blur();
    }
  });
  mi.addEventListener('input', () => a11y.moveFeedback(mi, $('move-feedback'), null));
  mi.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      mi.value = '';
      a11y.moveFeedback(mi, $('move-feedback'), null);
    }
  });
  document.addEventListener('keydown', (e) => page.onKey(e));
}
