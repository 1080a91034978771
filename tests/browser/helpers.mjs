// Shared helpers of the browser tests and scripts/bench-page: a static server for the test
// build of the site (build/site-test: scripts/build-site --test, whose pages carry the test
// hooks window.__dc, __embed and __gallery) on a free 127.0.0.1 port, Debian's Chromium
// through playwright-core, and a tiny PNG decoder/encoder (zlib from Node) for the
// screenshot comparison.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const SITE = process.env.DC_SITE || path.join(ROOT, 'build/site-test');
/** The site players get (scripts/build-site): no test hooks in it. */
export const PRODUCTION_SITE = path.join(ROOT, 'build/site');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

// A static file server like `python3 -m http.server` (no compression, Last-Modified only).
// onRequest(path) is called for every request (the bench counts what a visit downloads).
export function startServer(root = SITE, onRequest = null) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `${root}/index.html is missing: run scripts/build-site${root === SITE ? ' --test' : ''} first`,
    );
  }
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (onRequest) onRequest(p);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(root, path.normalize(p));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'last-modified': fs.statSync(file).mtime.toUTCString(),
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(r);
          }),
      });
    });
  });
}

export function chromiumPath() {
  for (const p of [process.env.CHROMIUM, '/usr/lib/chromium/chromium', '/usr/bin/chromium']) {
    if (p && fs.existsSync(p)) return p;
  }
  throw new Error('Chromium not found (apt-get install chromium)');
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
  '--font-render-hinting=none',
];

// One headless Chromium for the checks of a file at several window sizes: page(options)
// opens a fresh context (its own storage) as launch() would, close() ends it all.
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS });
  return {
    async page({
      width = 1400,
      height = 800,
      deviceScaleFactor = 1,
      isMobile = false,
      hasTouch = false,
      welcomed = true,
      view = 'three',
    } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor,
        isMobile,
        hasTouch,
      });
      if (welcomed) await context.addInitScript(markWelcomed, view);
      context.setDefaultTimeout(0); // as launch()
      const page = settling(await context.newPage());
      return { context, page, close: () => context.close().catch(() => {}) };
    },
    close: () => browser.close().catch(() => {}),
  };
}

// A fresh persistent context (own temp profile, its folder: profile) in headless Chromium,
// with Chromium's extra command-line `args` if given. welcomed: the page's
// welcome (what a first visit sees) counts as already closed, as for a returning player; the
// tests of the welcome itself pass false. view: the view the player chose ('three': the
// three boards, what the tests written for them see on every window; 'focus'; null: the
// window's default, the focus view on phones).
export async function launch({
  width = 1400,
  height = 800,
  deviceScaleFactor = 1,
  isMobile = false,
  hasTouch = false,
  serviceWorkers = 'allow',
  welcomed = true,
  view = 'three',
  args = [],
} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...ARGS, ...args],
    viewport: { width, height },
    deviceScaleFactor,
    isMobile,
    hasTouch,
    serviceWorkers,
  });
  if (welcomed) await context.addInitScript(markWelcomed, view);
  // Waits are for events and conditions, with no clock of their own: on a busy machine a
  // page may take long, and the test runner's time limit (--test-timeout) ends a wait that
  // never comes true.
  context.setDefaultTimeout(0);
  const page = settling(context.pages()[0] || (await context.newPage()));
  const close = async () => {
    await context.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, close, profile: dir };
}

