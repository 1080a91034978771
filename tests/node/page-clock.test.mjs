// The page's clock model (web/app/session/game/clock.js): pure, time passed in as timestamps, so
// these checks use made-up times and never wait.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as C from '../../web/app/session/game/clock.js';
import { reason } from '../../web/app/util/i18n.js';

const T0 = Date.UTC(2026, 0, 1, 12); // any epoch ms
const en = translatorOf('en'),
  de = translatorOf('de');
const fischer = (m, s) => C.readTc(`${m}+${s}`).value;

test('time controls: presets, custom, correspondence, none; bad ones named', () => {
  for (const p of C.PRESETS) assert.equal(C.tcCode(C.readTc(p).value), p);
  assert.deepEqual(C.readTc('5+3').value, { kind: 'fischer', base: 300000, inc: 3000 });
  assert.deepEqual(C.readTc('0.5+0').value, { kind: 'fischer', base: 30000, inc: 0 });
  assert.deepEqual(C.readTc('3d').value, { kind: 'days', days: 3 });
  assert.equal(C.readTc('none').value, null);
  assert.equal(C.pgnTimeControl(fischer(5, 3)), '300+3');
  assert.equal(C.pgnTimeControl({ kind: 'days', days: 1 }), '1/86400');
  assert.equal(C.pgnTimeControl(null), '-');
  for (const [bad, why] of [
    ['5+', /cannot be read/],
    ['2d', /days a move are 1, 3, 7, 14/],
    ['0+3', /minutes out of range/],
    ['181+0', /minutes out of range/],
    ['5+200', /increment out of range/],
    ['0.3+0', /quarter/],
    ['fast', /cannot be read/],
  ]) {
    // a refusal: the catalogue's key and its arguments, the text among them
    const r = C.readTc(bad);
    const said = r.error && reason(en, r);
    assert.ok(said && said.includes(JSON.stringify(bad)) && why.test(said), `${bad}: ${said}`);
    assert.ok(reason(de, r).includes(`„${bad}“`), reason(de, r));
  }
  assert.equal(
    reason(en, C.readTc('9x')),
    'the time control "9x" cannot be read: write minutes+seconds such as 5+3, days a move such as 3d, or none',
  );
  assert.equal(C.cleanTc({ kind: 'fischer', base: 300000, inc: 3000 }).base, 300000);
  assert.equal(C.cleanTc({ kind: 'fischer', base: -1, inc: 0 }), null);
  assert.equal(C.cleanTc('5+3'), null);
});

test('time from timestamps: the first move is free, then the side to move runs; increment after each move', () => {
  let c = C.newClock(fischer(3, 2));
  assert.equal(C.remaining(c, 'gold', T0 + 999999), 180000); // nothing runs before the first move
  c = C.moved(c, 'gold', T0); // Gold's first move: not timed, no increment
  assert.equal(c.running, 'scarlet');
  assert.deepEqual(c.stamps, [{ at: T0, left: 180000 }]);
  assert.equal(C.remaining(c, 'scarlet', T0 + 5000), 175000);
  assert.equal(C.remaining(c, 'gold', T0 + 5000), 180000); // only the side to move runs
  c = C.moved(c, 'scarlet', T0 + 5000); // spent 5 s, +2 s
  assert.equal(c.left.scarlet, 177000);
  assert.equal(c.stamps[1].left, 177000);
  c = C.moved(c, 'gold', T0 + 65000); // Gold spent 60 s
  assert.equal(c.left.gold, 122000);
  // a sleep of an hour between two looks: the time is still counted from the stamp
  assert.equal(C.remaining(c, 'scarlet', T0 + 65000 + 3600000), 0);
  assert.equal(C.fallen(c, T0 + 65000 + 176999), null);
  assert.equal(C.fallen(c, T0 + 65000 + 177000), 'scarlet');
});

