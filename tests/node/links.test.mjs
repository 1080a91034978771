// Unit tests of the link format (web/app/session/share/links.js): node --test tests/node/
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeGame,
  decodeHash,
  packMoves,
  unpackMoves,
  MAX_HASH_LENGTH,
  COMPACT_PLIES,
} from '../../web/app/session/share/links.js';
import { parseSquare as squareIndex, squareName } from '../../web/app/facts/squares.js';
import { useFacts } from '../../web/app/facts/facts.js';
import { loadEngine, translatorOf } from './helpers.mjs';
import { reason } from '../../web/app/util/i18n.js';

useFacts(await loadEngine()); // the computer's strengths (strength=) are core's
// A link's reason is a refusal (the catalogue's key and its arguments): said in English here.
const en = translatorOf('en'),
  de = translatorOf('de');
const said = (d) => reason(en, d);

const FEN_BLACK = '12/12/12/12/12/12/12/12/12/12/12/12/12/12/5k6/12/12/12/12/12/12/12/6K5/12 s 3 20';

// Every square once as from and to, so every 9-bit value is packed at least once.
function allSquareMoves() {
  const out = [];
  for (let i = 0; i < 288; i++) out.push(squareName(i) + squareName(287 - i));
  return out;
}

test('square names and indexes match the renderer numbering', () => {
  assert.equal(squareIndex('1a1'), 0);
  assert.equal(squareIndex('2c3'), 96 + 2 * 12 + 2);
  assert.equal(squareIndex('3l8'), 287);
  assert.equal(squareIndex('4a1'), null);
  assert.equal(squareIndex('2m1'), null);
  for (let i = 0; i < 288; i++) assert.equal(squareIndex(squareName(i)), i);
  assert.equal(squareName(288), null);
});

test('short games stay readable', () => {
  assert.equal(encodeGame({ moves: ['2c22c3', '2c72c6'] }), '#moves=2c22c3.2c72c6');
  assert.equal(encodeGame({ moves: [] }), '');
  assert.equal(encodeGame({ fen: 'startpos', moves: ['2c22c3'] }), '#moves=2c22c3');
  assert.equal(encodeGame({ fen: 'startpos', moves: ['2c22c3'] }), '#moves=2c22c3');
  const h = encodeGame({ fen: FEN_BLACK, moves: ['2f72f6'] });
  assert.equal(h, '#fen=' + FEN_BLACK.replace(/ /g, '_') + '&moves=2f72f6');
  assert.ok(!h.includes('%'), 'no escapes needed for a position string');
});

test('round trip: plain, packed, fen, play by link', () => {
  const cases = [
    { moves: ['2c22c3', '2c72c6', '3g13a7'] },
    { fen: FEN_BLACK, moves: [] },
    { fen: FEN_BLACK, moves: ['2f72f6', '2g22g3'] },
    { moves: ['2c22c3'], mode: 'link', to: 'scarlet' },
    { moves: ['2c22c3'], mode: 'ai', strength: 7, to: 'gold' },
    { moves: allSquareMoves() },
    { moves: ['2c22c3', '2c72c6'], compact: true },
  ];
  for (const c of cases) {
    const h = encodeGame(c);
    const r = decodeHash(h);
    assert.equal(r.error, undefined, `${h}: ${r.error}`);
    const d = r.value;
    assert.deepEqual(d.moves, c.moves);
    if (c.fen) assert.equal(d.fen, c.fen);
    else assert.equal(d.fen, undefined);
    assert.equal(d.mode, c.mode);
    assert.equal(d.to, c.to);
  }
});

