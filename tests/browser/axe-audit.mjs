// The accessibility audit of the site's pages with axe-core (the standard engine, a package
// of the browser tests: it is injected into the page under test, never shipped): the pages
// and states audited, and a run of axe over one of them. axe-run.mjs (axe-desktop/axe-phone.test.mjs) fails on any serious
// or critical violation; axe-counts.mjs prints the counts of every impact (docs/figures.md).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { SITE, openGame, watchErrors } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];
/** The window sizes audited: a laptop and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 390, height: 844, isMobile: true, hasTouch: true },
];

// A click through the page's own handlers, whether the layout shows the control or not
// (the phone layout folds some away).
const click = (page, sel) => page.evaluate((s) => document.querySelector(s).click(), sel);
const learn = (page, expr) =>
  page.evaluate((e) => new Function('L', `return (${e})`)(window.__dc.learn), expr);
// A short game between two players on this device (the resign and review states need moves).
const MOVES = '#moves=2c22c3.2c72c6.3e23d3.2h72h6';

async function game(page, url, hash = '') {
  await openGame(page, url + hash, { pieces: false });
}
// Every dialog open on the page closed through its own close event (as Esc would).
const shut = (page) =>
  page.evaluate(() => {
    for (const d of document.querySelectorAll('dialog[open]')) /** @type {HTMLDialogElement} */ (d).close();
  });
async function dialog(page, sel, id) {
  await shut(page);
  await click(page, sel);
  await page.waitForSelector(`#${id}[open]`);
}
async function learnLeft(page) {
  await shut(page);
  await learn(page, 'L.exit()');
  await page.waitForFunction(() => window.__dc.learn.mode() === null);
}

// Each state: its name, the page's file (for a page that may not be in the tree yet), and
// how to bring it about: `open(page, url)` in a tab that has seen nothing of the site (its
// storage empty), or `step(page)` from the state listed just before it, on the same page,
// by the page's own controls (a page load and axe's start cost more than the audit itself).
// reach() walks from the nearest `open` when the state before is not on the page.
export const STATES = [
  { name: 'game', open: (page, url) => game(page, url) },
  { name: 'dialog: New game', step: (page) => dialog(page, '#btn-new', 'dlg-new') },
  { name: 'dialog: Help', step: (page) => dialog(page, '#btn-help', 'dlg-help') },
  { name: 'dialog: record', step: (page) => dialog(page, '[data-act="record"]', 'dlg-record') },
  { name: 'dialog: embed', step: (page) => dialog(page, '[data-act="embed"]', 'dlg-embed') },
  {
    name: 'position editor',
    step: async (page) => {
      await shut(page);
      await click(page, '[data-act="editor"]');
      await page.waitForSelector('#editor-card:not([hidden])');
    },
  },
  {
    name: 'lessons: the list',
    step: async (page) => {
      await click(page, '[data-ed="close"]');
      await page.waitForSelector('#editor-card', { state: 'hidden' });
      await learn(page, 'L.enter("lessons")');
      await page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    },
  },
  {
    name: 'lessons: a lesson',
    step: async (page) => {
      await learnLeft(page);
      await learn(page, 'L.enter("lessons", "dragon")');
      await page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'dragon');
    },
  },
  {
    name: 'puzzles',
    step: async (page) => {
      await learnLeft(page);
      await learn(page, 'L.enter("puzzles")');
      await page.waitForFunction(() => window.__dc.learn.puzzle() !== null);
    },
  },
  {
    name: 'piece card',
    step: async (page) => {
      await learnLeft(page);
      await learn(page, 'L.openCard("R")');
      await page.waitForFunction(() => window.__dc.learn.card()?.drawn);
    },
  },
  {
    name: 'game, first visit (welcome)',
    welcomed: false,
    open: async (page, url) => {
      await openGame(page, url, { pieces: false });
      await page.waitForSelector('#dlg-welcome[open]');
    },
  },
  { name: 'game, a few moves', open: (page, url) => game(page, url, MOVES) },
  {
    name: 'share (link copied)',
    step: async (page) => {
      await click(page, '[data-act="share"]');
      await page.waitForSelector('#toast:not([hidden])');
    },
  },
  {
    name: 'analysis',
    step: async (page) => {
      await click(page, '[data-act="analyse"]');
      await page.waitForFunction(() => document.querySelectorAll('#an-lines .an-line').length >= 1);
    },
  },
  {
    name: 'analysis: review done',
    step: async (page) => {
      await click(page, '#an-review-start');
      await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'done');
    },
  },
  {
    name: 'dialog: resign',
    step: async (page) => {
      await click(page, '[data-act="analyse"]');
      await page.waitForFunction(() => !window.__dc.analysis.on);
      await click(page, '[data-offer="resign"]');
      await page.waitForSelector('#dlg-resign[open]');
    },
  },
  {
    name: 'dialog: game over',
    step: async (page) => {
      await click(page, '#btn-resign-yes');
      await page.waitForSelector('#dlg-over[open]');
    },
  },
  ...[
    ['', 'embed: the start position'],
    [
      '#fen=12/12/12/12/5R6/12/12/12/12/12/12/12/12/12/12/12/11k/12/12/12/12/12/12/K11_g_0_1&show=3f4',
      'embed: a move diagram',
    ],
    ['#show=2c2&level=2&theme=dark', 'embed: one level, dark'],
    ['#moves=2c22c3.2c72c6&interactive=0&flip=1&layout=sideways', 'embed: a still game, sideways'],
    ['#rules=nonsense', 'embed: a message'],
  ].map(([hash, name]) => ({
    name,
    open: async (page, url) => {
      await page.goto(url + 'embed.html' + hash);
      await page.waitForFunction(() => window.__embed && (window.__embed.ready || window.__embed.failed));
      await page.waitForFunction(() => window.__embed.piecesReady || window.__embed.failed);
    },
  })),
  {
    name: 'embed gallery',
    open: async (page, url) => {
      await page.goto(url + 'embed-example.html');
      await page.waitForFunction(() => window.__gallery && window.__gallery.ready);
    },
  },
  { name: 'rules page', file: 'rules.html', open: (page, url) => page.goto(url + 'rules.html') },
].filter((s) => !s.file || fs.existsSync(path.join(SITE, s.file)));