test('a flag, the clocks stopped at the end, a takeback gives no time back', () => {
  let c = C.moved(C.newClock(fischer(1, 0)), 'gold', T0);
  c = C.moved(c, 'scarlet', T0 + 10000);
  const s = C.stopped(c, T0 + 70000); // Gold's flag fell at T0 + 70000
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
  const z = C.takenBack(b, 1, 'gold', T0 + 30000); // back to the start: the clocks wait
  assert.equal(z.running, null);
  assert.equal(z.stamps.length, 0);
});

test("correspondence: each move refills the clock; a link's move times make the same clock", () => {
  const tc = C.readTc('1d').value,
    DAY = 86400000;
  let c = C.moved(C.newClock(tc), 'gold', T0);
  c = C.moved(c, 'scarlet', T0 + 20 * 3600000);
  assert.equal(c.left.scarlet, DAY);
  assert.equal(C.remaining(c, 'gold', T0 + 20 * 3600000 + 5 * 3600000), 19 * 3600000);
  const again = C.fromTimes(
    tc,
    c.stamps.map((s) => s.at),
    'gold',
  );
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
  assert.equal(C.remaining(r, 'gold', T0 + 4000 + 120000), 180000); // two minutes away: charged
  assert.equal(C.cleanClock(saved, 3, 'gold', false), null); // not this game's length
  assert.equal(C.cleanClock(saved, 2, 'scarlet', false), null); // not the side to move
  assert.equal(C.cleanClock({ ...saved, left: { gold: -5, scarlet: 1 } }, 2, 'gold', false), null);
  assert.equal(C.cleanClock({ ...saved, since: 'x' }, 2, 'gold', false), null);
  assert.equal(
    C.cleanClock({ ...saved, tc: { kind: 'fischer', base: 1e12, inc: 0 } }, 2, 'gold', false),
    null,
  );
  assert.equal(C.cleanClock(saved, 2, 'gold', true).running, null); // a finished game: stopped
});

test('what the clock shows: minutes, hours, tenths in the last 10 s; when it next changes', () => {
  assert.equal(C.clockText(300000), '5:00');
  assert.equal(C.clockText(299001), '4:59');
  assert.equal(C.clockText(3723000), '1:02:03');
  assert.equal(C.clockText(9350), '0:09.3');
  assert.equal(C.clockText(-4), '0:00.0');
  assert.equal(C.nextChange(299001), 1);
  assert.equal(C.nextChange(299000), 1000);
  assert.equal(C.nextChange(9350), 50);
  assert.equal(C.nextChange(0), null);
});

// --- the controller on a clock (the real rules engine; time injected) -----------------------
import { loadEngine, translatorOf } from './helpers.mjs';
import { createGameModel } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import { cleanSettings } from '../../web/app/session/game/store.js';

const M = await loadEngine();
function timed(mode, tcText, extra = {}) {
  let t = T0;
  const ctl = createController(createGameModel(M), cleanSettings({ mode, human: 'gold', level: 1 }), {
    now: () => t,
    t: translatorOf('en'),
  });
  ctl.reset({
    settings: cleanSettings({ mode, human: 'gold', level: 1, tc: C.readTc(tcText).value }),
    ...extra,
  });
  return {
    ctl,
    at: (ms) => {
      t = T0 + ms;
    },
    over: () => ctl.model.status(),
  };
}

test('one device on a clock: moves charge the mover, a flag ends the game through core', () => {
  const { ctl, at } = timed('hotseat', '1+2');
  assert.equal(ctl.clock.running, null);
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined }); // Gold's first move: free
  at(15000);
  assert.deepEqual(ctl.play('2c72c6'), { value: undefined }); // Scarlet spent 15 s, +2
  assert.equal(ctl.timeLeft('scarlet'), 47000);
  assert.equal(ctl.checkFlag(), false);
  at(15000 + 59999);
  assert.equal(ctl.checkFlag(), false);
  at(15000 + 60000); // Gold's minute is gone
  const said = ctl.play('2d22d3'); // too late: the flag falls instead
  assert.match(said.error, /Gold’s time is up: Scarlet wins/);
  assert.equal(ctl.model.length, 2);
  assert.equal(ctl.model.status().state, 'timeout');
  assert.equal(ctl.model.status().winner, 'scarlet');
  assert.equal(ctl.clock.running, null);
  assert.equal(ctl.timeLeft('gold'), 0);
  assert.equal(ctl.undoCount(), 0); // no takeback after a flag
  // saved and read back: the same ending, the same clocks
  const rec = JSON.parse(JSON.stringify(ctl.record()));
  const again = timed('hotseat', '1+2');
  again.ctl.reset({ ...rec, settings: cleanSettings(rec.settings) });
  assert.equal(again.ctl.model.status().state, 'timeout');
  assert.deepEqual(again.ctl.clock, ctl.clock);
});

