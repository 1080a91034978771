// The game record on the page: start position, the moves played, the moves undone (for
// redo) and, for every ply, a snapshot of what the page shows (board, last move, check,
// frozen pieces, status, notation). Every rule question goes to the engine module loaded
// on the main thread (a second instance of the worker's module): nothing here decides a
// rule.

import { parseSquare } from '../rules/squares.js';
import { useFacts, pieceValue, pieceSide } from '../rules/facts.js';
import { movesByOrigin } from '../rules/moves.js';

export const START = 'startpos';

// The material on a board, by Gygax's values (RULES.md section 2; core's PIECES).
export function material(board) {
  let gold = 0, scarlet = 0;
  for (let i = 0; i < board.length; i++) {
    const side = pieceSide(board[i]);
    if (side === 'gold') gold += pieceValue(board[i]);
    else if (side === 'scarlet') scarlet += pieceValue(board[i]);
  }
  return { gold, scarlet };
}

// The endings off the board: a resignation, an agreed draw, the side to move's flag fell
// (core says whether that is a loss, 'timeout', or a draw against a lone King, 'timeout-draw').
export const OFF_BOARD = Object.freeze(['resignation', 'draw-agreed', 'timeout', 'timeout-draw']);

// Plays an ending off the board on an engine Game: a resignation by the loser, an agreed
// draw, or a flag. Throws the engine's error (game-over) or for an unknown ending.
function endGame(game, ending) {
  if (ending.state === 'resignation' && (ending.winner === 'gold' || ending.winner === 'scarlet')) {
    game.resign(ending.winner === 'gold' ? 'scarlet' : 'gold');
  } else if (ending.state === 'draw-agreed') {
    game.agreeDraw();
  } else if (ending.state === 'timeout' || ending.state === 'timeout-draw') {
    const stm = game.sideToMove();
    if (ending.flagged && ending.flagged !== stm) {
      const name = (s) => (s === 'gold' ? 'Gold' : 'Scarlet');
      throw new Error(`${name(ending.flagged)}'s flag cannot have fallen: it is ${name(stm)}'s turn`);
    }
    game.flag();
  } else {
    throw new Error('unknown ending of a game');
  }
}

export class GameModel {
  constructor(M) {
    useFacts(M);
    this.M = M;
    this.game = new M.Game();
    this.startFen = START;
    this.plies = [];  // [{coordinate, algebraic, from, to, kind, promotion}]
    this.redo = [];   // coordinate moves, next first (core's redo stack, _syncRedo)
    this.snaps = [];  // snaps[k] = what the board looks like after k plies
    this._dests = null;  // the live position's legal moves by origin (dests())
    this.generations = 0;  // legal-move generations asked for by dests() (a bench figure)
    this._reset(START);
  }

  _snapshot() {
    const g = this.game;
    const status = g.status();
    return {
      fen: g.fen(),
      board: g.board(),
      side: g.sideToMove(),
      moveNumber: g.moveNumber(),
      status,
      check: g.checkedKing(),
      frozen: g.frozen(),
      last: g.lastMove(),
    };
  }

  _reset(startFen) {
    this.game.setPosition(startFen === START ? '' : startFen, []);
    this.startFen = startFen;
    this.plies = [];
    this._dests = null;
    this.snaps = [this._snapshot()];
    this.redo = [];
  }

