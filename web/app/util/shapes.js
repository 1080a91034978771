// The shapes the page's modules hand each other, declared once (JSDoc, checked by
// TypeScript's checker: tests/types). This module has no code; a module names a shape by
// importing its type: /** @param {import('./shapes.js').BoardOwner} owner */.
// The other shapes are declared beside their one maker: a result (util/result.js), a link
// (session/share/links.js: Link), a player (session/game/players.js), a move diagram (facts/move-diagram.js),
// a position sent to the engine (engine/engine-client.js: Position), the controller's events
// (session/game/controller.js: EVENTS).

/**
 * An arrow on the boards (square numbers; a colour name or #rrggbb[aa]).
 * @typedef {{from: number, to: number, color?: string}} Arrow
 */

/**
 * The board's whole state (board.set takes any subset; a board owner gives all it shows,
 * a key left out is empty): the 288 squares' letters, the legal destinations and the
 * captures from afar by origin, the last move, the King in check and its checkers, a
 * queued move, the frozen pieces, the orientation, the levels and their arrangement, the
 * arrows, the selected square, a move to animate, a piece's move diagram, whether the
 * pieces move freely (the editor).
 * @typedef {object} BoardConfig
 * @property {string} [pieces]
 * @property {Map<number, number[]> | null} [dests]
 * @property {Map<number, number[]> | null} [afar]
 * @property {number[] | null} [lastMove]
 * @property {number | null} [check]
 * @property {number[]} [checkers]
 * @property {number[] | null} [premove]
 * @property {number[]} [frozen]
 * @property {'gold' | 'scarlet'} [orientation]
 * @property {number[]} [levels]
 * @property {string} [arrangement]
 * @property {number} [focus] the level drawn large by the focus view (arrangement focus)
 * @property {Arrow[]} [arrows]
 * @property {number | null} [selected]
 * @property {number[] | null} [animate]
 * @property {{move: number[], capture: number[], afar: number[]} | null} [diagram]
 * @property {boolean} [free]
 * @property {boolean} [interactive]
 */

/**
 * The status line: its text, the line under it and its kind, the side it speaks of, its
 * kind, a button (a page action's name) and whether it links back to the live position.
 * @typedef {object} StatusLine
 * @property {string} text
 * @property {string} [sub]
 * @property {string} [subKind]
 * @property {string | null} [side]
 * @property {string} [kind]
 * @property {{label: string, act: string} | null} [action]
 * @property {boolean} [backLink]
 */

/**
 * A board owner (docs/architecture.md, "Who owns the board"): every mode that shows its own
 * position on the boards. The page draws the top owner and hands it the board's input.
 * @typedef {object} BoardOwner
 * @property {() => BoardConfig} boardConfig
 * @property {() => StatusLine} statusLine
 * @property {(line: StatusLine) => string} [title]
 * @property {(sq: number | null) => void} onSelect
 * @property {(from: number, to: number) => void} onMove
 * @property {(sq: number) => void} [onClick]
 * @property {(from: number, to: number | null) => void} [onDrop]
 * @property {(name: string) => void} activate
 * @property {() => boolean} cancel
 * @property {(name: string) => string} describeSquare
 * @property {() => string} startSquare
 * @property {() => string | null} [selectedSquare]
 * @property {(e: KeyboardEvent) => boolean} onKey
 * @property {() => Scene | null} [scene] what is on show, a new one drawn with its level in focus
 */

/**
 * A position a board owner puts before the player (a lesson's step, a puzzle): `id` names
 * it, `level` is the level its play is about. The page brings that level into focus (the
 * focus view) when a scene of another id is first drawn, and leaves the player's own choice
 * of level alone after that.
 * @typedef {object} Scene
 * @property {string} id
 * @property {number} level 1..3
 */

export {};