test('long games are packed: 3 characters a move', () => {
  const moves = Array.from({ length: COMPACT_PLIES + 1 }, (_, i) => (i % 2 ? '2c72c6' : '2c22c3'));
  const h = encodeGame({ moves });
  assert.match(h, /^#g=[A-Za-z0-9_-]+$/);
  assert.equal(h.length, 3 + 3 * moves.length);
  assert.equal(encodeGame({ moves: moves.slice(0, COMPACT_PLIES) }).startsWith('#moves='), true);
  assert.equal(encodeGame({ moves, compact: false }).startsWith('#moves='), true);
  assert.deepEqual(decodeHash(h).value.moves, moves);
  // the packing itself
  assert.equal(packMoves(['1a11a1']), 'AAA');
  assert.equal(packMoves(['3l83l8']), 'j8f'); // 287 * 512 + 287 = 147231 = 35, 60, 31 in base 64
  assert.deepEqual(unpackMoves(packMoves(allSquareMoves())).value, allSquareMoves());
});

test('readers are lenient where it is harmless', () => {
  assert.deepEqual(decodeHash('moves=2C22C3,2c72c6').value.moves, ['2c22c3', '2c72c6']);
  assert.deepEqual(decodeHash('#moves=2c22c3.2c72c6.').value.moves, ['2c22c3', '2c72c6']);
  assert.deepEqual(decodeHash('https://example.org/dc/#moves=2c22c3').value.moves, ['2c22c3']);
  assert.equal(decodeHash('#fen=' + encodeURIComponent(FEN_BLACK)).value.fen, FEN_BLACK);
  assert.equal(decodeHash('#fen=' + FEN_BLACK.replace(/ /g, '+')).value.fen, FEN_BLACK);
  // placement only / placement and side: the other fields take their defaults
  const placement = FEN_BLACK.split(' ')[0];
  assert.equal(decodeHash('#fen=' + placement).value.fen, placement + ' g 0 1');
  assert.equal(decodeHash('#fen=' + placement + '_s').value.fen, placement + ' s 0 1');
  assert.deepEqual(decodeHash(''), { value: { moves: [], params: {} } });
  assert.deepEqual(decodeHash('#'), { value: { moves: [], params: {} } });
  assert.deepEqual(decodeHash(undefined), { value: { moves: [], params: {} } });
  // unknown keys (a newer version's) are ignored; keys are case-insensitive
  assert.deepEqual(decodeHash('#MOVES=2c22c3&theme=dark').value.moves, ['2c22c3']);
  assert.equal(decodeHash('#play=link&to=g').value.to, 'gold');
  assert.equal(decodeHash('#play=link&to=scarlet').value.to, 'scarlet');
});

test('extra keys for pages (embed options)', () => {
  const h = encodeGame({ fen: FEN_BLACK, extra: { show: '2f7', level: '3,2', flip: 1, interactive: 0 } });
  assert.ok(h.includes('level=3,2'), h);
  const d = decodeHash(h, { extraKeys: ['show', 'level', 'flip', 'interactive'] });
  assert.equal(d.error, undefined);
  assert.deepEqual(d.value.params, { show: '2f7', level: '3,2', flip: '1', interactive: '0' });
  assert.deepEqual(decodeHash(h).value.params, {}, 'not asked for: not returned');
});

test('hostile and broken links give a clear error and never throw', () => {
  const hostile = [
    ['#moves=<script>alert(1)</script>', /character that does not belong/],
    ['#moves=%3Cscript%3Ealert(1)%3C%2Fscript%3E', /do(es)? not belong|not a coordinate move/],
    ['#fen=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', /do(es)? not belong|no place/],
    ['#moves=2c22c3%E0%A4%A', /broken %-escape/],
    ['#moves=%', /broken %-escape/],
    ['#moves=2c22c3.zz', /move 2 .*'zz'.*not a coordinate move/],
    ['#moves=2c22c9', /not a coordinate move/],
    ['#moves=4c22c3', /not a coordinate move/],
    ['#g=AAAA', /cut short/],
    ['#g=AA*', /do(es)? not belong/],
    ['#g=///', /do(es)? not belong/],
    ['#moves=2c22c3&g=AAA', /moves twice/],
    ['#moves=2c22c3&moves=2c72c6', /'moves' twice/],
    ['#play=chess', /'play' must be 'link'/],
    ['#play=link&to=x', /'to' must be g/],
    ['#moves=2c22c3&vs=robot', /'vs' must be computer or watch/],
    ['#vs=computer&strength=11', /'strength' must be a whole number from 1 to 10/],
    ['#vs=computer&strength=0', /'strength' must be/],
    ['#vs=computer&strength=3.5', /'strength' must be/],
    ['#play=link&vs=computer', /two ways to play/],
    ['#fen=', /empty/],
    ['#fen=12/12_g_0_1_x', /5 fields/],
    ['#fen=' + 'x'.repeat(500), /too long/],
    ['#moves=' + '2c22c3.'.repeat(2000), /too long/],
    ['#' + 'a'.repeat(MAX_HASH_LENGTH + 1), /too long/],
    ['#moves=2c22c3 2c72c6', /do(es)? not belong/],
    ['#moves="2c22c3"', /do(es)? not belong/],
    ['#moves=2c22c3%00', /do(es)? not belong/],
    ['#java%73cript:alert(1)=1', /parameter name/],
    ['#%ZZ=1', /broken %-escape/],
    ['#moves=2c22c3\u202e', /do(es)? not belong/],
  ];
  for (const [h, re] of hostile) {
    let d;
    assert.doesNotThrow(() => {
      d = decodeHash(h);
    }, h);
    assert.equal(
      typeof d.error,
      'string',
      `${h.slice(0, 60)}: expected an error, got ${JSON.stringify(d).slice(0, 200)}`,
    );
    assert.match(said(d), re, h.slice(0, 60));
    assert.equal(d.value, undefined, 'nothing of the link is given');
    assert.deepEqual(Object.keys(d).sort(), ['args', 'error', 'params']);
    assert.ok(said(d).length < 200, 'a short message');
    assert.ok(!/[<>]/.test(said(d)), 'the message carries no markup');
    // in German too, its own words (no English's, no key)
    const german = reason(de, d);
    assert.notEqual(german, said(d), h.slice(0, 60));
    assert.ok(!german.startsWith(d.error), german);
  }
  for (const x of [42, {}, [], () => 1, Symbol.iterator ? null : null]) {
    const d = decodeHash(x);
    assert.ok(d && (typeof d.error === 'string' || Array.isArray(d.value.moves)));
  }
  assert.equal(
    decodeHash({
      toString: () => {
        throw new Error('boom');
      },
    }).error,
    'open.bad.notText',
  );
});

test('random garbage never throws', () => {
  let seed = 12345;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const alphabet = 'abcdefgl12389=&%#._-/<>"\'`\\ \u00e9\u0000\ud800ZzGg';
  for (let i = 0; i < 5000; i++) {
    let s = '';
    const n = rnd(60);
    for (let k = 0; k < n; k++) s += alphabet[rnd(alphabet.length)];
    const d = decodeHash(s);
    if (d.error) assert.ok(typeof d.error === 'string' && typeof d.params === 'object', s);
    else {
      assert.ok(Array.isArray(d.value.moves) && typeof d.value.params === 'object', s);
      for (const m of d.value.moves) assert.match(m, /^[1-3][a-l][1-8][1-3][a-l][1-8]$/);
    }
  }
});

test('encodeGame refuses what no page should produce', () => {
  assert.throws(() => encodeGame({ moves: ['e2e4'] }), TypeError);
  assert.throws(() => encodeGame({ moves: 'x' }), TypeError);
  assert.throws(() => encodeGame({ fen: '<b>' }), TypeError);
  assert.throws(() => encodeGame({ to: 'red' }), TypeError);
  assert.throws(() => encodeGame({ mode: 'ai', strength: 11 }), /strength/);
});

test("a game against the computer says so: vs=computer, its strength, the person's side", () => {
  const h = encodeGame({ moves: ['2c22c3'], mode: 'ai', strength: 4, to: 'scarlet' });
  assert.equal(h, '#moves=2c22c3&vs=computer&strength=4&to=s');
  assert.deepEqual(decodeHash(h), {
    value: { moves: ['2c22c3'], params: {}, mode: 'ai', strength: 4, to: 'scarlet' },
  });
  const w = decodeHash(encodeGame({ mode: 'watch', strength: 9 })).value;
  assert.equal(w.mode, 'watch');
  assert.equal(w.strength, 9);
  // two players on one device add nothing (as every link did before)
  assert.equal(encodeGame({ moves: ['2c22c3'], mode: 'hotseat', strength: 4 }), '#moves=2c22c3');
  // older links still read as before: no mode
  assert.deepEqual(decodeHash('#moves=2c22c3'), { value: { moves: ['2c22c3'], params: {} } });
  // a strength without a computer means nothing and is ignored
  assert.equal(decodeHash('#moves=2c22c3&strength=4').value.strength, undefined);
});

test('a link that cannot be read still gives its extra keys, so that each bad one can be named', () => {
  const d = decodeHash('#show=9z9&layout=diagonal&theme=pink&moves=2c22c9', {
    position: true,
    extraKeys: ['show', 'layout', 'theme'],
  });
  assert.match(said(d), /move 1 .*'2c22c9'/);
  assert.equal(d.value, undefined);
  assert.deepEqual(d.params, { show: '9z9', layout: 'diagonal', theme: 'pink' });
  // a link whose form is broken before its keys are read gives none
  assert.deepEqual(decodeHash('#theme=pink&moves=<b>', { extraKeys: ['theme'] }).params, {});
});

test('clocks in links: the time control, correspondence move times, a fallen flag; bad values named', () => {
  const tc = { kind: 'fischer', base: 300000, inc: 3000 };
  const h = encodeGame({ moves: ['2c22c3'], mode: 'ai', strength: 2, to: 'gold', tc });
  assert.equal(h, '#moves=2c22c3&vs=computer&strength=2&to=g&tc=5+3');
  assert.deepEqual(decodeHash(h).value.tc, tc);
  const days = { kind: 'days', days: 3 };
  const times = [1767268800000, 1767268800000 + 3600000, 1767268800000 + 90061000];
  const c = encodeGame({
    moves: ['2c22c3', '2c72c6', '2d22d3'],
    mode: 'link',
    to: 'scarlet',
    tc: days,
    times,
  });
  assert.match(c, /&tc=3d&t=[0-9a-z]+\.2s0\.[0-9a-z]+$/);
  const d = decodeHash(c).value;
  assert.deepEqual(d.tc, days);
  assert.deepEqual(d.times, times);
  const f = decodeHash(
    encodeGame({ moves: ['2c22c3'], tc, ending: { state: 'timeout', flagged: 'scarlet' } }),
  ).value;
  assert.deepEqual(f.ending, { state: 'timeout', flagged: 'scarlet' });
  assert.equal(decodeHash('#tc=none').value.tc, null);
  // nothing half-applied: a bad value is an error naming it, and nothing else is read
  for (const [hash, msg] of [
    ['#moves=2c22c3&tc=5', /the time control "5" cannot be read/],
    ['#tc=2d&play=link', /"2d" is not a correspondence time control: days a move are 1, 3, 7, 14/],
    ['#tc=999+0', /minutes out of range/],
    ['#moves=2c22c3&t=abc', /move times \(t=\) without a correspondence time control/],
    ['#moves=2c22c3&tc=1d&t=a.b', /2 move times \(t=\) for 1 move$/],
    ['#moves=2c22c3&tc=1d&t=A!', /move time 1 \(t=\) is not a number/],
    ['#moves=2c22c3&tc=5+3&flag=x', /'flag' must be g \(Gold\) or s \(Scarlet\), not 'x'/],
    ['#moves=2c22c3&flag=g', /a flag fell \('flag'\) but gives no time control/],
    ['#moves=2c22c3&tc=5+3&flag=g&resign=s', /two endings \('resign' and 'flag'\)/],
  ]) {
    const r = decodeHash(hash);
    assert.ok(r.error && msg.test(said(r)), `${hash}: ${r.error}`);
    assert.equal(r.value, undefined);
  }
});