test('a device asleep while the computer thinks: not charged to the computer; a person asleep is', () => {
  let t = T0,
    m = 0; // the wall clock (epoch ms) and the monotonic one (stands still in sleep)
  const settings = (tc) => cleanSettings({ mode: 'ai', human: 'gold', level: 1, tc });
  const ctl = createController(createGameModel(M), settings(null), {
    now: () => t,
    monotonic: () => m,
    t: translatorOf('en'),
  });
  ctl.reset({ settings: settings(C.readTc('1+0').value) });
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined }); // Gold's first move (free): the computer's clock runs
  t += 3000;
  m += 3000;
  assert.equal(ctl.checkFlag(), false); // it has thought 3 s
  t += 3600000; // the device sleeps an hour
  t += 2000;
  m += 2000; // awake, it thinks 2 s more
  assert.equal(ctl.checkFlag(), false); // no flag: the hour asleep is not its time
  assert.equal(ctl.timeLeft('scarlet'), 55000);
  assert.deepEqual(ctl.play('2c72c6'), { value: undefined }); // its move, played when the worker answers
  assert.equal(ctl.timeLeft('scarlet'), 55000);
  assert.equal(ctl.clock.stamps[1].left, 55000); // the record's [%clk] says the same
  t += 1500;
  m += 1500; // a correction of the wall clock is no sleep
  t += 1500;
  assert.equal(ctl.timeLeft('gold'), 57000);
  t += 57000;
  m += 57000; // Gold, a person: the time runs on
  assert.equal(ctl.checkFlag(), true);
  assert.equal(ctl.model.status().winner, 'scarlet');
});

test("a timed record opened: the page's time control from its tag, the clocks from its [%clk]s", async () => {
  const { openedGame } = await import('../../web/app/session/share/record.js');
  const readGame = (M, text, index) => openedGame(M, M.readRecord(text, index), translatorOf('en'));
  assert.deepEqual(C.fromControl(M.parseTimeControl('300+3')), { kind: 'fischer', base: 300000, inc: 3000 });
  assert.deepEqual(C.fromControl(M.parseTimeControl('1/259200')), { kind: 'days', days: 3 });
  assert.equal(C.fromControl(M.parseTimeControl('40/7200')), null, 'periods of moves');
  assert.equal(C.fromControl(M.parseTimeControl('10+0.1')), null, 'tenths of a second');
  assert.equal(C.fromControl(M.parseTimeControl('1/100000')), null, 'not whole days');
  const text =
    '[TimeControl "60+2"]\n\n1. W2h3 { [%clk 0:01:00] } W2e6 { [%clk 0:00:55] } 2. W2e3 { [%clk 0:00:50] } *\n';
  const g = readGame(M, text, 0);
  assert.deepEqual(g.timing, {
    tc: { kind: 'fischer', base: 60000, inc: 2000 },
    clocks: [60000, 55000, 50000],
  });
  assert.match(g.what, /Clocks: 1\+2, as the record left them\./);
  const c = C.fromRecord(g.timing.tc, g.timing.clocks, 'gold', 'scarlet', false, T0);
  assert.deepEqual(c.left, { gold: 50000, scarlet: 55000 });
  assert.equal(c.running, 'scarlet');
  assert.equal(C.remaining(c, 'scarlet', T0 + 5000), 50000);
  assert.deepEqual(C.cleanClock(c, 3, 'scarlet', false), c, 'the clock fits the game');
  // a gap in the record's clocks: only the run up to the last ply counts
  const gap = C.fromRecord(g.timing.tc, [60000, null, 50000], 'gold', 'scarlet', false, T0);
  assert.deepEqual(gap.stamps, [null, null, { at: T0, left: 50000 }]);
  assert.deepEqual(gap.left, { gold: 50000, scarlet: 60000 });
  // no clocks recorded: they start with the next move; a game over: they stand
  assert.equal(C.fromRecord(g.timing.tc, [null, null, null], 'gold', 'scarlet', false, T0).running, null);
  assert.equal(C.fromRecord(g.timing.tc, g.timing.clocks, 'gold', 'scarlet', true, T0).running, null);
  const odd = readGame(M, text.replace('60+2', '40/7200'), 0);
  assert.deepEqual(odd.timing, { tc: null, clocks: [] });
  assert.match(odd.what, /Its time control \(40\/7200\) is not one this page plays: opened without clocks\./);
  assert.equal(readGame(M, text.replace('[TimeControl "60+2"]', '[TimeControl "-"]'), 0).timing, null);
});

