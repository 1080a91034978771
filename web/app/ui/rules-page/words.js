// Every word the rules page says to a reader, in one place (to be translated later). The
// rules themselves are not here: how each piece moves is core's sentence (PIECES[].
// movementByRules), the special rules are explained by the lessons' own words
// (public/learn/lessons.json), the rule sets' names and summaries are core's (RULE_SETS),
// the boards' and pieces' names too. Only the page's frame is written here.
import { count } from '../../util/plural.js';

// 'a, b and c'
const list = (names) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export const WORDS = Object.freeze({
  title: 'The rules of Dragonchess',
  loading: 'Loading the engine and the board…',
  failed: (why) => `The diagrams could not be drawn: ${why}`,
  figureFailed: (why) => `This diagram could not be drawn: ${why}`,
  nav: 'On this page',
  siteNav: 'Dragonchess',
  skip: 'Skip to the rules',
  backToGame: 'Play Dragonchess',
  gallery: 'All the diagrams to embed',
  intro: (levels) =>
    `Gary Gygax's Dragonchess (Dragon #100, 1985) is chess on three boards of 12 by 8 squares: ` +
    `the ${levels[3]} (level 3) above, the ${levels[2]} (level 2) in the middle and the ${levels[1]} (level 1) below. ` +
    'Each side has 42 pieces; Gold moves first. Checkmate the enemy King to win.',
  switchLegend: 'Rules',
  switchNote: 'The diagrams are drawn again under the rule set you choose.',
  legend:
    'In the diagrams: dots are moves to an empty square, rings are captures, a ring with a dot is either, and a red sight is a capture from afar. A square framed on another level is straight above or below the selected piece.',
  drawnBy:
    "Every diagram is drawn by the game's own engine and board; each can be embedded in any page with the iframe code under it.",
  boards: 'The boards',
  boardsText:
    'The three boards lie one above the other: a square of one level is straight above or below the squares of the same name on the others (2e4 is above 1e4 and below 3e4). Squares are named by level, file (a to l) and rank (1 to 8).',
  start: 'The start position',
  startText: 'Gold starts on ranks 1 and 2 of each board, Scarlet on ranks 7 and 8.',
  pieces: 'The pieces',
  piecesText:
    'Each piece moves by its own rules on each level it may stand on. Some pieces change level as part of a move.',
  letter: 'Letter',
  worth: (v) => `Worth ${v}`,
  king: 'The piece to protect: checkmate loses',
  livesOn: (where) => `lives on ${where}`,
  levelName: (name, level) => `${name} (level ${level})`,
  onLevel: (name, level) => `On the ${name} (level ${level})`,
  other: (ruleSet) => `Under the ${ruleSet} rules:`,
  figureLabel: (piece, level) => `How the ${piece} moves on the ${level}`,
  positionLabel: (title) => `Position: ${title}`,
  special: 'Special rules',
  specialText:
    'Each position below can be played: bring it to life and try the move it asks for. Its first diagram shows the legal moves of the piece that plays.',
  levelsTitle: 'Changing levels',
  levelsIntro: (movers, stayers) =>
    `Many pieces move between the boards: the ${list(movers)} may stand on more than one level, and their moves take them up and down (the diagrams above show where). The ${list(stayers)} never leave their level.`,
  tryIt: 'Try it:',
  play: 'Play this position',
  playPiece: 'Try this diagram',
  close: 'Close the live board',
  liveTitle: (title) => `Live board: ${title}`,
  embed: 'Embed this diagram',
  copy: 'Copy',
  copied: 'Copied',
  pressCtrlC: 'Press Ctrl+C',
  end: 'The end of a game',
  endText: "A game ends in one of these ways (the engine's own words):",
  ruleSets: "Gygax's rules and Board Game Arena's",
  ruleSetsText:
    'The game plays either rule set; a game, its link and its record name the one it is played under.',
  moveCount: (n) => `${count(n, { one: 'square', other: 'squares' })} marked`,
  footer: 'Rules: Gary Gygax, Dragonchess, Dragon #100 (1985), with the errata of Dragon #101 and #102.',
});