// A test file's server and its one browser (launchBrowser), started before its first test
// and ended after its last: their fields are filled in once the file's tests run.
export function serverAndBrowser() {
  const shared = { server: null, browser: null };
  before(async () => {
    [shared.server, shared.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/** Runs fn({page, context, errors}) on the page `opening` gives (launch(options) or a
 *  launchBrowser()'s page(options)), its console and page errors collected in `errors`;
 *  closes it afterwards, whatever happened. Returns what fn returns. */
export async function withPage(opening, fn) {
  const { page, context, close } = await opening;
  try {
    return await fn({ page, context, errors: watchErrors(page) });
  } finally {
    await close();
  }
}

// Two players, each in a browser of its own, and the site's server (play by link):
// {server, A, B, errorsA, errorsB, close()}.
export async function twoPlayers(optionsA, optionsB) {
  const server = await startServer();
  const [A, B] = await Promise.all([launch(optionsA), launch(optionsB)]);
  const close = async () => {
    await A.close();
    await B.close();
    await server.close();
  };
  return { server, A, B, errorsA: watchErrors(A.page), errorsB: watchErrors(B.page), close };
}

// The player's preferences of a returning player (store.js PREFS_KEY), before the page's
// scripts run: the welcome closed, the first game's word on the Sky (ui/page/first-game.js)
// said and, unless the player chose one since, the view `view` (or none).
function markWelcomed(view) {
  try {
    const key = 'dragonchess.prefs.v1';
    const prefs = JSON.parse(localStorage.getItem(key) || '{}') || {};
    const add = { welcomed: true, skyTold: true, ...(view && !prefs.view ? { view } : {}) };
    if (Object.keys(add).some((k) => prefs[k] !== add[k]))
      localStorage.setItem(key, JSON.stringify({ ...prefs, ...add }));
  } catch {
    /* an opaque origin (about:blank): no storage */
  }
}

// The game page draws what changed once, in the next animation frame (docs/architecture.md),
// so what a test reads right after an action is read after that drawing: the page's reads
// (and its locators' reads) first wait for a pending drawing (the test hook's drawn()).
// The other calls are the page's own.
const READS = new Set([
  'textContent',
  'innerText',
  'innerHTML',
  'getAttribute',
  'inputValue',
  'isVisible',
  'isHidden',
  'isDisabled',
  'isEnabled',
  'isChecked',
  'boundingBox',
  'count',
  'evaluate',
  '$eval',
  '$$eval',
  'screenshot',
  'allTextContents',
]);
const settled = new WeakMap(); // proxy -> the page
function settle(page) {
  return page.evaluate(() => window.__dc && window.__dc.drawn && window.__dc.drawn()).catch(() => {});
}
function settlingObject(target, page) {
  return new Proxy(target, {
    get(t, key) {
      const v = Reflect.get(t, key, t);
      if (typeof v !== 'function') return v;
      if (READS.has(key))
        return async (...a) => {
          await settle(page);
          return v.apply(t, a);
        };
      if (key === 'locator' || key === 'first' || key === 'last' || key === 'nth')
        return (...a) => settlingObject(v.apply(t, a), page);
      return v.bind(t);
    },
  });
}
/** The page itself, its reads not waiting for frames (under a test clock, which holds them). */
export const unsettled = (page) => settled.get(page) || page;
/** The page, reading what it shows only once it has drawn (launch() gives such a page). */
export function settling(page) {
  if (settled.has(page)) return page;
  const p = settlingObject(page, page);
  settled.set(p, page);
  return p;
}

// Collects console errors and page errors (the tests assert there are none).
export function watchErrors(page) {
  const errors = [];
  // A failed load says which address failed (the console's text alone does not).
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const url = m.location() && m.location().url;
    errors.push(url && /^Failed to load resource/.test(m.text()) ? `${m.text()}: ${url}` : m.text());
  });
  page.on('pageerror', (e) => errors.push(String((e && e.stack) || e)));
  return errors;
}

// The window resized (as a player resizes it, or turns a phone) and the page laid out again:
// the size in place and three frames drawn.
export async function resizeTo(page, { width, height }) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height]);
  await frames(page, 3);
}

// Opens the page and waits until the board is interactive and the pieces are drawn.
export async function openGame(page, url, opts = {}) {
  await page.goto(url);
  await waitReady(page, opts);
}

// Waits for the page (just loaded or reloaded) to be interactive.
export async function waitReady(page, { pieces = true, engine = true } = {}) {
  await page.waitForFunction(() => window.__dc && window.__dc.ready);
  if (pieces) await page.waitForFunction(() => window.__dc.piecesReady);
  if (engine) await page.waitForFunction(() => window.__dc.state().engineReady);
}

/** Saves a game where the page finds it when it opens (the store's key, v1): a position,
 *  its moves, the game's settings (the human's side, the board turned). The page must be on
 *  the site's origin. */
export function saveGame(
  page,
  { startFen = 'startpos', moves = [], mode = 'hotseat', level = 3, human = 'gold', flipped = false } = {},
) {
  return page.evaluate((g) => localStorage.setItem('dragonchess.game.v1', JSON.stringify(g)), {
    v: 1,
    startFen,
    moves,
    settings: { mode, human, level, flipped },
  });
}
export const state = (page) => page.evaluate(() => window.__dc.state());

