// Shareable links: the address (the part after '#') describes what is on screen.
//
//   #moves=2c22c3.2c72c6              coordinate moves from the start, joined by '.'
//   #fen=<position string>            a position; its spaces written as '_'
//   #fen=<position>&moves=...         moves played from that position
//   #g=<base64url>                    the same moves, packed (long games; see below)
//   ...&play=link&to=s                play by link: the receiver plays Scarlet (g = Gold)
//   ...&vs=computer&strength=3&to=g   a game against the computer at strength 3, the person
//                                     playing Gold (to=); vs=watch: the computer plays both
//   (no play= or vs=)                 two players on one device (every older link)
//   ...&resign=g                      the game ended: Gold (g) or Scarlet (s) resigned
//   ...&draw=agreed                   the game ended in a draw by agreement
//   ...&draw=offer-g | draw=decline-s a draw offer on the table: offered by Gold, or the
//                                     last offer declined by Scarlet
//   ...&tc=5+3                        the time control: minutes + seconds a move (session/game/clock.js);
//                                     by link days a move, tc=3d; none: no clock
//   ...&t=<s>.<d>.<d>...              correspondence: when each move was made (epoch seconds
//                                     of the first, then seconds after the one before, base 36)
//   ...&flag=g                        the game ended on time: Gold's (g) or Scarlet's (s) flag fell
//   ...&takeback=ask-g                Gold asks to take back its last move; accept-s /
//                                     decline-s: Scarlet accepted (the move is gone from
//                                     the link's moves) or declined it
//   ...&help=12hg.15as                help used in a game between people: a hint (h) or the
//                                     analysis (a) by Gold (g) or Scarlet (s), in the
//                                     position after 12 (15) plies
//   ...&rules=bga                     the game is played under Board Game Arena's rules
//                                     (absent, or rules=gygax: Gygax's, the default)
//
// Packed moves (`g=`): every move is two squares 0..287 (square = (level-1)*96 +
// rank*12 + file), 9 bits each; the 18 bits, from-square first, most significant bit
// first, are exactly three base64url characters. A game of 100 plies is 300 characters
// instead of 699. encodeGame switches to it above COMPACT_PLIES plies; readers accept
// both forms always.
//
// Everything here is pure: no DOM, no globals; the computer's strengths are core's
// (facts/facts.js, once the engine module has loaded). decodeHash never throws and
// never evaluates anything: hostile input (too long, bad %-escapes, characters that do not
// belong, HTML) gives {error: "<message for people>"}. Whether the position and the moves
// are legal is for the engine: the caller sets them through it and shows its error.
import { squareName, moveSquares } from '../../facts/squares.js';
import { strengthRange, ruleSetList } from '../../facts/facts.js';
import { readTc, tcCode } from '../game/clock.js';
import { attempt, failure, refusal, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */
/** @typedef {import('../../util/result.js').Failure} Failure */

/** Longest address (after '#') that is read at all. */
export const MAX_HASH_LENGTH = 8192;
/** Most plies a link may hold (a longer game is not a sensible link). */
export const MAX_PLIES = 3000;
/** encodeGame packs the moves (g=) when there are more plies than this. */
export const COMPACT_PLIES = 40;
/** Keys of the game itself; pages may allow more (decodeHash's extraKeys). */
export const GAME_KEYS = Object.freeze([
  'fen',
  'moves',
  'g',
  'rules',
  'play',
  'to',
  'vs',
  'strength',
  'resign',
  'draw',
  'takeback',
  'help',
  'tc',
  't',
  'flag',
]);
/** The keys of the position alone (a diagram: decodeHash's options.position). */
export const POSITION_KEYS = Object.freeze(['fen', 'moves', 'g', 'rules']);
// A link that names no rule set is played under the default one (core's first); a link is
// written without it when its game is under the default (before the facts are known, with it).
const isDefaultRules = (id) => {
  const sets = ruleSetList();
  return !!sets && sets[0].id === id;
};
const SIDE_LETTER = { gold: 'g', scarlet: 's' };
const LETTER_SIDE = { g: 'gold', s: 'scarlet' };
const otherSide = (side) => (side === 'gold' ? 'scarlet' : 'gold');
// vs= values and the game modes they stand for (store.js's mode names)
const VS_MODE = { computer: 'ai', watch: 'watch' };
// takeback= values and the request states they stand for (session/game/offers.js)
const TAKEBACK_WORD = { ask: 'ask', declined: 'decline', accepted: 'accept' };
const WORD_TAKEBACK = { ask: 'ask', decline: 'declined', accept: 'accepted' };
// help= letters and the kinds of help they stand for (session/game/offers.js's assists)
const HELP_LETTER = { hint: 'h', analysis: 'a' };
const LETTER_HELP = { h: 'hint', a: 'analysis' };

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const MOVE_RE = /^[1-3][a-l][1-8][1-3][a-l][1-8]$/;

export const isCoordinateMove = (m) => typeof m === 'string' && MOVE_RE.test(m);

// --- packing ------------------------------------------------------------------------------

/** Coordinate moves -> base64url, 3 characters a move. Throws TypeError on a bad move. */
export function packMoves(moves) {
  let out = '';
  for (const m of moves) {
    if (!isCoordinateMove(m)) throw new TypeError(`not a coordinate move: ${JSON.stringify(m)}`);
    const [from, to] = moveSquares(m);
    const v = from * 512 + to;
    out += B64[(v >> 12) & 63] + B64[(v >> 6) & 63] + B64[v & 63];
  }
  return out;
}

/** base64url (3 characters a move) -> {value: the moves} or {error}. @returns {import('../../util/result.js').Result<string[]>} */
export function unpackMoves(text) {
  if (typeof text !== 'string') return refusal('open.bad.notText');
  if (text.length % 3 !== 0) {
    return refusal('open.bad.packedShort', { count: text.length });
  }
  const moves = [];
  for (let i = 0; i < text.length; i += 3) {
    let v = 0;
    for (let k = 0; k < 3; k++) {
      const d = B64.indexOf(text[i + k]);
      if (d < 0) return refusal('open.bad.packedChar', { n: i + k + 1 });
      v = v * 64 + d;
    }
    const from = squareName(v >> 9),
      to = squareName(v & 511);
    if (!from || !to) return refusal('open.bad.packedSquare', { n: i / 3 + 1 });
    moves.push(from + to);
  }
  return success(moves);
}

// --- encoding -----------------------------------------------------------------------------

function normaliseFen(fen) {
  return String(fen).trim().replace(/\s+/g, ' ');
}

/**
 * A game as a link gives it (decodeHash) or as a link is made of it (encodeGame): the
 * start (`fen`: a position string; absent: the standard start), the moves (coordinate),
 * the rule set, the way it is played, the computer's strength, who it is for, an ending
 * off the board, a draw offer, a takeback request, the help used, the time control (null:
 * none) and the moves' times; `params`: the caller's extra keys' values.
 * @typedef {object} Link
 * @property {string} [fen]
 * @property {string[]} moves
 * @property {string} [rules]
 * @property {'link' | 'ai' | 'watch'} [mode]
 * @property {number} [strength]
 * @property {'gold' | 'scarlet'} [to]
 * @property {{state: string, winner?: string | null, flagged?: string}} [ending]
 * @property {{kind: string, by: string}} [offer]
 * @property {{kind: string, by: string}} [takeback]
 * @property {{ply: number, side: string, kind: string}[]} [assists]
 * @property {object | null} [tc]
 * @property {number[]} [times]
 * @property {Record<string, string>} params
 */
/**
 * A link that could not be read: why (a refusal: the catalogue's key and its arguments,
 * util/result.js), and the caller's extra keys as far as they were read (an embed names
 * each of its bad options too).
 * @typedef {{error: string, args?: Record<string, any>, params: Record<string, string>, value?: undefined}} LinkFailure
 */

/**
 * The address part (with its leading '#') for a game.
 *   game.fen      position string to start from (omitted, '' or 'startpos': from the
 *                 start; the caller, which holds the engine, knows whether it is the start)
 *   game.moves    coordinate moves ('2c22c3')
 *   game.rules    the rule set's id ('bga' adds rules=bga; the default, 'gygax', nothing)
 *   game.mode     'link' for play by link (adds play=link); 'ai' against the computer
 *                 (vs=computer), 'watch' the computer against itself (vs=watch); anything
 *                 else ('hotseat', none): two players on one device (nothing added)
 *   game.strength the computer's strength 1..10 with mode 'ai' or 'watch' (adds strength=)
 *   game.to       'gold' | 'scarlet' | 'g' | 's': who the link is for, or with mode 'ai'
 *                 the side the person plays (adds to=g|s)
 *   game.ending   a result off the board: {state: 'resignation', winner} (adds resign=
 *                 with the side that resigned), {state: 'draw-agreed'} (adds draw=agreed),
 *                 {state: 'timeout' | 'timeout-draw', flagged} (adds flag= with the side
 *                 whose time is up)
 *   game.offer    a draw offer: {kind: 'offer' | 'declined', by: 'gold' | 'scarlet'}
 *                 (adds draw=offer-g, draw=decline-s, ...; not with an ending)
 *   game.tc       a time control (session/game/clock.js; adds tc=), null or absent: none
 *   game.times    epoch ms of each move (correspondence: adds t=; as many as the moves)
 *   game.takeback a takeback request: {kind: 'ask' | 'declined' | 'accepted', by}
 *                 (adds takeback=ask-g, decline-s, accept-s)
 *   game.assists  help used in a game between people: [{ply, side, kind: 'hint' |
 *                 'analysis'}] (adds help=12hg.15as)
 *   game.compact  true: always g=; false: never; default: above COMPACT_PLIES plies
 *   game.extra    more key -> value pairs (page options such as show=2c2), appended as is
 *                 after encodeURIComponent
 * Throws TypeError for input no page should produce (a move that is not a coordinate move).
 */
export function encodeGame(game = {}) {
  const {
    fen,
    moves = [],
    rules,
    mode,
    to,
    strength,
    compact,
    extra,
    ending,
    offer,
    takeback,
    assists,
    tc,
    times,
  } = game || {};
  if (!Array.isArray(moves)) throw new TypeError('moves must be an array of coordinate moves');
  for (const m of moves)
    if (!isCoordinateMove(m)) throw new TypeError(`not a coordinate move: ${JSON.stringify(m)}`);
  const parts = [];
  if (fen !== undefined && fen !== null && fen !== '' && fen !== 'startpos') {
    const f = normaliseFen(fen);
    if (!/^[A-Za-z0-9/ ]+$/.test(f))
      throw new TypeError('a position string has only letters, digits, / and spaces');
    parts.push('fen=' + f.replace(/ /g, '_'));
  }
  if (moves.length) {
    const pack = compact === true || (compact !== false && moves.length > COMPACT_PLIES);
    parts.push(pack ? 'g=' + packMoves(moves) : 'moves=' + moves.join('.'));
  }
  if (rules !== undefined && rules !== null && !isDefaultRules(rules)) {
    if (typeof rules !== 'string' || !/^[a-z]{1,16}$/.test(rules))
      throw new TypeError("rules must be a rule set's id, such as 'bga'");
    parts.push('rules=' + rules);
  }
  if (mode === 'link') parts.push('play=link');
  const vs = Object.keys(VS_MODE).find((k) => VS_MODE[k] === mode);
  if (vs) {
    parts.push('vs=' + vs);
    if (strength !== undefined && strength !== null) {
      const { min, max } = strengthRange();
      if (!Number.isInteger(strength) || strength < min || strength > max) {
        throw new TypeError(`strength must be a whole number ${min}..${max}`);
      }
      parts.push('strength=' + strength);
    }
  }
  if (to !== undefined && to !== null) {
    const t = to === 'gold' || to === 'g' ? 'g' : to === 'scarlet' || to === 's' ? 's' : null;
    if (!t) throw new TypeError("to must be 'gold' or 'scarlet'");
    parts.push('to=' + t);
  }
  if (tc) parts.push('tc=' + tcCode(tc));
  if (times && times.length) {
    if (times.length !== moves.length || !times.every((x) => Number.isInteger(x) && x >= 0)) {
      throw new TypeError('times are epoch ms, one for each move');
    }
    const secs = times.map((x) => Math.floor(x / 1000));
    parts.push('t=' + secs.map((x, i) => Math.max(0, i ? x - secs[i - 1] : x).toString(36)).join('.'));
  }
  if (ending) {
    if (ending.state === 'resignation' && SIDE_LETTER[ending.winner])
      parts.push('resign=' + SIDE_LETTER[otherSide(ending.winner)]);
    else if (ending.state === 'draw-agreed') parts.push('draw=agreed');
    else if ((ending.state === 'timeout' || ending.state === 'timeout-draw') && SIDE_LETTER[ending.flagged])
      parts.push('flag=' + SIDE_LETTER[ending.flagged]);
    else
      throw new TypeError(
        'an ending is a resignation (with its winner), an agreed draw or a flag (with the side flagged)',
      );
  } else if (offer) {
    if ((offer.kind !== 'offer' && offer.kind !== 'declined') || !SIDE_LETTER[offer.by]) {
      throw new TypeError("a draw offer is {kind: 'offer' | 'declined', by: 'gold' | 'scarlet'}");
    }
    parts.push('draw=' + (offer.kind === 'offer' ? 'offer-' : 'decline-') + SIDE_LETTER[offer.by]);
  }
  if (takeback) {
    if (!TAKEBACK_WORD[takeback.kind] || !SIDE_LETTER[takeback.by]) {
      throw new TypeError("a takeback is {kind: 'ask' | 'declined' | 'accepted', by: 'gold' | 'scarlet'}");
    }
    parts.push(`takeback=${TAKEBACK_WORD[takeback.kind]}-${SIDE_LETTER[takeback.by]}`);
  }
  if (Array.isArray(assists) && assists.length) {
    parts.push(
      'help=' +
        assists
          .map((a) => {
            if (!Number.isInteger(a?.ply) || a.ply < 0 || !HELP_LETTER[a.kind] || !SIDE_LETTER[a.side]) {
              throw new TypeError(
                "a help used is {ply, side: 'gold' | 'scarlet', kind: 'hint' | 'analysis'}",
              );
            }
            return a.ply + HELP_LETTER[a.kind] + SIDE_LETTER[a.side];
          })
          .join('.'),
    );
  }
  if (extra && typeof extra === 'object') {
    for (const [k, v] of Object.entries(extra)) {
      if (v === undefined || v === null || v === false) continue;
      parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(String(v)).replace(/%2C/g, ','));
    }
  }
  return parts.length ? '#' + parts.join('&') : '';
}

