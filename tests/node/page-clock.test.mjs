// The page's clock model (web/app/game/clock.js): pure, time passed in as timestamps, so
// these checks use made-up times and never wait.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as C from '../../web/app/game/clock.js';

const T0 = Date.UTC(2026, 0, 1, 12);  // any epoch ms
const fischer = (m, s) => C.readTc(`${m}+${s}`).tc;

test('time controls: presets, custom, correspondence, none; bad ones named', () => {
  for (const p of C.PRESETS) assert.equal(C.tcCode(C.readTc(p).tc), p);
  assert.deepEqual(C.readTc('5+3').tc, { kind: 'fischer', base: 300000, inc: 3000 });
  assert.deepEqual(C.readTc('0.5+0').tc, { kind: 'fischer', base: 30000, inc: 0 });
  assert.deepEqual(C.readTc('3d').tc, { kind: 'days', days: 3 });
  assert.equal(C.readTc('none').tc, null);
  assert.equal(C.pgnTimeControl(fischer(5, 3)), '300+3');
  assert.equal(C.pgnTimeControl({ kind: 'days', days: 1 }), '1/86400');
  assert.equal(C.pgnTimeControl(null), '-');
  assert.equal(C.tcWords(fischer(10, 0)), '10 minutes');
  assert.equal(C.tcWords({ kind: 'days', days: 7 }), '7 days a move');
  for (const [bad, why] of [['5+', /cannot be read/], ['2d', /days a move are 1, 3, 7, 14/], ['0+3', /minutes out of range/],
    ['181+0', /minutes out of range/], ['5+200', /increment out of range/], ['0.3+0', /quarter/], ['fast', /cannot be read/]]) {
    const r = C.readTc(bad);
    assert.ok(r.error && r.error.includes(JSON.stringify(bad)) && why.test(r.error), `${bad}: ${r.error}`);
  }
  assert.equal(C.readTc('9x', "link's 'tc'").error,
    'the link\'s \'tc\' "9x" cannot be read: write minutes+seconds such as 5+3, days a move such as 3d, or none');
  assert.equal(C.cleanTc({ kind: 'fischer', base: 300000, inc: 3000 }).base, 300000);
  assert.equal(C.cleanTc({ kind: 'fischer', base: -1, inc: 0 }), null);
  assert.equal(C.cleanTc('5+3'), null);
});

test('time from timestamps: the first move is free, then the side to move runs; increment after each move', () => {
  let c = C.newClock(fischer(3, 2));
  assert.equal(C.remaining(c, 'gold', T0 + 999999), 180000);  // nothing runs before the first move
  c = C.moved(c, 'gold', T0);  // Gold's first move: not timed, no increment
  assert.equal(c.running, 'scarlet');
  assert.deepEqual(c.stamps, [{ at: T0, left: 180000 }]);
  assert.equal(C.remaining(c, 'scarlet', T0 + 5000), 175000);
  assert.equal(C.remaining(c, 'gold', T0 + 5000), 180000);  // only the side to move runs
  c = C.moved(c, 'scarlet', T0 + 5000);  // spent 5 s, +2 s
  assert.equal(c.left.scarlet, 177000);
  assert.equal(c.stamps[1].left, 177000);
  c = C.moved(c, 'gold', T0 + 65000);  // Gold spent 60 s
  assert.equal(c.left.gold, 122000);
  // a sleep of an hour between two looks: the time is still counted from the stamp
  assert.equal(C.remaining(c, 'scarlet', T0 + 65000 + 3600000), 0);
  assert.equal(C.fallen(c, T0 + 65000 + 176999), null);
  assert.equal(C.fallen(c, T0 + 65000 + 177000), 'scarlet');
  assert.equal(C.deadline(c), T0 + 65000 + 177000);
});

