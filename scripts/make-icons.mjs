#!/usr/bin/env node
// Rasterises public/icons/icon.svg and icon-maskable.svg into the PNG icons of the web app
// manifest (192 and 512 px), and public/favicon.ico (32 px; what a browser asks for on a
// document without an icon link, such as the manifest itself), with headless Chromium
// (tests/browser's playwright-core).
// Usage: node scripts/make-icons.mjs   (the PNGs are committed; run after editing an SVG)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');
const dir = path.join(root, 'public/icons');
const exe = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-icons-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: exe,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = ctx.pages()[0] || (await ctx.newPage());
  const jobs = [
    ['icon.svg', 'icon-192.png', 192],
    ['icon.svg', 'icon-512.png', 512],
    ['icon-maskable.svg', 'icon-maskable-512.png', 512],
    ['icon-maskable.svg', 'icon-maskable-192.png', 192],
  ];
  for (const [svg, png, size] of jobs) {
    const text = fs.readFileSync(path.join(dir, svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent"><img width="${size}" height="${size}"
      src="data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}"></body></html>`);
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({
      path: path.join(dir, png),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(png);
  }
  // favicon.ico: one 32x32 PNG image in an ICO container (a 6-byte header, one 16-byte entry).
  const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
  await page.setViewportSize({ width: 32, height: 32 });
  await page.setContent(`<html><body style="margin:0;background:transparent"><img width="32" height="32"
    src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  await page.waitForFunction(() => document.images[0].complete);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 32, height: 32 } });
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4); // type icon, one image
  head.writeUInt8(32, 6);
  head.writeUInt8(32, 7); // 32 x 32
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12); // planes, bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // size, offset
  fs.writeFileSync(path.join(root, 'public/favicon.ico'), Buffer.concat([head, png]));
  console.log('favicon.ico');
} finally {
  await ctx.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