// --- decoding -----------------------------------------------------------------------------

// A short, printable rendering of a piece of hostile text for an error message (the
// caller shows messages as text, but they should read well anywhere).
function quote(s) {
  const t = String(s).replace(/[^A-Za-z0-9 ._\-/,;:=+%()!*$@~]/g, '?');
  return "'" + (t.length > 24 ? t.slice(0, 21) + '...' : t) + "'";
}
// One character: itself when harmless, else its code point (U+003C).
function charName(c) {
  if (/^[A-Za-z0-9._\-/,;:=+%()!*$@~]$/.test(c)) return "'" + c + "'";
  return 'U+' + c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
}

/** `s` with its %-escapes decoded, else `broken` (a refusal).
 *  @param {string} s @param {import('../../util/result.js').Failure} broken
 *  @returns {import('../../util/result.js').Result<string>} */
function percentDecode(s, broken) {
  if (!s.includes('%')) return success(s);
  const r = attempt(() => decodeURIComponent(s));
  return r.error ? broken : r;
}

/**
 * Reads an address (with or without its leading '#'; a whole URL is cut at its '#'):
 * {value: Link} (`fen`, `moves`, `rules`, `mode`, `strength`, `to`, `ending`, `offer`,
 * `takeback`, `assists`, `tc`, `times` as encodeGame takes them, tc null: the link says
 * none; `params`: the values, decoded text, of the extra keys the caller allows), or a
 * LinkFailure {error, args, params}: why, a refusal (the page says it: util/i18n.js's reason).
 * options.position: read the position alone (POSITION_KEYS), the other game keys ignored as
 * unknown ones (a diagram, which has no players; it can be read before the engine loads).
 * options.extraKeys: more keys to accept (e.g. ['show', 'level']); other unknown keys are
 * ignored (links from newer versions still open), unless they carry characters that
 * have no place in a link.
 * @param {unknown} hash @param {{position?: boolean, extraKeys?: readonly string[]}} [options]
 * @returns {{value: Link, error?: undefined} | LinkFailure}
 */
