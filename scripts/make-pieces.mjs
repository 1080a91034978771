#!/usr/bin/env node
// Rasterises the piece icons (public/pieces/<name>.svg, drawn in Gold's colours) at build
// time into one file the renderer decodes itself (web/renderer: setPieceAtlas), so the
// browser rasterises nothing and reads no pixels back. Scarlet is the same drawing in
// Scarlet's colours (web/renderer/pieces.js). Uses Debian's rsvg-convert (librsvg2-bin), then pngquant (8-bit
// palette with alpha: half the bytes, no visible difference at the drawn sizes).
// Usage: node scripts/make-pieces.mjs <pieces dir> <out file> [size px, default 128]
// Format (little-endian): 'DCP1', u16 size, u8 count, then per piece: u8 letter (upper
// case Gold, lower case Scarlet), u32 length, that many bytes of PNG.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

import { PIECE_FILES, scarletSvg } from '../web/renderer/pieces.js'; // letter -> file name; Scarlet's colours

function main() {
  const [dir, out, sizeArg = '128'] = process.argv.slice(2);
  const size = Number(sizeArg);
  if (!dir || !out || !Number.isInteger(size) || size < 16 || size > 1024) {
    console.error('usage: make-pieces.mjs <pieces dir> <out file> [size 16..1024]');
    process.exit(2);
  }
  const raster = (svg, what) => {
    try {
      return execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), '-f', 'png'], {
        input: svg,
        maxBuffer: 1 << 26,
      });
    } catch (e) {
      throw new Error(
        `make-pieces: rsvg-convert failed on ${what} (${e.code === 'ENOENT' ? 'not installed: apt-get install librsvg2-bin' : e.message})`,
        { cause: e },
      );
    }
  };
  const quantise = (png, what) => {
    try {
      return execFileSync('pngquant', ['--quality=80-98', '--speed', '1', '--strip', '-'], {
        input: png,
        maxBuffer: 1 << 26,
      });
    } catch (e) {
      // exit code 99: the quality floor not reached; keep the full-colour image
      if (e.status === 99) return png;
      throw new Error(
        `make-pieces: pngquant failed on ${what} (${e.code === 'ENOENT' ? 'not installed: apt-get install pngquant' : e.message})`,
        { cause: e },
      );
    }
  };
  const parts = [];
  for (const [letter, file] of Object.entries(PIECE_FILES)) {
    const gold = fs.readFileSync(path.join(dir, file + '.svg'), 'utf8');
    const scarlet = scarletSvg(gold);
    if (!scarlet) throw new Error(`make-pieces: ${file}.svg has no <style> to recolour`);
    for (const [l, svg] of [
      [letter, gold],
      [letter.toLowerCase(), scarlet],
    ]) {
      const png = quantise(raster(svg, `${file}.svg (${l})`), `${file}.svg (${l})`);
      const head = Buffer.alloc(5);
      head.writeUInt8(l.charCodeAt(0), 0);
      head.writeUInt32LE(png.length, 1);
      parts.push(head, png);
    }
  }
  const header = Buffer.alloc(7);
  header.write('DCP1', 0, 'latin1');
  header.writeUInt16LE(size, 4);
  header.writeUInt8(parts.length / 2, 6);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, Buffer.concat([header, ...parts]));
}
main();
