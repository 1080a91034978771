// Who plays each side: a person at this device, the computer, or an opponent who answers
// through links. The saved settings keep a mode name (store.js); everything else asks the
// player objects made here from it, never the mode string.

export const SIDE_NAME = { gold: 'Gold', scarlet: 'Scarlet' };
export const other = (side) => (side === 'gold' ? 'scarlet' : 'gold');

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

// How the other side is described in the game summary.
export function opponentText(players, level) {
  const kinds = [players.gold.kind, players.scarlet.kind];
  if (kinds.every((k) => k === 'computer')) return `AI vs AI, level ${level}`;
  if (kinds.includes('computer')) return `Computer, level ${level}`;
  if (kinds.includes('remote')) return 'Play by link';
  return 'Two players';
}