export function decodeHash(hash, options = {}) {
  if (hash === undefined || hash === null) return { value: { moves: [], params: {} } };
  /** @type {(why: import('../../util/result.js').Failure, params?: Record<string, string>) => LinkFailure} */
  const fail = (why, params = {}) => ({ error: why.error, args: why.args, params });
  if (typeof hash !== 'string') return fail(refusal('open.bad.notText'));
  const cut = hash.indexOf('#');
  const h = cut >= 0 ? hash.slice(cut + 1) : hash;
  const extra = new Set(Array.isArray(options.extraKeys) ? options.extraKeys : []);
  const read = readParams(h, options.position ? POSITION_KEYS : GAME_KEYS, extra);
  if (read.error) return fail(failure(read));
  const seen = read.value;
  // the extra keys (an embed's options) come back with an error too, to be checked apart
  /** @type {Record<string, string>} */
  const params = {};
  for (const key of extra) if (seen.has(key)) params[key] = seen.get(key);
  /** @type {Link} */
  const out = { moves: [], params };
  for (const [key, readField] of FIELDS) {
    if (!seen.has(key)) continue;
    const bad = readField(seen.get(key), out, seen);
    if (bad) return fail(bad, params);
  }
  return { value: out };
}

// The link's text -> {value: Map(key -> decoded value)} of the keys asked for (`keys` and
// `extra`; others are ignored), or {error}.
/** @param {string} h @param {readonly string[]} keys @param {Set<string>} extra
 *  @returns {import('../../util/result.js').Result<Map<string, string>>} */
