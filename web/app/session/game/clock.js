// The game's clocks on the page: plain data and pure functions, no DOM, no timers (the
// caller passes `now`, epoch ms, so a hidden tab, a sleep or a reload never loses time:
// the time left is always computed from timestamps, never counted in ticks).
//
// A time control (`tc`) is null (no clock) or
//   {kind: 'fischer', base, inc}   ms: sudden death (inc 0) or Fischer increment
//   {kind: 'days', days}           correspondence: each move refills the mover's clock to
//                                  `days` days (1, 3, 7 or 14)
// A clock (saved with the game, so plain JSON):
//   {tc, left: {gold, scarlet}    ms left at the start of each side's current turn
//    running: side | null         whose time runs (null: not started, or the game is over)
//    since: epoch ms | null       when `running`'s turn started
//    stamps: [{at, left} | null]  one per ply: when it was played, the mover's time left
//                                 after it (the record's [%clk]); null: played before the
//                                 clock started}
// The clocks start with the first move: Gold's first move is not timed (Scarlet's time
// runs from it), as a game on a board starts when the first player presses.
// What a flag means (a loss, or a draw against a lone King) is core's (M.flagOutcome,
// Game.flag): this module only says when a flag falls.

import { other } from '../../facts/facts.js';
import { refusal, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */

export const PRESETS = Object.freeze(['3+2', '5+3', '10+5', '15+10', '30+20']);
export const DAYS = Object.freeze([1, 3, 7, 14]);
export const WARN_MS = 10000; // the last 10 seconds: the clock warns
const MAX_MINUTES = 180,
  MAX_INC = 180;
const DAY = 86400000;

const whole = (n) => Number.isFinite(n) && n >= 0 && Math.floor(n) === n;

// --- time controls --------------------------------------------------------------------

// The time control's full time for one side (ms).
export const fullTime = (tc) => (tc.kind === 'days' ? tc.days * DAY : tc.base);

// The text a link carries and a player types: '5+3' (minutes + seconds a move; minutes may
// be 0.25, 0.5, 0.75 or whole) or '3d' (days per move). Null: 'none'.
export function tcCode(tc) {
  if (!tc) return 'none';
  if (tc.kind === 'days') return tc.days + 'd';
  return `${tc.base / 60000}+${tc.inc / 1000}`;
}

// PGN's TimeControl tag (seconds): '300+3', correspondence '1/86400' (one move per period:
// the clock refills each move), '-' for none. Core reads and writes it.
export function pgnTimeControl(tc) {
  if (!tc) return '-';
  if (tc.kind === 'days') return `1/${tc.days * 86400}`;
  return `${tc.base / 1000}+${tc.inc / 1000}`;
}

// The text of a time control ('5+3', '3d', 'none', as tcCode writes it) -> {value: the
// time control, or null for none} or a refusal naming what is wrong (note.clock.*, with the
// text as `text`).
/** @returns {Result} */
export function readTc(text) {
  const t = String(text ?? '')
    .trim()
    .toLowerCase();
  const shown = String(text ?? '').slice(0, 24);
  const bad = (/** @type {string} */ key, args = {}) => refusal(key, { text: shown, ...args });
  if (t === 'none' || t === '-' || t === '') return success(null);
  let m = /^(\d{1,2})d$/.exec(t);
  if (m) {
    const days = Number(m[1]);
    if (!DAYS.includes(days)) return bad('note.clock.days', { days: DAYS.join(', ') });
    return success({ kind: 'days', days });
  }
  m = /^(\d{1,3}(?:\.\d{1,2})?)\+(\d{1,3})$/.exec(t);
  if (!m) return bad('note.clock.unreadable');
  const minutes = Number(m[1]),
    inc = Number(m[2]);
  if (!(minutes * 4 === Math.floor(minutes * 4))) return bad('note.clock.quarter');
  if (minutes <= 0 || minutes > MAX_MINUTES) return bad('note.clock.minutes', { max: MAX_MINUTES });
  if (inc > MAX_INC) return bad('note.clock.increment', { max: MAX_INC });
  return success({ kind: 'fischer', base: minutes * 60000, inc: inc * 1000 });
}

// A stored time control -> the same, valid, or null.
export function cleanTc(x) {
  if (!x || typeof x !== 'object') return null;
  const r = readTc(
    tcCode(
      x.kind === 'days' ? { kind: 'days', days: x.days } : { kind: 'fischer', base: x.base, inc: x.inc },
    ),
  );
  return r.error ? null : r.value;
}

// --- the clock --------------------------------------------------------------------------

// A new clock; `plies`: moves already on the board, played without a clock (a game opened
// from a link or a record): their stamps are null, and the clocks start with the next move.
export function newClock(tc, plies = 0) {
  const full = fullTime(tc);
  return {
    tc,
    left: { gold: full, scarlet: full },
    running: null,
    since: null,
    stamps: Array(plies).fill(null),
  };
}

// `side`'s time left at `now` (ms, never below 0).
export function remaining(c, side, now) {
  const left = c.left[side];
  if (c.running !== side) return left;
  return Math.max(0, left - Math.max(0, now - c.since));
}

// The side whose flag has fallen at `now`, or null.
export function fallen(c, now) {
  return c.running && remaining(c, c.running, now) <= 0 ? c.running : null;
}

// `mover` played at `now` (the caller has checked fallen() first): its time is charged,
// the increment added (correspondence: the clock refills), and the other side's runs.
export function moved(c, mover, now) {
  const left = { ...c.left };
  if (c.running === mover)
    left[mover] = c.tc.kind === 'days' ? fullTime(c.tc) : remaining(c, mover, now) + c.tc.inc;
  return {
    ...c,
    left,
    running: other(mover),
    since: now,
    stamps: [...c.stamps, { at: now, left: left[mover] }],
  };
}

// `ms` of the running side's turn are not charged: its turn counts as begun `ms` later
// (the device slept while a computer thought: the controller's sleep credit).
export function credited(c, ms) {
  return c.running && ms > 0 ? { ...c, since: c.since + Math.round(ms) } : c;
}

// The clocks stop at `now` (the game ended): each side keeps what it has left (a fallen
// flag: 0).
export function stopped(c, now) {
  if (!c.running) return c;
  return { ...c, left: { ...c.left, [c.running]: remaining(c, c.running, now) }, running: null, since: null };
}

// `plies` moves are taken back at `now`, `toMove` is then to move: as lichess's takebacks,
// no time is given back (each side keeps what it has left now) and `toMove`'s time runs
// from now (unless no timed move is left on the board: the clocks wait for the next move).
export function takenBack(c, plies, toMove, now) {
  const s = stopped(c, now);
  const stamps = s.stamps.slice(0, Math.max(0, s.stamps.length - plies));
  const runs = stamps.length > 0 && stamps[stamps.length - 1] !== null;
  return { ...s, stamps, running: runs ? toMove : null, since: runs ? now : null };
}

// A clock for a game read back from storage or a link, checked field by field (null when
// anything does not fit: the game is then restored without its clock). `plies`: the
// game's length; `toMove`: its side to move; `over`: whether the game is over.
export function cleanClock(x, plies, toMove, over) {
  if (!x || typeof x !== 'object') return null;
  const tc = cleanTc(x.tc);
  if (!tc || !x.left || !whole(x.left.gold) || !whole(x.left.scarlet)) return null;
  const full = fullTime(tc);
  if (tc.kind === 'days' && (x.left.gold > full || x.left.scarlet > full)) return null;
  if (!Array.isArray(x.stamps) || x.stamps.length !== plies) return null;
  const known = x.stamps.filter((s) => s !== null);
  if (!known.every((s) => s && typeof s === 'object' && whole(s.at) && whole(s.left))) return null;
  if (x.stamps.indexOf(null) >= 0 && x.stamps.lastIndexOf(null) >= x.stamps.length - known.length)
    return null;
  for (let i = 1; i < known.length; i++) if (known[i].at < known[i - 1].at) return null;
  const running = over ? null : x.running;
  if (running !== null && (running !== toMove || !whole(x.since))) return null;
  if (running === null && !over && known.length > 0) return null;
  return {
    tc,
    left: { gold: x.left.gold, scarlet: x.left.scarlet },
    running,
    since: running ? x.since : null,
    stamps: x.stamps.map((s) => (s ? { at: s.at, left: s.left } : null)),
  };
}

// Correspondence by link: the clock from the moves' times alone (each move refills the
// mover's clock, so the times say everything). `times`: epoch ms of each ply, in order;
// `first`: the side that played the first of them.
export function fromTimes(tc, times, first) {
  let c = newClock(tc),
    mover = first;
  for (const t of times) {
    c = moved(c, mover, t);
    mover = other(mover);
  }
  return c;
}

// --- records ------------------------------------------------------------------------------

// A time control as core reads a record's TimeControl tag ({base, inc, moves}: ms, ms, moves
// a period; M.parseTimeControl) -> the page's, or null when the page does not play it
// (periods of 40 moves, increments in tenths of a second, ...).
export function fromControl({ base, inc, moves }) {
  if (moves === 1 && !inc && base % DAY === 0 && DAYS.includes(base / DAY))
    return { kind: 'days', days: base / DAY };
  if (moves !== 0 || base % 15000 !== 0 || inc % 1000 !== 0) return null;
  const r = readTc(`${base / 60000}+${inc / 1000}`);
  return r.error ? null : r.value;
}

// The clocks of a game read from a record: `clocks`, each ply's time left after it ([%clk]:
// ms, null where the record has none; only the unbroken run of them up to the last ply
// counts); `first`: the side of the first ply. An unfinished game's clock runs again for
// `toMove` from `now` (the time the record was put away is not charged).
export function fromRecord(tc, clocks, first, toMove, over, now) {
  const c = newClock(tc, clocks.length);
  let from = clocks.length;
  while (from > 0 && whole(clocks[from - 1])) from--;
  let side = first;
  for (let i = 0; i < clocks.length; i++, side = other(side)) {
    if (i < from) continue;
    c.stamps[i] = { at: now, left: clocks[i] };
    c.left[side] = tc.kind === 'days' ? fullTime(tc) : clocks[i];
  }
  const runs = !over && from < clocks.length;
  return { ...c, running: runs ? toMove : null, since: runs ? now : null };
}

// --- words --------------------------------------------------------------------------------

const pad = (n) => String(n).padStart(2, '0');

// What a clock shows: '4:59', '1:02:03', '0:09.3' in the last 10 seconds (tenths), and for
// more than a day '2 d 22 h'.
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t >= DAY) {
    const d = Math.floor(t / DAY),
      h = Math.floor((t % DAY) / 3600000);
    return `${d} d ${h} h`;
  }
  if (t < WARN_MS) {
    const tenths = Math.floor(t / 100);
    return `0:${pad(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

// How long until the shown text changes (ms): the page redraws then, not on a fixed beat.
export function nextChange(ms) {
  const t = Math.max(0, ms);
  if (t <= 0) return null;
  if (t < WARN_MS) return t % 100 || 100;
  if (t >= DAY) return t % 3600000 || 3600000;
  return t % 1000 || 1000;
}
