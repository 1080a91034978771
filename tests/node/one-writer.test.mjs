// One writer of the game's state (docs/architecture.md, "The one writer"): the controller
// (web/app/session/game/controller.js). Every other module of web/ reads its fields and asks it
// (a method); none assigns a field of it (`ctl.note = ...`, `ctl.model.x = ...`) or emits
// its events (`ctl.emit(...)`). Read as text, comments left out; each place is named.
//   node --test tests/node/one-writer.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, jsFiles } from './helpers.mjs';

const OWNER = 'web/app/session/game/controller.js';
// A write to the controller (named ctl wherever the page hands it on) or one of its events.
const WRITE = /\bctl\.[\w.]+\s*(=(?!=)|\+=|-=|\+\+|--)|\bctl\.emit\(/g;

const stripComments = (t) =>
  t
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((l) => l.replace(/(^|\s)\/\/.*$/, '$1'))
    .join('\n');

/** Every place outside the controller that writes its state: ['file:line: text']. */
export function writers(root = ROOT) {
  const out = [];
  for (const abs of jsFiles(path.join(root, 'web'))) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    if (file === OWNER) continue;
    stripComments(fs.readFileSync(abs, 'utf8'))
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(WRITE)) out.push(`${file}:${i + 1}: ${m[0]}`);
      });
  }
  return out;
}

test("only the controller writes the game's state and emits its events", () => {
  const found = writers();
  console.log(`places outside the controller that write its state: ${found.length}`);
  assert.deepEqual(found, []);
});

test('the checker finds a write and an event from outside (it can fail)', () => {
  const hits = (s) => [...s.matchAll(WRITE)].map((m) => m[0]);
  assert.deepEqual(hits("ctl.note = { text, kind: 'warn' };"), ['ctl.note =']);
  assert.deepEqual(hits("ctl.emit('change');"), ['ctl.emit(']);
  assert.deepEqual(hits('ctl.model.rules = r; ctl.viewPly++;'), ['ctl.model.rules =', 'ctl.viewPly++']);
  assert.deepEqual(hits('if (ctl.note === null && ctl.selected == name) ctl.setNote(n);'), []);
  assert.equal(stripComments("a(); // ctl.note = null\n/* ctl.emit('x') */ b();").match(WRITE), null);
});