function readParams(h, keys, extra) {
  if (h.length > MAX_HASH_LENGTH)
    return refusal('open.bad.tooLong', { count: h.length, max: MAX_HASH_LENGTH });
  // Only what a URL fragment may carry (RFC 3986) plus '%' escapes; no spaces, quotes, <, >.
  const bad = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/.exec(h);
  if (bad) return refusal('open.bad.char', { char: charName(bad[0]), n: bad.index + 1 });
  const seen = new Map();
  for (const part of h.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = percentDecode(eq < 0 ? part : part.slice(0, eq), refusal('open.bad.escapeName'));
    if (k.error) return failure(k);
    const key = k.value.toLowerCase();
    if (!/^[a-z][a-z0-9_-]{0,31}$/.test(key)) return refusal('open.bad.name', { name: quote(k.value) });
    const v = percentDecode(eq < 0 ? '' : part.slice(eq + 1), refusal('open.bad.escapeValue', { key }));
    if (v.error) return failure(v);
    // Control characters are what this test is for.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f<>"`\\{}]/.test(v.value)) return refusal('open.bad.valueChars', { key });
    if (!keys.includes(key) && !extra.has(key)) continue; // unknown: ignored
    if (seen.has(key)) return refusal('open.bad.twice', { key });
    seen.set(key, v.value);
  }
  return success(seen);
}

