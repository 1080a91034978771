// Shrinks the JavaScript of a built site in place, for what a visitor downloads: comments and
// layout dropped, local names shortened (terser: compress off, so that the code run is the
// code written, statement for statement). The sources under web/ stay as they are; the page
// has no build step of its own, this is the site's packing.
//   node scripts/minify.mjs <site> [<site folder> ...]   (default: app renderer engine)
// Minifies every .js and .mjs file below the folders named (relative to the site). Run after
// scripts/site-modules.mjs, which reads the imports as written.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { minify } = require('./node_modules/terser');

const [site, ...named] = process.argv.slice(2);
if (!site) {
  console.error('usage: node scripts/minify.mjs <site> [<folder> ...]');
  process.exit(2);
}
const folders = named.length ? named : ['app', 'renderer', 'engine'];

function scripts(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return scripts(p);
    return /\.m?js$/.test(e.name) ? [p] : [];
  });
}

let before = 0,
  after = 0,
  count = 0;
for (const file of folders.flatMap((f) => scripts(path.join(site, f)))) {
  const src = fs.readFileSync(file, 'utf8');
  let out;
  try {
    out = await minify(src, {
      module: true,
      compress: false,
      mangle: true,
      format: { comments: false },
    });
  } catch (e) {
    // a file terser cannot read is a build error: the site must not ship half-packed
    console.error(`minify: ${path.relative(site, file)}: ${e.message}`);
    process.exit(1);
  }
  fs.writeFileSync(file, out.code);
  before += src.length;
  after += out.code.length;
  count++;
}
console.error(`minify: ${count} files, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB`);
