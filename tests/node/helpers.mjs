// Shared helpers of the Node tests: load the CommonJS wasm build, find the native CLI,
// read the perft data files, read a message catalogue and translate with it.
import { createRequire } from 'node:module';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTranslator } from '../../web/app/util/messages.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WASM_BUILD = process.env.DC_WASM_BUILD || join(ROOT, 'build/wasm');
export const NODE_MODULE = join(WASM_BUILD, 'dragonchess_engine_node.cjs');
export const START =
  '2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1/ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO/2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1';

const require = createRequire(import.meta.url);
let enginePromise = null;
// The module instance (one per test file process).
export function loadEngine() {
  if (!enginePromise) {
    if (!existsSync(NODE_MODULE)) throw new Error(`${NODE_MODULE} is missing: run scripts/build-wasm`);
    enginePromise = require(NODE_MODULE)();
  }
  return enginePromise;
}

// The native CLI: $DC_NATIVE, else build/native/dragonchess; null when absent.
export function nativeBinary() {
  const c = [process.env.DC_NATIVE, join(ROOT, 'build/native/dragonchess')].filter(Boolean);
  for (const p of c) if (existsSync(p)) return p;
  return null;
}

// Runs the native CLI with `lines` on stdin; returns stdout lines.
export function runNative(lines) {
  const bin = nativeBinary();
  const r = spawnSync(bin, [], {
    input: lines.join('\n') + '\nquit\n',
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`native CLI exited with ${r.status}: ${r.stderr}`);
  return r.stdout.split('\n');
}

// tests/perft/*.txt: `<position string> ; [rules <gygax|bga> ;] D1 <n> ; D2 <n> ...`
// (comments with #; a divide field is the native tests' business). rules: 'gygax' when
// the line names none.
export function perftCases(maxNodes = 1_000_000) {
  const dir = join(ROOT, 'tests/perft');
  const out = [];
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.txt'))
    .sort()) {
    const lines = readFileSync(join(dir, f), 'utf8').split('\n');
    lines.forEach((raw, i) => {
      const line = raw.replace(/#.*$/, '').trim();
      if (!line) return;
      const parts = line.split(';').map((s) => s.trim());
      const fen = parts[0];
      const depths = [];
      let rules = 'gygax';
      for (const p of parts.slice(1)) {
        const m = /^D(\d+)\s+(\d+)$/.exec(p);
        if (m && Number(m[2]) <= maxNodes) depths.push([Number(m[1]), Number(m[2])]);
        const r = /^rules\s+(\w+)$/.exec(p);
        if (r) rules = r[1];
      }
      out.push({ file: f, line: i + 1, fen, rules, depths });
    });
  }
  return out;
}

// A small deterministic PRNG (xorshift32).
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

// Asserts that `promise` rejects with an error of the stable `code` (the one error
// convention: an EngineError from the client, an Error with .code from the module) whose
// message matches `re`.
export async function rejectsWith(promise, code, re) {
  const { default: assert } = await import('node:assert/strict');
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof Error, String(err));
    assert.equal(err.code, code);
    assert.match(err.message, re);
    return true;
  });
}

// Every JavaScript module under `dir` (absolute paths; node_modules left out).
export function jsFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...jsFiles(p));
    } else if (/\.m?js$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The message catalogue public/i18n/<part><code>.json, parsed (part: '' the pages' words,
 *  'learn/' the lessons' and puzzles'). */
export const readCatalogue = (code, part = '') =>
  JSON.parse(readFileSync(join(ROOT, 'public/i18n', `${part}${code}.json`), 'utf8'));

/** A translator of `code` as util/i18n.js's loadWords makes it, from the files of `parts`
 *  merged (a message they lack throws). */
export function translatorOf(code, { parts = [''] } = {}) {
  const catalogue = Object.assign({}, ...parts.map((part) => readCatalogue(code, part)));
  return Object.assign(createTranslator({ locale: code, catalogue }), { locale: code });
}