// A side's letter in a link (g, s) -> 'gold' | 'scarlet'; an error names the key.
/** @param {string} key @param {string} v @param {(side: string) => Failure | void} set @returns {Failure | void} */
function sideOf(key, v, set) {
  const side = LETTER_SIDE[v.toLowerCase()];
  if (!side) return refusal('open.bad.side', { key, value: quote(v) });
  return set(side);
}

// The fields of a link: [key, read(value, out, seen) -> a refusal saying why, or nothing
// (the value read into `out`)], in the order they are read: a field may need one read
// before it (the strength the way to play, the move times the clock and the moves, a
// flag the clock); `seen` holds every key the link gives.
/** @type {Array<[string, (v: string, out: Link, seen: Map<string, string>) => Failure | void]>} */
const FIELDS = [
  [
    'fen',
    (v, out) => {
      const f = readFen(v);
      if (f.error) return failure(f);
      out.fen = f.value;
    },
  ],
  [
    'moves',
    (v, out, seen) => {
      if (seen.has('g')) return refusal('open.bad.movesTwice');
      const m = readMoves(v);
      if (m.error) return failure(m);
      out.moves = m.value;
    },
  ],
  [
    'g',
    (v, out) => {
      if (v.length > MAX_PLIES * 3) return refusal('open.bad.tooManyMoves', { max: MAX_PLIES });
      const m = unpackMoves(v);
      if (m.error) return failure(m);
      out.moves = m.value;
    },
  ],
  [
    'rules',
    (v, out) => {
      const r = readRules(v);
      if (r.error) return failure(r);
      out.rules = r.value;
    },
  ],
  [
    'play',
    (v, out) => {
      if (v.toLowerCase() !== 'link') return refusal('open.bad.play', { value: quote(v) });
      out.mode = 'link';
    },
  ],
  [
    'vs',
    (v, out) => {
      const mode = VS_MODE[v.toLowerCase()];
      if (!mode) return refusal('open.bad.vs', { value: quote(v) });
      if (out.mode) return refusal('open.bad.twoWays');
      out.mode = mode;
    },
  ],
  [
    'strength',
    (v, out) => {
      const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
      const { min, max } = strengthRange();
      if (!(n >= min && n <= max)) return refusal('open.bad.strength', { min, max, value: quote(v) });
      if (out.mode === 'ai' || out.mode === 'watch') out.strength = n; // meaningless otherwise: ignored
    },
  ],
  [
    'to',
    (v, out) => {
      const t = v.toLowerCase();
      if (t === 'g' || t === 'gold') out.to = 'gold';
      else if (t === 's' || t === 'scarlet') out.to = 'scarlet';
      else return refusal('open.bad.side', { key: 'to', value: quote(v) });
    },
  ],
  [
    'tc',
    (v, out) => {
      const t = readTc(v);
      if (t.error) return failure(t);
      out.tc = t.value;
    },
  ],
  [
    't',
    (v, out) => {
      if (!out.tc || out.tc.kind !== 'days') return refusal('open.bad.timesWithoutDays');
      const parts = v.split('.');
      if (parts.length !== out.moves.length)
        return refusal('open.bad.timesCount', { count: parts.length, moves: out.moves.length });
      const times = [];
      for (let i = 0; i < parts.length; i++) {
        if (!/^[0-9a-z]{1,8}$/.test(parts[i]))
          return refusal('open.bad.time', { n: i + 1, value: quote(parts[i]) });
        times.push((i ? times[i - 1] : 0) + parseInt(parts[i], 36) * 1000);
      }
      out.times = times;
    },
  ],
  [
    'flag',
    (v, out, seen) => {
      const other = ['resign', 'draw'].find((k) => seen.has(k));
      if (other) return refusal('open.bad.twoEndings', { other });
      return sideOf('flag', v, (side) => {
        if (!out.tc) return refusal('open.bad.flagNoClock');
        out.ending = { state: 'timeout', flagged: side };
      });
    },
  ],
  [
    'resign',
    (v, out, seen) => {
      if (seen.has('draw')) return refusal('open.bad.resignAndDraw');
      return sideOf('resign', v, (side) => {
        out.ending = { state: 'resignation', winner: otherSide(side) };
      });
    },
  ],
  [
    'draw',
    (v, out) => {
      const d = v.toLowerCase();
      const m = /^(offer|decline)-([gs])$/.exec(d);
      if (d === 'agreed') out.ending = { state: 'draw-agreed', winner: null };
      else if (m) out.offer = { kind: m[1] === 'offer' ? 'offer' : 'declined', by: LETTER_SIDE[m[2]] };
      else return refusal('open.bad.draw', { value: quote(v) });
    },
  ],
  [
    'takeback',
    (v, out) => {
      const m = /^(ask|accept|decline)-([gs])$/.exec(v.toLowerCase());
      if (!m) return refusal('open.bad.takeback', { value: quote(v) });
      out.takeback = { kind: WORD_TAKEBACK[m[1]], by: LETTER_SIDE[m[2]] };
    },
  ],
  [
    'help',
    (v, out) => {
      const items = v
        .toLowerCase()
        .split('.')
        .filter((x) => x !== '');
      if (items.length > 2 * MAX_PLIES + 2) return refusal('open.bad.helpCount', { max: 2 * MAX_PLIES + 2 });
      const assists = [];
      for (const item of items) {
        const m = /^(\d{1,4})([ha])([gs])$/.exec(item);
        if (!m) return refusal('open.bad.help', { value: quote(item) });
        assists.push({ ply: Number(m[1]), side: LETTER_SIDE[m[3]], kind: LETTER_HELP[m[2]] });
      }
      if (assists.length) out.assists = assists;
    },
  ],
];

