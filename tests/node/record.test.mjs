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
  for (const [seed, ending] of [
    [1, 'resign-gold'],
    [2, 'resign-scarlet'],
    [3, 'draw'],
    [4, null],
    [5, null],
  ]) {
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
      line: 1,
      result: g.result(),
      moves: h.coordinate.length,
      tags: { Event: 'Node "test"', Site: '?', Date: '2025.01.02', Round: '?', Gold: 'Zoë', Scarlet: '?' },
    });
    const r = M.readRecord(text);
    assert.equal(r.startFen, START);
    assert.deepEqual(r.moves, h.coordinate);
    assert.deepEqual(r.algebraic, h.algebraic);
    assert.deepEqual(r.tags, { ...list[0].tags, Annotator: 'me' }); // the list has the roster only
    assert.deepEqual(
      r.clocks,
      h.coordinate.map(() => null),
    );
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
  const a = randomGame(7, 30),
    b = new M.Game(randomGame(8, 20).fen(), []);
  b.play(b.legalMoves()[0]);
  const text = a.record() + b.record({ tags: { Event: 'second' } });
  const list = M.listRecords(text);
  assert.deepEqual(
    list.map((x) => x.tags.Event),
    ['?', 'second'],
  );
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
  assert.deepEqual(r.moves, [
    '2h22h3',
    '2e72e6',
    '2e22e3',
    '2d72d6',
    '2d22d3',
    '2e62e5',
    '2i22i3',
    '2c82e6',
    '2g22g3',
    '2h72h6',
  ]);
  const g = new M.Game();
  assert.equal(g.play('Wh3M').coordinate, '2h22h3'); // the typed-move reader takes it too
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
  assert.deepEqual(st, {
    state: 'resignation',
    reason: 'Scarlet resigns, Gold wins',
    over: true,
    check: false,
    winner: 'gold',
    result: '1-0',
    sideToMove: 'scarlet',
  });
  assert.deepEqual(g.status(), st);
  assert.equal(g.result(), '1-0');
  assert.ok(
    M.GAME_STATES.some((s) => s.reason === st.reason && s.winner === 'gold'),
    'the wording is among the facts',
  );
  assert.equal(thrown(() => g.play('2c72c6')).code, 'game-over');
  assert.equal(thrown(() => g.agreeDraw()).code, 'game-over');
  g.undo(); // the resignation goes with the move
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
  assert.match(g.record(), /\[Termination "draw by agreement"\]\n\n1\/2-1\/2\n\n$/); // no move left
  g.delete();
});

test('clocks and the time control: written by Game.record, read back by readRecord', () => {
  const g = randomGame(11, 9);
  const clocks = [298000, 301500, null, 0, 3600000, 1209600000, 59999, null, 1];
  const text = g.record({
    tags: { TimeControl: '300+3' },
    comments: ['', 'quick', '', '[%clk 1:00:00] is text'],
    clocks,
  });
  assert.ok(text.includes('{ [%clk 0:04:58] quick }'), text);
  assert.ok(text.includes('{ [%clk 0:05:01.5] }'), text);
  assert.ok(text.includes('{ [ %clk 1:00:00] is text }'), text); // a comment's text is never a clock
  const r = M.readRecord(text);
  assert.deepEqual(r.clocks, clocks);
  assert.deepEqual(r.comments.slice(0, 4), ['', 'quick', '', '[ %clk 1:00:00] is text']);
  assert.equal(r.tags.TimeControl, '300+3');
  assert.equal(M.parseTimeControl(r.tags.TimeControl).inc, 3000); // the game clock's reader
  for (const bad of [[-1], [1.5], ['0:01:00'], [1e16], new Array(10).fill(0)]) {
    assert.equal(thrown(() => g.record({ clocks: bad })).code, 'bad-argument', JSON.stringify(bad));
  }
  const e = thrown(() => g.record({ tags: { TimeControl: '5 minutes' } }));
  assert.equal(e.code, 'bad-tag');
  assert.match(e.message, /the TimeControl tag '5 minutes' cannot be read/);
  g.delete();
});