test("a flag against a lone King is a draw (core's rule)", () => {
  const kingOnly = '9k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1';
  const { ctl, at } = timed('hotseat', '0.25+0', { startFen: kingOnly });
  const legal = ctl.model.game.legalMoves();
  assert.deepEqual(ctl.play(legal[0]), { value: undefined }); // Gold's first move: free
  const scarletMove = ctl.model.game.legalMoves()[0];
  at(1000);
  assert.deepEqual(ctl.play(scarletMove), { value: undefined });
  at(1000 + 15000); // Gold's 15 s
  assert.equal(ctl.checkFlag(), true);
  assert.equal(ctl.model.status().state, 'timeout-draw');
  assert.equal(ctl.model.status().winner, null);
  assert.match(ctl.model.status().reason, /Gold's time is up, Scarlet has only its King: a draw/);
});

test('a reload restores the clocks with the time away counted; takebacks on a clock', () => {
  const { ctl, at } = timed('hotseat', '5+3');
  ctl.play('2c22c3');
  at(4000);
  ctl.play('2c72c6');
  const rec = JSON.parse(JSON.stringify(ctl.record()));
  // the page reloads two minutes later
  const r = timed('hotseat', '5+3');
  r.at(4000 + 120000);
  r.ctl.reset({ ...rec, settings: cleanSettings(rec.settings), restored: true });
  assert.equal(r.ctl.timeLeft('gold'), 180000);
  assert.equal(r.ctl.timeLeft('scarlet'), 299000);
  // a saved clock that does not fit the game: fresh clocks, not a half-read one
  const bad = timed('hotseat', '5+3');
  bad.ctl.reset({ ...rec, settings: cleanSettings(rec.settings), clock: { ...rec.clock, stamps: [] } });
  assert.equal(bad.ctl.clock.running, null);
  assert.deepEqual(bad.ctl.clock.stamps, [null, null]);
  // one device: a takeback gives no time back; no redo on a clock
  assert.equal(r.ctl.undoCount(), 1);
  assert.equal(r.ctl.undo(), 1);
  assert.equal(r.ctl.timeLeft('scarlet'), 299000);
  assert.equal(r.ctl.redoCount(), 0);
  // against the computer on a clock: no takeback, with the reason
  const ai = timed('ai', '3+2');
  ai.ctl.play('2c22c3');
  ai.ctl.play(ai.ctl.model.game.legalMoves()[0]);
  assert.equal(ai.ctl.undoCount(), 0);
  assert.match(reason(en, ai.ctl.undoRefusal()), /No takebacks against the computer on a clock/);
  // the computer against itself and play by link take no live clock
  assert.equal(cleanSettings({ mode: 'watch', tc: C.readTc('3+2').value }).tc, null);
  assert.equal(cleanSettings({ mode: 'link', tc: C.readTc('3+2').value }).tc, null);
  assert.deepEqual(cleanSettings({ mode: 'link', tc: C.readTc('3d').value }).tc, { kind: 'days', days: 3 });
});
