// Game records through the facade (core/record.h): Game.record() writes a game, listRecords
// and readRecord read texts back into plain values, resign / agreeDraw end a game off the
// board; every failure is an Error with a stable code (bad-record with the line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, START, rng } from './helpers.mjs';

const M = await loadEngine();

function thrown(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Error, 'an Error');
    assert.equal(typeof e.code, 'string');
    assert.ok(e.message.length > 10, e.message);
    return e;
  }
  assert.fail('expected an error');
}

// A random game through the facade (moves chosen by a seeded generator).
function randomGame(seed, plies) {
  const g = new M.Game();
  const next = rng(seed);
  for (let i = 0; i < plies && !g.status().over; i++) {
    const moves = g.legalMoves();
    g.play(moves[Math.floor(next() * moves.length)]);
  }
  return g;
}

test('a game written by Game.record reads back the same: moves, tags, comments, glyphs, result', () => {
  for (const [seed, ending] of [[1, 'resign-gold'], [2, 'resign-scarlet'], [3, 'draw'], [4, null], [5, null]]) {
    const g = randomGame(seed, seed === 5 ? 320 : 60);
    if (ending === 'resign-gold') assert.equal(g.resign('gold').state, 'resignation');
    if (ending === 'resign-scarlet') g.resign('scarlet');
    if (ending === 'draw') assert.equal(g.agreeDraw().reason, 'draw by agreement');
    const h = g.history();
    const tags = { Event: 'Node "test"', Gold: 'Zoë', Date: '2025.01.02', Annotator: 'me' };
    const comments = ['before', 'after the first'];
    const glyphs = ['', '?!'];
    const text = g.record({ tags, comments, glyphs });
    assert.ok(text.startsWith('[Event "Node \\"test\\""]\n'));
    assert.ok(text.includes(`[Result "${g.result()}"]`));
    const list = M.listRecords(text);
    assert.equal(list.length, 1);
    assert.deepEqual(list[0], {
      line: 1, result: g.result(), moves: h.coordinate.length,
      tags: { Event: 'Node "test"', Site: '?', Date: '2025.01.02', Round: '?', Gold: 'Zoë', Scarlet: '?', Annotator: 'me' },
    });
    const r = M.readRecord(text);
    assert.equal(r.startFen, START);
    assert.deepEqual(r.moves, h.coordinate);
    assert.deepEqual(r.algebraic, h.algebraic);
    assert.deepEqual(r.tags, list[0].tags);
    assert.deepEqual(r.status, g.status());
    assert.equal(r.comments[0], 'before');
    assert.equal(r.comments[1], 'after the first');
    assert.equal(r.comments.length, h.coordinate.length + 1);
    assert.equal(r.glyphs[1], '?!');
    // Replaying it as the page does gives the same record text.
    const again = new M.Game(r.startFen, r.moves);
    if (r.status.state === 'resignation') again.resign(r.status.winner === 'gold' ? 'scarlet' : 'gold');
    if (r.status.state === 'draw-agreed') again.agreeDraw();
    assert.equal(again.record({ tags: r.tags, comments: r.comments, glyphs: r.glyphs }), text);
    again.delete();
    g.delete();
  }
});

test('several games in one text; a game from another start position', () => {
  const a = randomGame(7, 30), b = new M.Game(randomGame(8, 20).fen(), []);
  b.play(b.legalMoves()[0]);
  const text = a.record() + b.record({ tags: { Event: 'second' } });
  const list = M.listRecords(text);
  assert.deepEqual(list.map((x) => x.tags.Event), ['?', 'second']);
  const second = M.readRecord(text, 1);
  assert.equal(second.startFen, b.startFen());
  assert.ok(text.includes('[SetUp "1"]\n[FEN "' + b.startFen() + '"]'));
  assert.deepEqual(second.moves, b.history().coordinate);
  assert.deepEqual(M.readRecord(text, 0).moves, a.history().coordinate);
  const e = thrown(() => M.readRecord(text, 2));
  assert.equal(e.code, 'bad-record');
  assert.match(e.message, /there is no game 3: the text holds 2/);
  a.delete();
  b.delete();
});