  // Validates (through the engine) and loads a whole game; throws with the engine's
  // message when anything is wrong, leaving the current game untouched. `redo`: moves to
  // offer for redo, kept as far as they are legal (core's redo stack holds them).
  // `ending`: a result off the board after the moves (see ending()), or null.
  load(startFen, moves, redo = [], ending = null) {
    if (typeof startFen !== 'string') throw new Error('the start position is not text');
    if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) throw new Error('the moves are not a list of moves');
    const probe = new this.M.Game();
    try {
      probe.setPosition(startFen === START ? '' : startFen, moves);  // all or nothing
      if (ending) endGame(probe, ending);
    } finally {
      probe.delete();
    }
    this._reset(startFen);
    for (const m of moves) this._apply(m);
    // the redo line: played, then taken back, so that core's redo() replays it
    let n = 0;
    for (const m of Array.isArray(redo) ? redo : []) {
      if (typeof m !== 'string') break;
      try { this.game.play(m); } catch { break; }
      n++;
    }
    for (let i = 0; i < n; i++) this.game.undo();
    this._syncRedo();
    if (ending) this.end(ending);
  }

  // The result off the board, if the game ended so: {state: 'resignation', winner},
  // {state: 'draw-agreed', winner: null}, {state: 'timeout', winner} or {state:
  // 'timeout-draw', winner: null} (the side to move's flag fell); else null.
  ending() {
    const st = this.live.status;
    return OFF_BOARD.includes(st.state) ? { state: st.state, winner: st.winner } : null;
  }
  // Ends the game off the board (core decides whether it may: game-over otherwise):
  // ending as ending() gives it. Undo takes it back with the last move (core's rule).
  end(ending) {
    endGame(this.game, ending);
    this._dests = null;
    this.snaps[this.snaps.length - 1] = this._snapshot();
  }

  // The moves undo() took back, the next redo first: a mirror of core's redo stack.
  _syncRedo() { this.redo = this.game.history().redo; }

  _apply(move) {
    const played = this.game.play(move);  // throws on an illegal move
    this._dests = null;
    this.plies.push(played);
    this.snaps.push(this._snapshot());
    return played;
  }

  get length() { return this.plies.length; }
  get live() { return this.snaps[this.snaps.length - 1]; }
  snap(ply) { return this.snaps[Math.max(0, Math.min(ply, this.snaps.length - 1))]; }
  coordinates() { return this.plies.map((p) => p.coordinate); }
  // Core's move number written before ply `ply` (0-based: the move from the position after
  // `ply` plies), '12.' Gold or '12…' Scarlet; also beyond the game (a searched line).
  label(ply) { return this.game.moveLabel(ply); }
  sideToMove() { return this.live.side; }
  status() { return this.live.status; }
  isOver() { return !!this.live.status.over; }

  // A move by the side to move (coordinate or algebraic). Clears the redo line unless the
  // move is the one it would redo.
  play(move) {
    const played = this._apply(move);
    this._syncRedo();  // core keeps the redo line when the move is the one it would redo
    return played;
  }

  undo() {
    if (!this.plies.length) return null;
    const last = this.game.undo();
    this._dests = null;
    this.plies.pop();
    this.snaps.pop();
    this._syncRedo();
    return last;
  }

  // Plays the next move of the redo line (core's redo); null when there is none.
  redoOne() {
    if (!this.redo.length) return null;
    const played = this.game.redo();
    this._dests = null;
    this.plies.push(played);
    this.snaps.push(this._snapshot());
    this._syncRedo();
    return played;
  }

  // f(game) of a scratch engine's game after `moves` from `startFen` (throws like load).
  _probe(startFen, moves, f) {
    const probe = new this.M.Game();
    try {
      probe.setPosition(startFen === START ? '' : startFen, moves);
      return f(probe);
    } finally {
      probe.delete();
    }
  }

  // The side to move after `moves` from `startFen`.
  sideAfter(startFen, moves) {
    return this._probe(startFen, moves, (g) => g.sideToMove());
  }

  // The legal moves (coordinates) after the first `ply` moves of this game.
  legalMovesAt(ply) {
    return this._probe(this.startFen, this.coordinates().slice(0, ply), (g) => g.legalMoves());
  }

  // The legal moves of the live position by origin square (name -> moves sorted by
  // destination): one legal-move generation per position, however many clicks ask.
  dests() {
    if (!this._dests) {
      this.generations++;
      this._dests = movesByOrigin(this.game.legalMovesDetailed());
    }
    return this._dests;
  }
  // Legal destinations of the piece on `square` (a name) in the live position.
  destinations(square) { return [...(this.dests().get(square) || [])]; }
  movable() { return [...this.dests().keys()].sort((a, b) => parseSquare(a) - parseSquare(b)); }
  frozenSet() { return new Set(this.live.frozen); }
}
