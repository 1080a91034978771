// The current game in localStorage: start position, moves, redo line and settings.
// Saved after every change; read back (and validated by the engine) after a reload.
// Storage may refuse (private mode, a full quota): writing answers a result ({} or
// {error}); reading what cannot be read gives what there is when nothing is stored.
import { strengthRange } from '../../facts/facts.js';
import { cleanTc } from './clock.js';
import { attempt, failure, refusal, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */

// A Storage (localStorage on the page, handed in by ui/page/main.js; any Storage in tests),
// read and written through results
const readItem = (key, storage) => attempt(() => storage.getItem(key));
function readJson(key, storage) {
  const r = readItem(key, storage);
  return r.error ? r : attempt(() => JSON.parse(r.value || 'null'));
}
function writeItem(key, value, storage) {
  const r = attempt(() => storage.setItem(key, value));
  return r.error ? failure(`the browser's storage refused it (${r.error})`) : success();
}

export const STORAGE_KEY = 'dragonchess.game.v1';
export const PREVIOUS_KEY = 'dragonchess.previous.v1';
export const PREFS_KEY = 'dragonchess.prefs.v1';
// ai: against the computer; hotseat: two players on this device; watch: AI vs AI;
// link: play by link (this device plays `human`; the opponent answers through links).
export const MODES = ['ai', 'hotseat', 'watch', 'link'];

// tc: the time control (session/game/clock.js), null: no clock (the default, and for learning).
export const DEFAULT_SETTINGS = Object.freeze({
  mode: 'ai',
  human: 'gold',
  level: 1,
  flipped: false,
  tc: null,
});

// Plain settings object with every field valid (unknown or bad values take the default).
export function cleanSettings(s) {
  const d = DEFAULT_SETTINGS;
  const o = s && typeof s === 'object' ? s : {};
  const { min, max } = strengthRange(); // the computer's strengths (settings.level): core's levels
  const level = Number.isInteger(o.level) && o.level >= min && o.level <= max ? o.level : d.level;
  return {
    mode: MODES.includes(o.mode) ? o.mode : d.mode,
    human: o.human === 'gold' || o.human === 'scarlet' ? o.human : d.human,
    level,
    flipped: typeof o.flipped === 'boolean' ? o.flipped : d.flipped,
    tc: clockFor(MODES.includes(o.mode) ? o.mode : d.mode, cleanTc(o.tc)),
  };
}

// The time controls each way of playing takes: by link only days a move (correspondence),
// otherwise only a live clock; the computer against itself plays without one.
function clockFor(mode, tc) {
  if (!tc || mode === 'watch') return null;
  return (tc.kind === 'days') === (mode === 'link') ? tc : null;
}

/** Keeps the game -> {value} or {error} (private mode, a full quota: the game goes on unsaved). */
function save(record, storage) {
  return writeItem(STORAGE_KEY, JSON.stringify({ v: 1, savedAt: Date.now(), ...record }), storage);
}

/** Removes the saved game (one older than the one on the page). */
function drop(storage) {
  attempt(() => storage.removeItem(STORAGE_KEY));
}

// -> {value: the record, or null when nothing is saved or the storage is closed} | a refusal
// (open.restore.*: why, said by the page) with raw: the stored text
/** @returns {Result & {raw?: string}} */
function load(storage) {
  const item = readItem(STORAGE_KEY, storage);
  if (item.error || item.value === null) return success(null);
  const raw = item.value;
  const parsed = attempt(() => JSON.parse(raw));
  if (parsed.error) return { ...refusal('open.restore.unreadable'), raw };
  const data = parsed.value;
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { ...refusal('open.restore.notRecord'), raw };
  if (data.v !== 1) return { ...refusal('open.restore.format'), raw };
  if (typeof data.startFen !== 'string') return { ...refusal('open.restore.noStart'), raw };
  if (!Array.isArray(data.moves) || data.moves.length > 5000)
    return { ...refusal('open.restore.noMoves'), raw };
  return success({
    startFen: data.startFen,
    moves: data.moves,
    redo: Array.isArray(data.redo) ? data.redo : [],
    settings: cleanSettings(data.settings),
    view: Number.isInteger(data.view) ? data.view : null,
    ...cleanExtras(data),
  });
}

const isSide = (x) => x === 'gold' || x === 'scarlet';
// (a comment may be as long as a record allows: core checks the record when it is written)
const strings = (a, max) =>
  Array.isArray(a) && a.length <= max && a.every((x) => typeof x === 'string' && x.length <= 16 << 20);

// The parts of a saved game beyond its moves, each kept only when well formed (the engine
// judges whether the ending fits the game): ending {state, winner}, offer {kind, by},
// takeback {kind, by}, assists [{ply, side, kind}], premove {from, to, algebraic},
// endedHere, meta {tags: {Name: value}, comments: [...], glyphs: [...]} of an opened record,
// rules (a rule set's id; the engine judges whether it is one).
function cleanExtras(d) {
  const out = {};
  if (typeof d.rules === 'string' && /^[a-z]{1,16}$/.test(d.rules)) out.rules = d.rules;
  const e = d.ending;
  if (
    e &&
    typeof e === 'object' &&
    (((e.state === 'resignation' || e.state === 'timeout') && isSide(e.winner)) ||
      e.state === 'draw-agreed' ||
      e.state === 'timeout-draw')
  ) {
    out.ending = {
      state: e.state,
      winner: e.state === 'resignation' || e.state === 'timeout' ? e.winner : null,
    };
    if (d.endedHere === true) out.endedHere = true;
  }
  const o = d.offer;
  if (
    !out.ending &&
    o &&
    typeof o === 'object' &&
    (o.kind === 'offer' || o.kind === 'declined') &&
    isSide(o.by)
  ) {
    out.offer = { kind: o.kind, by: o.by };
  }
  if (d.clock && typeof d.clock === 'object') out.clock = d.clock; // checked against the game by the controller (clock.cleanClock)
  const t = d.takeback;
  if (
    !out.ending &&
    t &&
    typeof t === 'object' &&
    ['ask', 'declined', 'accepted'].includes(t.kind) &&
    isSide(t.by)
  ) {
    out.takeback = { kind: t.kind, by: t.by };
  }
  if (Array.isArray(d.assists) && d.assists.length <= 6002) {
    const a = d.assists.filter(
      (x) =>
        x &&
        Number.isInteger(x.ply) &&
        x.ply >= 0 &&
        isSide(x.side) &&
        (x.kind === 'hint' || x.kind === 'analysis'),
    );
    if (a.length) out.assists = a.map((x) => ({ ply: x.ply, side: x.side, kind: x.kind }));
  }
  const p = d.premove,
    sq = /^[1-3][a-l][1-8]$/;
  if (
    !out.ending &&
    p &&
    typeof p === 'object' &&
    sq.test(p.from) &&
    sq.test(p.to) &&
    typeof p.algebraic === 'string' &&
    p.algebraic.length <= 20
  ) {
    out.premove = { from: p.from, to: p.to, algebraic: p.algebraic };
  }
  const m = d.meta;
  if (
    m &&
    typeof m === 'object' &&
    m.tags &&
    typeof m.tags === 'object' &&
    !Array.isArray(m.tags) &&
    Object.values(m.tags).every((v) => typeof v === 'string' && v.length <= 1000) &&
    Object.keys(m.tags).length <= 1000 &&
    strings(m.comments || [], 6001) &&
    strings(m.glyphs || [], 6000)
  ) {
    out.meta = { tags: { ...m.tags }, comments: [...(m.comments || [])], glyphs: [...(m.glyphs || [])] };
  }
  return out;
}

// The player's display preferences (not part of a game): {key: value}, each checked by
// its reader. Reading never throws; unreadable data reads as no preferences.
function loadPrefs(storage) {
  const data = readJson(PREFS_KEY, storage).value;
  return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
}
/** -> {value} or {error} (the preference then lasts while the page is open). */
function savePrefs(patch, storage) {
  return writeItem(PREFS_KEY, JSON.stringify({ ...loadPrefs(storage), ...patch }), storage);
}

// Previous games: kept (newest first, at most MAX_PREVIOUS) when a link replaces the
// current game, so that opening a link never loses a game. Restored one at a time.
export const MAX_PREVIOUS = 8;

function readPrevious(storage) {
  const data = readJson(PREVIOUS_KEY, storage).value; // unreadable: none
  if (!data || data.v !== 1 || !Array.isArray(data.games)) return [];
  return data.games.filter(
    (g) =>
      g &&
      typeof g === 'object' &&
      typeof g.startFen === 'string' &&
      Array.isArray(g.moves) &&
      g.moves.length <= 5000 &&
      g.moves.every((m) => typeof m === 'string'),
  );
}

function writePrevious(games, storage) {
  return writeItem(PREVIOUS_KEY, JSON.stringify({ v: 1, games: games.slice(0, MAX_PREVIOUS) }), storage);
}

/** Keeps a game record ({startFen, moves, redo, settings}) as the newest previous game. -> {value} or {error}. */
function pushPrevious(record, storage) {
  const games = readPrevious(storage);
  return writePrevious(
    [
      {
        startFen: record.startFen,
        moves: record.moves,
        redo: record.redo || [],
        settings: record.settings,
        ...cleanExtras(record),
        savedAt: Date.now(),
      },
      ...games,
    ],
    storage,
  );
}

/** The newest previous game (removed from the list), or null. */
function popPrevious(storage) {
  const games = readPrevious(storage);
  if (!games.length) return null;
  const [g, ...rest] = games;
  writePrevious(rest, storage);
  return {
    startFen: g.startFen,
    moves: g.moves,
    redo: Array.isArray(g.redo) ? g.redo : [],
    settings: cleanSettings(g.settings),
    ...cleanExtras(g),
  };
}

/** The newest previous game without removing it, or null. */
function peekPrevious(storage) {
  const g = readPrevious(storage)[0];
  return g ? { startFen: g.startFen, moves: g.moves, settings: cleanSettings(g.settings) } : null;
}

/** @typedef {ReturnType<typeof createStore>} Store */

/**
 * The game page's store over one Storage (localStorage on the page): the saved game
 * (save, load, drop), the display preferences (loadPrefs, savePrefs) and the previous
 * games (pushPrevious, popPrevious, peekPrevious).
 * @param {Storage} storage
 */
export function createStore(storage) {
  return {
    save: (record) => save(record, storage),
    drop: () => drop(storage),
    load: () => load(storage),
    loadPrefs: () => loadPrefs(storage),
    savePrefs: (patch) => savePrefs(patch, storage),
    pushPrevious: (record) => pushPrevious(record, storage),
    popPrevious: () => popPrevious(storage),
    peekPrevious: () => peekPrevious(storage),
  };
}

/**
 * A value kept as JSON under `key` in a Storage (or any Storage): load() gives
 * clean(the value read) (clean(null) when there is none or it is unreadable), save(v)
 * keeps v -> {value} or {error} (then in memory only: private mode, quota).
 */
export function jsonStore(key, clean, storage) {
  let mem = clean(null);
  return {
    load() {
      const r = readJson(key, storage);
      mem = clean(r.error ? null : r.value);
      return mem;
    },
    save(v) {
      mem = v;
      return writeItem(key, JSON.stringify(v), storage);
    },
  };
}