// A position string: spaces may come as '_', '+' or %20. One or two fields are
// completed with the defaults (Gold to move, counters 0 and 1). Syntax only: the engine
// judges the position.
/** @returns {Result} */
function readFen(text) {
  const f = text.replace(/[_+]/g, ' ').trim().replace(/ +/g, ' ');
  if (f === '') return refusal('open.bad.fenEmpty');
  if (f.length > 400) return refusal('open.bad.fenLong', { count: f.length });
  const bad = /[^A-Za-z0-9/ ]/.exec(f);
  if (bad) {
    return refusal('open.bad.fenChar', { char: charName(bad[0]) });
  }
  const fields = f.split(' ');
  if (fields.length > 4) return refusal('open.bad.fenFields', { count: fields.length });
  const defaults = ['', 'g', '0', '1'];
  while (fields.length < 4) fields.push(defaults[fields.length]);
  return success(fields.join(' '));
}

// A rule set's id: one of core's (RULE_SETS) once the engine module has loaded, before
// that a word the engine judges.
/** @returns {Result} */
function readRules(text) {
  const t = text.toLowerCase();
  const sets = ruleSetList();
  if (sets ? sets.some((r) => r.id === t) : /^[a-z]{1,16}$/.test(t)) return success(t);
  if (!sets) return refusal('open.bad.rulesWord', { value: quote(text) });
  return refusal('open.bad.rules', { ids: sets.map((r) => r.id), value: quote(text) });
}

/** @returns {Result} */
function readMoves(text) {
  const tokens = text.split(/[.,;+ _]+/).filter((t) => t !== '');
  if (tokens.length > MAX_PLIES) return refusal('open.bad.tooManyMoves', { max: MAX_PLIES });
  const moves = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = tokens[i].toLowerCase();
    if (!MOVE_RE.test(m)) {
      return refusal('open.bad.move', { n: i + 1, value: quote(tokens[i]) });
    }
    moves.push(m);
  }
  return success(moves);
}