test('RecordList: a large text listed a few games at a time, one game read without the others', () => {
  const games = [randomGame(21, 40), randomGame(22, 70), randomGame(23, 10)];
  let text = '';
  const n = 3000;
  for (let i = 0; i < n; i++) text += games[i % 3].record({ tags: { Event: `Game ${i + 1}`, Gold: 'Zoë' } });
  const l = new M.RecordList(text);
  const reads = [],
    counted = [];
  let r;
  do {
    r = l.next(256);
    assert.equal(r.size, Buffer.byteLength(text));
    if (reads.length === 1 && r.listed === 256) {
      // the rest of the text counted, a stretch a call
      counted.push(r.counted);
      assert.equal(r.total, r.counting ? 0 : n);
      continue;
    }
    assert.equal(r.listed, Math.min(n, 256 * (reads.length + 1)));
    assert.equal(r.counting, reads.length === 0, 'the first call starts the count');
    assert.equal(r.total, reads.length ? n : 0, 'the text counted before more games are listed');
    reads.push(r.read);
  } while (!r.done);
  // 128 KB a call (to the first game that begins past it), the last to the end
  assert.ok(counted.length >= 3, `${counted.length} calls counted the text`);
  for (let i = 0; i < counted.length - 1; i++) {
    const step = counted[i] - (i ? counted[i - 1] : reads[0]);
    assert.ok(step >= 128 * 1024 && step < 128 * 1024 + 2000, `a stretch of ${step} bytes`);
  }
  assert.equal(counted.at(-1), Buffer.byteLength(text));
  const listed = l.games(0, n);
  assert.equal(listed.length, n);
  assert.deepEqual(l.games(n - 2, n + 5), listed.slice(n - 2), 'a few of them, cut to the list');
  assert.deepEqual(l.games(5, 3), []);
  assert.equal(l.count(), n);
  assert.equal(r.total, n, 'the whole text counted');
  assert.equal(reads.length, Math.ceil(n / 256));
  for (let i = 1; i < reads.length; i++) assert.ok(reads[i] > reads[i - 1], 'the progress grows');
  assert.equal(reads.at(-1), Buffer.byteLength(text));
  assert.deepEqual(listed, M.listRecords(text));
  for (const i of [0, 1, 1500, n - 1]) {
    const g = l.read(i);
    assert.deepEqual(g, M.readRecord(text, i));
    assert.equal(g.tags.Event, `Game ${i + 1}`);
    assert.deepEqual(g.moves, games[i % 3].history().coordinate);
  }
  assert.equal(thrown(() => l.read(n)).code, 'bad-argument');
  assert.equal(thrown(() => l.next(0)).code, 'bad-argument');
  l.delete();
  // A bad text: refused by the count, with its line, before more games are listed.
  const bad = new M.RecordList(games[0].record() + '\n1. W2h3 { never closed');
  assert.equal(bad.next(1).counting, true);
  const e = thrown(() => bad.next(1));
  assert.equal(e.code, 'bad-record');
  assert.match(e.message, /^line \d+: the comment opened with '\{' on this line has no closing '}'/);
  bad.delete();
  for (const g of games) g.delete();
});

test('RecordList: a file’s bytes read as core reads them (UTF-16, binary and too many games refused at once)', () => {
  const g = randomGame(24, 30);
  const text = g.record({ tags: { Event: 'Zoë’s game' }, comments: ['', 'é'.repeat(5000)] });
  // the bytes of a UTF-8 file, as a Uint8Array or an ArrayBuffer: the same game as the text
  for (const bytes of [new TextEncoder().encode(text), new TextEncoder().encode(text).buffer]) {
    const l = new M.RecordList(bytes);
    const r = l.next(10);
    assert.equal(r.done, true);
    assert.equal(r.total, 1);
    assert.deepEqual(l.read(0), M.readRecord(text, 0));
    assert.equal(l.read(0).comments[1], 'é'.repeat(5000), 'a long comment decoded whole');
    l.delete();
  }
  const refused = (bytes) => {
    const l = new M.RecordList(bytes);
    try {
      return thrown(() => {
        while (!l.next(500).done);
      });
    } finally {
      l.delete();
    }
  };
  // UTF-16 (Windows Notepad): said as the command line says it, not read as garbled UTF-8
  const utf16 = new Uint8Array(2 + text.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++)
    ((utf16[2 + 2 * i] = text.charCodeAt(i) & 0xff), (utf16[3 + 2 * i] = text.charCodeAt(i) >> 8));
  let e = refused(utf16);
  assert.equal(e.code, 'bad-record');
  assert.match(e.message, /^line 1: this text is UTF-16/);
  // binary: the first control character, not "the text is too long" of bytes decoded
  e = refused(Uint8Array.from([0x78, 0x0a, 0x80, 0xff, 0xc3, 0x0e, 0x41]));
  assert.match(e.message, /^line 2: a control character \(byte 0x0E\) has no place in a record/);
  // more than 100,000 games: refused by the count, before a list is shown
  e = refused(new TextEncoder().encode('* '.repeat(100001)));
  assert.match(e.message, /^line 1: the text holds more than 100000 games/);
  // too long: core's cap, in bytes
  assert.equal(M.MAX_RECORD_TEXT, 16 << 20);
  e = refused(new Uint8Array(M.MAX_RECORD_TEXT + 1).fill(0x20));
  assert.match(e.message, /the text is too long \(16777217 bytes; at most 16777216 are read\)/);
  assert.equal(thrown(() => new M.RecordList(42)).code, 'bad-argument');
  g.delete();
});

test('hostile records: a % mid-line, a glyph number too large, too many tags, UTF-16', () => {
  const cases = [
    ['1. W2h3 %junk', 1, /'%' has no place here/],
    ['1. W2h3 $12345', 1, /'\$12345' is not a glyph: PGN's glyphs are \$0 to \$255/],
    [
      Array.from({ length: 1200 }, (_, i) => `[T${i} "v"]`).join('\n') + '\n1. W2h3',
      995,
      /a game has at most 1000 tags/,
    ],
    ['\ufffe[Event "x"]', 1, /cannot read|no place/],
    ['x'.repeat(200), 1, /is too long to be a move/],
  ];
  for (const [text, line, re] of cases) {
    const e = thrown(() => M.readRecord(text));
    assert.equal(e.code, 'bad-record', text.slice(0, 40));
    assert.equal(e.line, line, text.slice(0, 40));
    assert.match(e.message, re);
  }
});
