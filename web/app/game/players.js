// Who plays each side: a person at this device, the computer, or an opponent who answers
// through links. The saved settings keep a mode name (store.js); everything else asks the
// player objects made here from it, never the mode string.

import { SIDE_NAME, other } from '../rules/facts.js';

export const human = () => Object.freeze({ kind: 'human', local: true, thinks: false });
export const computer = (level) => Object.freeze({ kind: 'computer', local: false, thinks: true, level });
export const remote = () => Object.freeze({ kind: 'remote', local: false, thinks: false });

// settings {mode, human, level} -> {gold, scarlet}
export function playersFor(settings) {
  const me = settings.human, them = other(me);
  switch (settings.mode) {
    case 'ai': return { [me]: human(), [them]: computer(settings.level) };
    case 'watch': return { gold: computer(settings.level), scarlet: computer(settings.level) };
    case 'link': return { [me]: human(), [them]: remote() };
    case 'hotseat': return { gold: human(), scarlet: human() };
    default: throw new Error(`unknown game mode '${settings.mode}'`);
  }
}

// How the other side is described in the game summary. The computer's setting (settings.level,
// core's level) is its strength to people: "level" is the word of the boards (Sky, level 3).
export function opponentText(players, level) {
  const kinds = [players.gold.kind, players.scarlet.kind];
  if (kinds.every((k) => k === 'computer')) return `AI vs AI, strength ${level}`;
  if (kinds.includes('computer')) return `Computer, strength ${level}`;
  if (kinds.includes('remote')) return 'Play by link';
  return 'Two players';
}

// How a side's player is named beside the boards: {name, sub}.
export function playerLabel(players, side) {
  const p = players[side], q = players[other(side)];
  if (p.kind === 'human' && q.kind === 'human') return { name: SIDE_NAME[side], sub: 'Player on this device' };
  if (p.kind === 'computer') return { name: 'Computer', sub: `${SIDE_NAME[side]} · strength ${p.level}` };
  if (p.kind === 'remote') return { name: 'Opponent', sub: `${SIDE_NAME[side]} · plays by link` };
  return { name: 'You', sub: SIDE_NAME[side] };
}

// The top bar's line: "You (Gold) vs Computer · strength 3" (HTML, names in <b>).
export function matchupHtml(players) {
  const { gold, scarlet } = players;
  if (gold.kind === 'human' && scarlet.kind === 'human') return '<b>Gold</b> vs <b>Scarlet</b> · two players on this device';
  const me = gold.kind === 'human' ? 'gold' : scarlet.kind === 'human' ? 'scarlet' : 'gold';
  const them = players[other(me)];
  const left = players[me].kind === 'human' ? `<b>You</b> (${SIDE_NAME[me]})` : '<b>Computer</b>';
  const right = them.kind === 'remote' ? '<b>Opponent</b>' : '<b>Computer</b>';
  return `${left} vs ${right} · ${them.kind === 'remote' ? 'play by link' : `strength ${them.level}`}`;
}
