// Who plays each side: a person at this device, the computer, or an opponent who answers
// through links. The saved settings keep a mode name (store.js); everything else asks the
// player objects made here from it, never the mode string.

import { other } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';
import { esc } from '../../util/dom.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

/**
 * Who plays a side: a person at this device ('human'), the computer at a strength
 * ('computer', `level`) or an opponent who answers through links ('remote'); `name`: a
 * recorded player's name.
 * @typedef {{kind: 'human' | 'computer' | 'remote', local: boolean, thinks: boolean, level?: number, name?: string}} Player
 * @typedef {{gold: Player, scarlet: Player}} Players
 */

/** @param {string} [name] @returns {Player} */
export const human = (name) =>
  Object.freeze(
    name
      ? { kind: 'human', local: true, thinks: false, name }
      : { kind: 'human', local: true, thinks: false },
  );
/** @param {number} level @returns {Player} */
export const computer = (level) => Object.freeze({ kind: 'computer', local: false, thinks: true, level });
/** @param {string} [name] @returns {Player} */
export const remote = (name) =>
  Object.freeze(
    name
      ? { kind: 'remote', local: false, thinks: false, name }
      : { kind: 'remote', local: false, thinks: false },
  );

// settings {mode, human, level} -> {gold, scarlet}; names: {gold?, scarlet?} the people's
// names (an opened record's), shown instead of "Gold", "You", "Opponent".
/** @returns {Players} */
export function playersFor(settings, names = {}) {
  const me = settings.human,
    them = other(me);
  const n = names || {};
  switch (settings.mode) {
    case 'ai':
      return /** @type {Players} */ ({ [me]: human(n[me]), [them]: computer(settings.level) });
    case 'watch':
      return { gold: computer(settings.level), scarlet: computer(settings.level) };
    case 'link':
      return /** @type {Players} */ ({ [me]: human(n[me]), [them]: remote(n[them]) });
    case 'hotseat':
      return { gold: human(n.gold), scarlet: human(n.scarlet) };
    default:
      throw new Error(`unknown game mode '${settings.mode}'`);
  }
}

// --- players in a game record's tags (session/share/record.js writes them) -------------------------
/** The Gold / Scarlet tag of the computer at a strength. */
export const computerTag = (level) => `Computer, strength ${level}`;
/** The Gold / Scarlet tag of the opponent in a game by link. */
export const REMOTE_TAG = 'Opponent (by link)';
const COMPUTER_RE = /^Computer, strength (\d{1,2})$/;
const unknown = (v) => !v || v === '?' || v === REMOTE_TAG || COMPUTER_RE.test(v);

/** Who played a recorded game, from its tags, as far as the page can go on with it:
 *  {mode: 'ai', human, level} (one side the computer), {mode: 'watch', level} (both), or
 *  {mode: 'hotseat'} (people: a game by link goes on as two players on this device). */
export function recordedWay(tags = {}) {
  const level = (side) => {
    const m = COMPUTER_RE.exec(tags[side] || '');
    return m ? Number(m[1]) : null;
  };
  const g = level('Gold'),
    s = level('Scarlet');
  if (g !== null && s !== null) return { mode: 'watch', level: g };
  if (g !== null) return { mode: 'ai', human: 'scarlet', level: g };
  if (s !== null) return { mode: 'ai', human: 'gold', level: s };
  return { mode: 'hotseat' };
}
/** The people's names of a record's tags: {gold?, scarlet?} (not '?', not the computer). */
export function recordedNames(tags = {}) {
  const out = {};
  if (!tags) return out;
  if (!unknown(tags.Gold)) out.gold = String(tags.Gold).slice(0, 60);
  if (!unknown(tags.Scarlet)) out.scarlet = String(tags.Scarlet).slice(0, 60);
  return out;
}

// How the other side is described in the game summary, in the reader's words (player.*).
// The computer's setting (settings.level, core's level) is its strength to people: "level"
// is the word of the boards (Sky, level 3).
export function opponentText(/** @type {Translator} */ t, players, level) {
  const kinds = [players.gold.kind, players.scarlet.kind];
  if (kinds.every((k) => k === 'computer')) return t('player.opponent.watch', { level });
  if (kinds.includes('computer')) return t('player.opponent.computer', { level });
  if (kinds.includes('remote')) return t('player.opponent.link');
  return t('player.opponent.two');
}

// How a side's player is named beside the boards: {name, sub}.
export function playerLabel(/** @type {Translator} */ t, players, side) {
  const p = players[side],
    q = players[other(side)],
    name = sideTerm(t, side);
  if (p.kind === 'human' && q.kind === 'human')
    return {
      name: p.name || name,
      sub: p.name ? t('player.sub.here', { side: name }) : t('player.sub.hereNoName'),
    };
  if (p.kind === 'computer')
    return { name: t('player.computer'), sub: t('player.sub.strength', { side: name, level: p.level }) };
  if (p.kind === 'remote')
    return { name: p.name || t('player.opponent'), sub: t('player.sub.link', { side: name }) };
  return { name: p.name || t('player.you'), sub: name };
}

// The message `key` as HTML, each of `bold`'s arguments in <b>: marked, escaped, then put in.
function boldHtml(/** @type {Translator} */ t, key, bold, args = {}) {
  const names = Object.keys(bold);
  const marked = t(key, { ...args, ...Object.fromEntries(names.map((n) => [n, `\uE000${n}\uE001`])) });
  return esc(marked).replace(/\uE000(\w+)\uE001/g, (_, n) => `<b>${esc(bold[n])}</b>`);
}

// The top bar's line: "You (Gold) vs Computer · strength 3" (HTML, names in <b>).
export function matchupHtml(/** @type {Translator} */ t, players) {
  const { gold, scarlet } = players;
  if (gold.kind === 'human' && scarlet.kind === 'human')
    return boldHtml(t, 'player.matchup.two', {
      gold: gold.name || sideTerm(t, 'gold'),
      scarlet: scarlet.name || sideTerm(t, 'scarlet'),
    });
  const me = gold.kind === 'human' ? 'gold' : scarlet.kind === 'human' ? 'scarlet' : null;
  if (!me)
    return boldHtml(t, 'player.matchup.watch', { computer: t('player.computer') }, { level: gold.level });
  const them = players[other(me)];
  const you = { you: t('player.you') },
    side = sideTerm(t, me);
  return them.kind === 'remote'
    ? boldHtml(t, 'player.matchup.link', { ...you, opponent: t('player.opponent') }, { side })
    : boldHtml(
        t,
        'player.matchup.computer',
        { ...you, computer: t('player.computer') },
        { side, level: them.level },
      );
}