// Animation frames: what the page set in this frame is drawn (the page draws once a frame;
// the board's renderer in the frame after a change). An event, not a time.
export function frames(page, n = 2) {
  return page.evaluate(
    (k) =>
      new Promise((resolve) => {
        const step = (i) => (i ? requestAnimationFrame(() => step(i - 1)) : resolve());
        step(k);
      }),
    n,
  );
}

// Viewport point of a square's centre, e.g. "2c2".
export async function squarePoint(page, name) {
  const p = await page.evaluate((n) => window.__dc.squarePoint(n), name);
  if (!p) throw new Error(`no point for square ${name}`);
  return p;
}

export async function clickSquare(page, name) {
  const p = await squarePoint(page, name);
  await page.mouse.click(p.x, p.y);
}

export async function dragSquare(page, from, to) {
  const a = await squarePoint(page, from),
    b = await squarePoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 6, a.y + 6, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

// --- PNG --------------------------------------------------------------------------------
// Decodes an 8-bit RGB/RGBA (colour type 2/6), non-interlaced PNG -> {width, height, data: RGBA}.
export function decodePng(buf) {
  const sig = '89504e470d0a1a0a';
  if (buf.subarray(0, 8).toString('hex') !== sig) throw new Error('not a PNG');
  let off = 8,
    width = 0,
    height = 0,
    depth = 0,
    ctype = 0,
    interlace = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const body = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8];
      ctype = body[9];
      interlace = body[12];
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  if (depth !== 8 || (ctype !== 2 && ctype !== 6) || interlace)
    throw new Error(`unsupported PNG (depth ${depth}, type ${ctype}, interlace ${interlace})`);
  const bpp = ctype === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = px.subarray(y * stride, (y + 1) * stride);
    const prev = y ? px.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0,
        b = prev ? prev[i] : 0,
        c = prev && i >= bpp ? prev[i - bpp] : 0;
      let v = src[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c,
          pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 255;
    }
  }
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += bpp) {
    data[i * 4] = px[j];
    data[i * 4 + 1] = px[j + 1];
    data[i * 4 + 2] = px[j + 2];
    data[i * 4 + 3] = bpp === 4 ? px[j + 3] : 255;
  }
  return { width, height, data };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Encodes RGBA pixels as a PNG (for the diff image a failing comparison leaves behind).
export function encodePng({ width, height, data }) {
  const chunk = (type, body) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const tb = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(tb));
    return Buffer.concat([len, tb, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    data.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Compares two decoded images: the share of pixels whose colour differs by more than
// `threshold` (max channel difference), and a diff image (red where they differ).
export function comparePng(a, b, threshold = 40) {
  if (a.width !== b.width || a.height !== b.height) return { sizeMismatch: true, ratio: 1 };
  let bad = 0;
  const diff = Buffer.alloc(a.data.length);
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (d > threshold) {
      bad++;
      diff[i] = 255;
      diff[i + 1] = 0;
      diff[i + 2] = 0;
      diff[i + 3] = 255;
    } else {
      const g = ((a.data[i] + a.data[i + 1] + a.data[i + 2]) / 3) * 0.3;
      diff[i] = diff[i + 1] = diff[i + 2] = g;
      diff[i + 3] = 255;
    }
  }
  return { ratio: bad / (a.width * a.height), bad, diff: { width: a.width, height: a.height, data: diff } };
}

// A game of `n` plies (seeded random legal moves, none ending it), made by the engine under Node.
export async function randomGame(n, seed = 7) {
  const { loadEngine } = await import('../node/helpers.mjs');
  const M = await loadEngine();
  const g = new M.Game();
  const rand = (k) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) % k;
  };
  const moves = [];
  while (moves.length < n) {
    const legal = g.legalMoves();
    const m = legal[rand(legal.length)];
    g.play(m);
    if (g.status().over) g.undo();
    else moves.push(m);
  }
  g.delete();
  return moves;
}

// The 150 plies (randomGame, seed 1975) that end in a check across levels: Scarlet's Griffon
// on 2h2 (Ground) checks Gold's King on 3g1 (Sky), and Gold's Dragon on 3h3 can capture it
// from afar. screen.test.mjs opens them as a saved game, focus-game.test.mjs plays them by taps.
export const checkAcrossLevels = () => randomGame(150, 1975);