test('a flag, the clocks stopped at the end, a takeback gives no time back', () => {
  let c = C.moved(C.newClock(fischer(1, 0)), 'gold', T0);
  c = C.moved(c, 'scarlet', T0 + 10000);
  const s = C.stopped(c, T0 + 70000);  // Gold's flag fell at T0 + 70000
  assert.equal(s.running, null);
  assert.equal(s.left.gold, 0);
  assert.equal(C.remaining(s, 'gold', T0 + 1e9), 0);
  // takeback of Scarlet's move at T0 + 20000: Gold keeps its 50 s, Scarlet to move from now
  const b = C.takenBack(c, 1, 'scarlet', T0 + 20000);
  assert.equal(b.left.gold, 50000);
  assert.equal(b.left.scarlet, 50000);
  assert.equal(b.running, 'scarlet');
  assert.equal(b.stamps.length, 1);
  assert.equal(C.remaining(b, 'scarlet', T0 + 30000), 40000);
  const z = C.takenBack(b, 1, 'gold', T0 + 30000);  // back to the start: the clocks wait
  assert.equal(z.running, null);
  assert.equal(z.stamps.length, 0);
});

test('correspondence: each move refills the clock; a link\'s move times make the same clock', () => {
  const tc = C.readTc('1d').tc, DAY = 86400000;
  let c = C.moved(C.newClock(tc), 'gold', T0);
  c = C.moved(c, 'scarlet', T0 + 20 * 3600000);
  assert.equal(c.left.scarlet, DAY);
  assert.equal(C.remaining(c, 'gold', T0 + 20 * 3600000 + 5 * 3600000), 19 * 3600000);
  const again = C.fromTimes(tc, c.stamps.map((s) => s.at), 'gold');
  assert.deepEqual(again, c);
  assert.equal(C.fallen(again, T0 + 20 * 3600000 + DAY), 'gold');
  assert.equal(C.clockText(2 * DAY + 22 * 3600000 + 5), '2 d 22 h');
});

test('restore: a saved clock is read back field by field, and the time away is counted', () => {
  let c = C.moved(C.newClock(fischer(5, 3)), 'gold', T0);
  c = C.moved(c, 'scarlet', T0 + 4000);
  const saved = JSON.parse(JSON.stringify(c));
  const r = C.cleanClock(saved, 2, 'gold', false);
  assert.deepEqual(r, c);
  assert.equal(C.remaining(r, 'gold', T0 + 4000 + 120000), 180000);  // two minutes away: charged
  assert.equal(C.cleanClock(saved, 3, 'gold', false), null);       // not this game's length
  assert.equal(C.cleanClock(saved, 2, 'scarlet', false), null);    // not the side to move
  assert.equal(C.cleanClock({ ...saved, left: { gold: -5, scarlet: 1 } }, 2, 'gold', false), null);
  assert.equal(C.cleanClock({ ...saved, since: 'x' }, 2, 'gold', false), null);
  assert.equal(C.cleanClock({ ...saved, tc: { kind: 'fischer', base: 1e12, inc: 0 } }, 2, 'gold', false), null);
  assert.equal(C.cleanClock(saved, 2, 'gold', true).running, null);  // a finished game: stopped
});

test('what the clock shows: minutes, hours, tenths in the last 10 s; when it next changes', () => {
  assert.equal(C.clockText(300000), '5:00');
  assert.equal(C.clockText(299001), '4:59');
  assert.equal(C.clockText(3723000), '1:02:03');
  assert.equal(C.clockText(9350), '0:09.3');
  assert.equal(C.clockText(-4), '0:00.0');
  assert.equal(C.clockWords(299001), '4 minutes 59 seconds');
  assert.equal(C.clockWords(86400000 * 3 + 3600000), '3 days 1 hour');
  assert.equal(C.nextChange(299001), 1);
  assert.equal(C.nextChange(299000), 1000);
  assert.equal(C.nextChange(9350), 50);
  assert.equal(C.nextChange(0), null);
});
