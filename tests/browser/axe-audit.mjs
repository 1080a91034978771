// The accessibility audit of the site's pages with axe-core (the standard engine, a package
// of the browser tests: it is injected into the page under test, never shipped): the pages
// and states audited, and a run of axe over one of them. axe-run.mjs (axe-desktop/axe-phone.test.mjs) fails on any serious
// or critical violation; axe-counts.mjs prints the counts of every impact (docs/figures.md).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { SITE, openGame } from './helpers.mjs';

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
async function dialog(page, url, sel, id) {
  await game(page, url);
  await click(page, sel);
  await page.waitForSelector(`#${id}[open]`);
}

// Each state: its name, the page's file (for a page that may not be in the tree yet), and
// how to bring it about in a fresh tab on the site at `url`.
export const STATES = [
  { name: 'game', open: (page, url) => game(page, url) },
  {
    name: 'game, first visit (welcome)',
    welcomed: false,
    open: async (page, url) => {
      await openGame(page, url, { pieces: false });
      await page.waitForSelector('#dlg-welcome[open]');
    },
  },
  { name: 'game, a few moves', open: (page, url) => game(page, url, MOVES) },
  { name: 'dialog: New game', open: (page, url) => dialog(page, url, '#btn-new', 'dlg-new') },
  { name: 'dialog: Help', open: (page, url) => dialog(page, url, '#btn-help', 'dlg-help') },
  { name: 'dialog: record', open: (page, url) => dialog(page, url, '[data-act="record"]', 'dlg-record') },
  { name: 'dialog: embed', open: (page, url) => dialog(page, url, '[data-act="embed"]', 'dlg-embed') },
  {
    name: 'share (link copied)',
    open: async (page, url) => {
      await game(page, url, MOVES);
      await click(page, '[data-act="share"]');
      await page.waitForSelector('#toast:not([hidden])');
    },
  },
  {
    name: 'dialog: resign',
    open: async (page, url) => {
      await game(page, url, MOVES);
      await click(page, '[data-offer="resign"]');
      await page.waitForSelector('#dlg-resign[open]');
    },
  },
  {
    name: 'dialog: game over',
    open: async (page, url) => {
      await game(page, url, MOVES);
      await click(page, '[data-offer="resign"]');
      await page.waitForSelector('#dlg-resign[open]');
      await click(page, '#btn-resign-yes');
      await page.waitForSelector('#dlg-over[open]');
    },
  },
  {
    name: 'position editor',
    open: async (page, url) => {
      await game(page, url);
      await click(page, '[data-act="editor"]');
      await page.waitForSelector('#editor-card:not([hidden])');
    },
  },
  {
    name: 'analysis',
    open: async (page, url) => {
      await game(page, url, MOVES);
      await click(page, '[data-act="analyse"]');
      await page.waitForFunction(() => document.querySelectorAll('#an-lines .an-line').length >= 1);
    },
  },
  {
    name: 'analysis: review done',
    open: async (page, url) => {
      await game(page, url, MOVES);
      await click(page, '[data-act="analyse"]');
      await page.waitForSelector('#analysis-card:not([hidden])');
      await click(page, '#an-review-start');
      await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'done');
    },
  },
  {
    name: 'lessons: the list',
    open: async (page, url) => {
      await game(page, url);
      await learn(page, 'L.enter("lessons")');
      await page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    },
  },
  {
    name: 'lessons: a lesson',
    open: async (page, url) => {
      await game(page, url);
      await learn(page, 'L.enter("lessons", "dragon")');
      await page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'dragon');
    },
  },
  {
    name: 'puzzles',
    open: async (page, url) => {
      await game(page, url);
      await learn(page, 'L.enter("puzzles")');
      await page.waitForFunction(() => window.__dc.learn.puzzle() !== null);
    },
  },
  {
    name: 'piece card',
    open: async (page, url) => {
      await game(page, url);
      await learn(page, 'L.openCard("R")');
      await page.waitForFunction(() => window.__dc.learn.card()?.drawn);
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
 * Runs axe over the page as it is (WCAG 2.x A and AA, and axe's best practices):
 * {violations: [{id, impact, help, targets}], counts: {critical, serious, moderate, minor}}.
 */
export async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
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
