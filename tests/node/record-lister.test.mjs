// The lister of a record's games (web/app/session/share/record-lister.js), driven under Node
// with the wasm engine: a text of one game, of many (counted, then listed in slices with
// the page's turns between them), a newer text replacing an older one, a text refused.
//   node --test tests/node/record-lister.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { createRecordLister } from '../../web/app/session/share/record-lister.js';
import { gameLine } from '../../web/app/session/share/record.js';

const M = await loadEngine();

// A clock that moves 10 ms at each look: every other slice of the lister ends (16 ms).
const ticking = () => {
  let t = 0;
  return () => (t += 10);
};
const recordOf = (moves, event) => {
  const g = new M.Game();
  for (const m of moves) g.play(m);
  const text = g.record({ tags: { Event: event } });
  g.delete();
  return text;
};

test('one game: no list, the game read at once', async () => {
  const lister = createRecordLister(M, { turn: async () => {}, now: ticking() });
  const text = recordOf(['2c22c3'], 'One');
  const grown = [];
  assert.deepEqual(await lister.list(text, { grown: (c) => grown.push(c) }), { value: 'one' });
  assert.deepEqual(grown, [], 'no list for one game');
  const read = lister.read(0);
  assert.deepEqual(read.value.moves, ['2c22c3']);
  lister.drop();
  assert.equal(lister.has(), false);
  assert.match(lister.read(0).error, /no record is listed/);
});

test('many games: counted, then listed in slices, every game in the list', async () => {
  let turns = 0;
  const lister = createRecordLister(M, { turn: async () => turns++, now: ticking() });
  const n = 2000;
  let text = '';
  for (let i = 0; i < n; i++) text += recordOf(i % 2 ? ['2c22c3'] : ['2c22c3', '2c72c6'], `Game ${i + 1}`);
  const counting = [],
    grown = [];
  const r = await lister.list(text, {
    counting: (at) => counting.push(at.counted),
    grown: (c) => grown.push(c.listed),
  });
  assert.deepEqual(r, { value: 'listed' });
  assert.ok(turns > 1, `the page had ${turns} turns`);
  assert.equal(grown.at(-1), n, 'the list complete');
  for (let i = 1; i < grown.length; i++) assert.ok(grown[i] >= grown[i - 1], 'the list only grows');
  assert.deepEqual(lister.games(0, 2), M.listRecords(text).slice(0, 2));
  // each a line in the page's words: the sides named where the players are not
  const lines = (code) => lister.games(0, 2).map((g) => gameLine(translatorOf(code), g));
  assert.deepEqual(lines('en'), [
    'Gold – Scarlet · Game 1 · * · 2 plies',
    'Gold – Scarlet · Game 2 · * · 1 ply',
  ]);
  assert.deepEqual(lines('de'), [
    'Gold – Scharlach · Game 1 · * · 2 Halbzüge',
    'Gold – Scharlach · Game 2 · * · 1 Halbzug',
  ]);
  assert.equal(lister.read(n - 1).value.tags.Event, `Game ${n}`);
});

test('a newer text replaces an older one still being listed', async () => {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const lister = createRecordLister(M, { turn: () => gate, now: ticking() });
  let text = '';
  for (let i = 0; i < 1500; i++) text += recordOf(['2c22c3'], `Game ${i + 1}`);
  const older = lister.list(text);
  const newer = await lister.list(recordOf(['2d22d3'], 'New'));
  release();
  assert.deepEqual(await older, { value: 'gone' });
  assert.deepEqual(newer, { value: 'one' });
  assert.deepEqual(lister.read(0).value.moves, ['2d22d3'], 'the newer text is the one on show');
});

test('a text core refuses: a failure, no list', async () => {
  const lister = createRecordLister(M, { turn: async () => {}, now: ticking() });
  const r = await lister.list(recordOf(['2c22c3'], 'Bad') + '\n1. W2h3 { never closed');
  assert.equal(r.code, 'unreadable');
  assert.match(r.error, /has no closing/);
  assert.equal(lister.has(), false);
});
