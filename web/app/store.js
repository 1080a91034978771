// The current game in localStorage: start position, moves, redo line and settings.
// Saved after every change; read back (and validated by the engine) after a reload.

export const STORAGE_KEY = 'dragonchess.game.v1';
export const MODES = ['ai', 'hotseat', 'watch'];

export const DEFAULT_SETTINGS = Object.freeze({ mode: 'ai', human: 'gold', level: 3, flipped: false });

// Plain settings object with every field valid (unknown or bad values take the default).
export function cleanSettings(s) {
  const d = DEFAULT_SETTINGS;
  const o = s && typeof s === 'object' ? s : {};
  const level = Number.isInteger(o.level) && o.level >= 1 && o.level <= 10 ? o.level : d.level;
  return {
    mode: MODES.includes(o.mode) ? o.mode : d.mode,
    human: o.human === 'gold' || o.human === 'scarlet' ? o.human : d.human,
    level,
    flipped: typeof o.flipped === 'boolean' ? o.flipped : d.flipped,
  };
}

export function save(record) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ v: 1, savedAt: Date.now(), ...record }));
    return true;
  } catch {
    return false;  // private mode, quota: the game goes on unsaved
  }
}

// -> {record} | {none: true} | {error: message, raw}
export function load() {
  let raw;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { none: true };
  }
  if (raw === null) return { none: true };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { error: 'the saved game is not readable', raw };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { error: 'the saved game is not a game record', raw };
  if (data.v !== 1) return { error: 'the saved game has an unknown format', raw };
  if (typeof data.startFen !== 'string') return { error: 'the saved game has no start position', raw };
  if (!Array.isArray(data.moves) || data.moves.length > 5000) return { error: 'the saved game has no valid move list', raw };
  return {
    record: {
      startFen: data.startFen,
      moves: data.moves,
      redo: Array.isArray(data.redo) ? data.redo : [],
      settings: cleanSettings(data.settings),
      view: Number.isInteger(data.view) ? data.view : null,
    },
  };
}

export function clear() {
  try { localStorage.removeItem(STORAGE_KEY); } catch { /* nothing to do */ }
}
