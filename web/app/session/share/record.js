// Game records, their text and what the page opens of them, with no DOM: the tags and the
// notes of the game on the page (for core's writer, Game.record), a file's name, a line of
// a list of games, and what the page opens of a game core read (M.readRecord,
// RecordList.read: docs/notation.md, "Game records"). The dialog that carries them between
// the page and the person is record-io.js.
import { sideTerm } from '../../facts/terms.js';
import { OFF_BOARD } from '../game/model.js';
import { assistWords } from '../../facts/words.js';
import { computerTag, REMOTE_TAG } from '../game/players.js';
import { attempt } from '../../util/result.js';
import { pgnTimeControl, fromControl, tcCode } from '../game/clock.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

const pad = (n) => String(n).padStart(2, '0');
const today = (d) => `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;

/**
 * The tags of the game on the page: those of the record it was opened from, else who plays
 * it (the computer with its strength; people are unknown, '?') and the date.
 * The tags are the record's, not the page's words: they stay English in every language, as
 * a game record's tags are by the format's convention (PGN's Event and Site are read by
 * programs and people of every language; a record keeps the words it was written with),
 * like the players' tags (players.js's computerTag).
 */
export function recordTags(ctl, now = new Date()) {
  const timed = ctl.clock ? { TimeControl: pgnTimeControl(ctl.clock.tc) } : {};
  if (ctl.meta && ctl.meta.tags) return { ...ctl.meta.tags, ...timed };
  const name = (side) => {
    const p = ctl.player(side);
    return p.kind === 'computer' ? computerTag(p.level) : p.kind === 'remote' ? REMOTE_TAG : '?';
  };
  const { mode } = ctl.settings;
  const event =
    mode === 'ai'
      ? 'Game against the computer'
      : mode === 'watch'
        ? 'Computer against itself'
        : mode === 'link'
          ? 'Game by link'
          : 'Game on one device';
  return {
    Event: event,
    Site: 'Dragonchess in the browser',
    Date: today(now),
    Gold: name('gold'),
    Scarlet: name('scarlet'),
    ...timed,
  };
}

/**
 * The comments and glyphs of the game: an opened record's that still belong to it (those
 * of the moves the game shares with the record: a move taken back takes its notes with
 * it), and the help used in a game between people ("Gold used a hint.", after the ply
 * where it was used), which core writes into the record like any comment.
 */
export function recordNotes(ctl) {
  const m = ctl.meta;
  const out = {};
  if (m && Array.isArray(m.moves)) {
    const moves = ctl.model.coordinates();
    let same = 0;
    while (same < moves.length && same < m.moves.length && moves[same] === m.moves[same]) same++;
    out.comments = (m.comments || []).slice(0, same + 1);
    out.glyphs = (m.glyphs || []).slice(0, same);
  }
  const assists = (ctl.assists || []).filter((a) => a.ply <= ctl.model.length);
  if (assists.length) {
    const comments = out.comments ? [...out.comments] : [];
    for (const a of [...assists].sort((x, y) => x.ply - y.ply)) {
      while (comments.length <= a.ply) comments.push('');
      const w = assistWords(a);
      if (!comments[a.ply].includes(w)) comments[a.ply] = comments[a.ply] ? `${comments[a.ply]} ${w}` : w;
    }
    out.comments = comments;
  }
  return out;
}

/** The game on the page as a record text (core writes it). */
export function recordText(ctl, now = new Date()) {
  return ctl.model.game.record({ tags: recordTags(ctl, now), ...recordNotes(ctl), ...recordClocks(ctl) });
}

/** A timed game's clocks for its record: each ply's time left after it ([%clk]; null when not known). */
export function recordClocks(ctl) {
  return ctl.clock ? { clocks: ctl.clock.stamps.map((s) => (s ? s.left : null)) } : {};
}

/** A file name for the record: dragonchess-2025-03-14.dgn (the Date tag's, else today's). */
export function fileName(tags, now = new Date()) {
  const d = /^\d{4}\.\d\d\.\d\d$/.test(tags.Date || '') ? tags.Date : today(now);
  return `dragonchess-${d.replace(/\./g, '-')}.dgn`;
}

/** One line for a game of a list: "Ann – Bo · Club night · 2025.03.14 · 1-0 · 43 plies"
 *  (a player without a name: the side's; t: the page's words).
 *  @param {Translator} t */
export function gameLine(t, info) {
  const tags = info.tags,
    known = (v) => v && v !== '?' && v !== '????.??.??';
  const name = (side, tag) => (known(tag) ? tag : sideTerm(t, side));
  const parts = [`${name('gold', tags.Gold)} – ${name('scarlet', tags.Scarlet)}`];
  if (known(tags.Event)) parts.push(tags.Event);
  if (known(tags.Date)) parts.push(tags.Date);
  parts.push(info.result, t('page.moves.plies', { count: info.moves }));
  return parts.join(' · ');
}

// A time control in words: "3 days a move", "10 minutes", "10+5".
function tcSaid(/** @type {Translator} */ t, tc) {
  if (tc.kind === 'days') return t('record.tc.days', { count: tc.days });
  return tc.inc ? tcCode(tc) : t('page.clock.minutes', { count: tc.base / 60000 });
}

/**
 * What the page opens from a game read by core (M.readRecord, RecordList.read): also its
 * clocks when it was timed (`timing`: the page's time control, or null when the page does
 * not play the record's; each ply's [%clk]); `what`: the news, in the words of `t`.
 * @param {Translator} t
 */
export function openedGame(M, r, t) {
  const st = r.status;
  const ending = OFF_BOARD.includes(st.state) ? { state: st.state, winner: st.winner } : null;
  const game =
    r.tags.Event && r.tags.Event !== '?' ? t('record.named', { event: r.tags.Event }) : t('record.theGame');
  const tag = r.tags.TimeControl;
  const control = tag && tag !== '-' && tag !== '?' ? attempt(() => M.parseTimeControl(tag)) : null;
  const tc = control && !control.error ? fromControl(control.value) : null;
  const clocks = tc && Array.isArray(r.clocks) && r.clocks.length === r.moves.length ? r.clocks : [];
  const timing = control ? { tc, clocks } : null;
  const clockWords = !timing
    ? ''
    : tc
      ? t(clocks.some((ms) => ms !== null) ? 'record.clocksLeft' : 'record.clocks', { tc: tcSaid(t, tc) })
      : t('record.clocksUnplayed', { tag });
  const opened = st.over
    ? t('record.openedOver', { game, count: r.moves.length, result: st.result })
    : t('record.opened', { game, count: r.moves.length });
  return {
    startFen: r.startFen,
    moves: r.moves,
    rules: r.rules,
    ending,
    over: st.over,
    timing,
    meta: { tags: r.tags, comments: r.comments, glyphs: r.glyphs, moves: r.moves },
    what: clockWords ? `${opened} ${clockWords}` : opened,
  };
}