test('the historic notation and every move form read through the facade', () => {
  const r = M.readRecord('1. Wh3M We6M 2. We3M Wd6M 3. Wd3M We5M 4. Wi3M He6M 5. 2g22g3 W2h6 *');
  assert.deepEqual(r.moves, ['2h22h3', '2e72e6', '2e22e3', '2d72d6', '2d22d3', '2e62e5', '2i22i3', '2c82e6', '2g22g3', '2h72h6']);
  const g = new M.Game();
  assert.equal(g.play('Wh3M').coordinate, '2h22h3');  // the typed-move reader takes it too
  g.delete();
});

test('bad records throw bad-record with the line; nothing else is touched', () => {
  const cases = [
    ['[Event "x"]\n\n1. W2h3 W2e6\n2. W2c4', 4, /line 4: move 2\. 'W2c4': illegal move/],
    ['1. W2h3 { never closed', 1, /no closing '}'/],
    ['[Date "yesterday"]', 1, /the Date tag is written YYYY\.MM\.DD/],
    ['[Variant "Chess"]', 1, /this record is for 'Chess'/],
    ['', 1, /there is no game/],
    ['1. W2h3 W2e6\n2. W2e3 extra', 2, /line 2: move 2\.\.\. 'extra': cannot read 'extra'/],
  ];
  for (const [text, line, re] of cases) {
    const e = thrown(() => M.readRecord(text));
    assert.equal(e.code, 'bad-record', text);
    assert.equal(e.line, line, text);
    assert.match(e.message, re);
  }
  assert.equal(thrown(() => M.listRecords('{')).line, 1);
  assert.equal(thrown(() => M.readRecord(42)).code, 'bad-argument');
  assert.equal(thrown(() => M.readRecord('1. W2h3', -1)).code, 'bad-argument');
  assert.equal(thrown(() => M.readRecord('1. W2h3', 1.5)).code, 'bad-argument');
});

test('resign and agreeDraw: status, result, errors; record options are checked', () => {
  const g = new M.Game(START, ['2c22c3']);
  assert.equal(thrown(() => g.resign('purple')).code, 'bad-argument');
  assert.equal(thrown(() => g.resign()).code, 'bad-argument');
  const st = g.resign('scarlet');
  assert.deepEqual(st, { state: 'resignation', reason: 'Scarlet resigns, Gold wins', over: true, check: false, winner: 'gold', result: '1-0', sideToMove: 'scarlet' });
  assert.deepEqual(g.status(), st);
  assert.equal(g.result(), '1-0');
  assert.ok(M.GAME_STATES.some((s) => s.reason === st.reason && s.winner === 'gold'), 'the wording is among the facts');
  assert.equal(thrown(() => g.play('2c72c6')).code, 'game-over');
  assert.equal(thrown(() => g.agreeDraw()).code, 'game-over');
  g.undo();  // the resignation goes with the move
  assert.equal(g.status().state, 'ongoing');
  assert.equal(g.agreeDraw().result, '1/2-1/2');
  assert.equal(thrown(() => g.redo()).code, 'game-over');
  // record() options
  assert.equal(thrown(() => g.record({ tags: { Result: '1-0' } })).code, 'bad-tag');
  assert.equal(thrown(() => g.record({ tags: { 'bad name': 'x' } })).code, 'bad-tag');
  assert.equal(thrown(() => g.record({ tags: { Event: 3 } })).code, 'bad-tag');
  assert.equal(thrown(() => g.record({ tags: ['x'] })).code, 'bad-argument');
  assert.equal(thrown(() => g.record({ comments: 'x' })).code, 'bad-argument');
  assert.equal(thrown(() => g.record({ comments: ['a', 'b', 'c'] })).code, 'bad-argument');
  assert.equal(thrown(() => g.record({ glyphs: ['!!!'] })).code, 'bad-argument');
  assert.equal(thrown(() => g.record('x')).code, 'bad-argument');
  assert.match(g.record(), /\[Termination "draw by agreement"\]\n\n1\/2-1\/2\n\n$/);  // no move left
  g.delete();
});