/**
 * Brings STATES[i] about on `page` (on the site at `url`), whose state now is STATES[at]
 * (-1: unknown): by STATES[i].step from the state before it, else by the nearest `open`
 * before it in a tab emptied of what the site stored (welcome, saved game), then the steps
 * from there. Returns i, the state now on the page.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {number} i
 * @param {number} at
 */
export async function reach(page, url, i, at = -1) {
  if (STATES[i].step && at === i - 1) {
    await STATES[i].step(page);
    return i;
  }
  let from = i;
  while (!STATES[from].open) from--;
  // The site's storage emptied, as in a new tab: a saved game or a closed welcome would change
  // what the page opens with (the welcome shows only on a first visit with no game under way).
  await page.goto(url + 'favicon.svg');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await STATES[from].open(page, url);
  for (let k = from + 1; k <= i; k++) await STATES[k].step(page);
  return i;
}

/**
 * The audit of every state at one window size, state after state: one tab of a returning
 * player and one of a first visit, each walking through its states (reach()).
 * auditState(i): STATES[i] brought about and audited, with what the page logged as an error
 * meanwhile. `browser`: launchBrowser()'s.
 * @param {{page: (o: object) => Promise<any>}} browser
 * @param {object} viewport
 * @param {string} url
 */
export function stateAuditor(browser, viewport, url) {
  const tabs = new Map(); // welcomed -> {page, errors, at: the state on it}
  async function auditState(i) {
    const welcomed = STATES[i].welcomed !== false;
    if (!tabs.has(welcomed)) {
      const tab = await browser.page({ ...viewport, welcomed });
      tabs.set(welcomed, { ...tab, errors: watchErrors(tab.page), at: -1 });
    }
    const tab = tabs.get(welcomed);
    const from = tab.errors.length;
    const at = tab.at;
    tab.at = -1; // unknown should reaching it fail
    tab.at = await reach(tab.page, url, i, at);
    return { ...(await audit(tab.page)), errors: tab.errors.slice(from) };
  }
  const close = async () => {
    for (const tab of tabs.values()) await tab.close();
  };
  return { auditState, close };
}

/**
 * Runs axe over the page as it is (WCAG 2.x A and AA, and axe's best practices):
 * {violations: [{id, impact, help, targets}], counts: {critical, serious, moderate, minor}}.
 */
export async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // A dialog fades in (opacity from 0): audited mid-animation, its text has a contrast it never
  // has at rest. Let every finite animation and transition end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const violations = await page.evaluate(async () => {
    const r = await /** @type {any} */ (window).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const counts = Object.fromEntries(IMPACTS.map((i) => [i, violations.filter((v) => v.impact === i).length]));
  return { violations, counts };
}

/** One violation as a line or two: its id, impact, what it asks, and its nodes. */
export const describe = (v) =>
  `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 8).join('\n    ')}${v.targets.length > 8 ? `\n    … ${v.targets.length - 8} more` : ''}`;
