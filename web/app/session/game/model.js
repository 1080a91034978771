// The game record on the page: start position, the moves played, the moves undone (for
// redo) and, for every ply, a snapshot of what the page shows (board, last move, check,
// frozen pieces, status, notation). Every rule question goes to the engine module loaded
// on the main thread (a second instance of the worker's module): nothing here decides a
// rule. Where the engine refuses (its coded Errors), the model answers a result
// (util/result.js): {error} with the engine's reason, the game untouched.

import { parseSquare } from '../../facts/squares.js';
import { useFacts, pieceValue, pieceSide, defaultRules } from '../../facts/facts.js';
import { movesByOrigin } from '../../facts/moves.js';
import { attempt, failure, refusal, success } from '../../util/result.js';
import { coreRefusal, sideRefusal } from '../../facts/terms.js';
import { withReadOnly } from '../../util/read-only.js';
/** @typedef {import('../../util/result.js').Result} Result */

export const START = 'startpos';

// The material on a board, by Gygax's values (docs/rules.md §2.2; core's PIECES).
export function material(board) {
  let gold = 0,
    scarlet = 0;
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
// draw, or the side to move's flag. -> {value} or why not (core's, said by reason():
// coreRefusal; a flag said to be the side's not to move, open.bad.flagTurn; or an unknown
// ending).
/** @returns {Result} */
function endGame(game, ending) {
  if (ending.state === 'resignation' && (ending.winner === 'gold' || ending.winner === 'scarlet')) {
    return coreRefusal(attempt(() => game.resign(ending.winner === 'gold' ? 'scarlet' : 'gold')));
  }
  if (ending.state === 'timeout' || ending.state === 'timeout-draw') {
    const stm = game.sideToMove();
    if (ending.flagged && ending.flagged !== stm) {
      return refusal('open.bad.flagTurn', { flagged: sideRefusal(ending.flagged), side: sideRefusal(stm) });
    }
    return coreRefusal(attempt(() => game.flag()));
  }
  if (ending.state === 'draw-agreed') return coreRefusal(attempt(() => game.agreeDraw()));
  return failure('unknown ending of a game');
}

// Sets up the engine Game `g` from `startFen` and `moves` under `rules` (all or nothing) ->
// {value} or why not, in core's words (coreRefusal: a refused move is core's 'game.move',
// its number and its reason).
/** @returns {Result} */
function setUp(g, startFen, moves, rules) {
  return coreRefusal(attempt(() => g.setPosition(startFen === START ? '' : startFen, moves, rules)));
}

/**
 * The game record over the engine module `M`: read through its getters (`plies`, `redo`,
 * `rules`, `startFen`, `game`, `M`, `length`, `live`), changed only by its methods.
 */
export function createGameModel(M) {
  useFacts(M);
  const st = {
    M,
    game: new M.Game(),
    startFen: START,
    rules: defaultRules(), // the game's rule set: 'gygax' | 'bga' (core's RULE_SETS ids)
    /** @type {any[]} */ plies: [], // [{coordinate, algebraic, from, to, kind, promotion}]
    /** @type {string[]} */ redo: [], // coordinate moves, next first (core's redo stack, syncRedo)
    /** @type {any[]} */ snaps: [], // snaps[k] = what the board looks like after k plies
  };
  /** @type {Map<string, any[]> | null} */
  let dests = null; // the live position's legal moves by origin (dests())
  /** @type {Map<string, any[]> | null} */
  let premoves = null; // and the moves the other side could queue (premoves())
  const forget = () => (dests = premoves = null);

  function snapshot() {
    const g = st.game;
    const status = g.status();
    return {
      fen: g.fen(),
      board: g.board(),
      side: g.sideToMove(),
      moveNumber: g.moveNumber(),
      status,
      check: g.checkedKing(),
      checkers: g.checkers(),
      threats: g.crossLevelThreats(), // [{square, by: [squares]}]: pieces attacked from another level
      frozen: g.frozen(),
      last: g.lastMove(),
    };
  }

  function reset(startFen, rules) {
    st.game.setPosition(startFen === START ? '' : startFen, [], rules);
    st.rules = rules;
    st.startFen = startFen;
    st.plies = [];
    forget();
    st.snaps = [snapshot()];
    st.redo = [];
  }

  // The moves undo() took back, the next redo first: a mirror of core's redo stack.
  function syncRedo() {
    st.redo = st.game.history().redo;
  }

  function apply(move) {
    const played = st.game.play(move); // only moves the engine accepted (load's probe, play's check)
    forget();
    st.plies.push(played);
    st.snaps.push(snapshot());
    return played;
  }

  const live = () => st.snaps[st.snaps.length - 1];

  // f(game) of a scratch engine's game after `moves` from `startFen` (throws like load).
  // f(g) of an engine Game `g` set up from `startFen` and `moves` -> {value} or why not (setUp).
  /** @returns {Result} */
  function probe(startFen, moves, f, rules = st.rules) {
    const g = new M.Game();
    try {
      const set = setUp(g, startFen, moves, rules ?? defaultRules());
      return set.error ? set : attempt(() => f(g));
    } finally {
      g.delete();
    }
  }

  // Ends the game off the board (core decides whether it may: game-over otherwise):
  // ending as ending() gives it. -> {value} or {error}. Undo takes it back with the last move
  // (core's rule).
  /** @returns {Result} */
  function end(ending) {
    const r = endGame(st.game, ending);
    if (r.error) return r;
    forget();
    st.snaps[st.snaps.length - 1] = snapshot();
    return success();
  }

  // The legal moves of the live position by origin square (name -> moves sorted by
  // destination): one legal-move generation per position, however many clicks ask.
  function legalByOrigin() {
    if (!dests) dests = movesByOrigin(st.game.legalMovesDetailed());
    return dests;
  }

  const methods = {
    get length() {
      return st.plies.length;
    },
    get live() {
      return live();
    },

    // Validates (through the engine) and loads a whole game -> {value} or {error} with the
    // engine's message (a refused move's as a refusal: coreRefusal) when anything is wrong, the current game untouched. `redo`: moves to
    // offer for redo, kept as far as they are legal (core's redo stack holds them).
    // `ending`: a result off the board after the moves (see ending()), or null. `rules`: the
    // rule set the game is played under (an unknown one is refused by the engine).
    /** @returns {Result} */
    load(startFen, moves, redo = [], ending = null, rules = defaultRules()) {
      if (typeof startFen !== 'string') return failure('the start position is not text');
      if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string'))
        return failure('the moves are not a list of moves');
      const g = new M.Game();
      try {
        const set = setUp(g, startFen, moves, rules ?? defaultRules()); // all or nothing
        if (set.error) return set;
        const ended = ending ? endGame(g, ending) : success();
        if (ended.error) return ended;
      } finally {
        g.delete();
      }
      reset(startFen, rules ?? defaultRules());
      for (const m of moves) apply(m);
      // the redo line: played, then taken back, so that core's redo() replays it
      let n = 0;
      for (const m of Array.isArray(redo) ? redo : []) {
        if (typeof m !== 'string' || attempt(() => st.game.play(m)).error) break; // kept up to the first that is not legal
        n++;
      }
      for (let i = 0; i < n; i++) st.game.undo();
      syncRedo();
      return ending ? end(ending) : success();
    },

    // The result off the board, if the game ended so: {state: 'resignation', winner},
    // {state: 'draw-agreed', winner: null}, {state: 'timeout', winner} or {state:
    // 'timeout-draw', winner: null} (the side to move's flag fell); else null.
    ending() {
      const s = live().status;
      return OFF_BOARD.includes(s.state) ? { state: s.state, winner: s.winner } : null;
    },
    end,

    snap(ply) {
      return st.snaps[Math.max(0, Math.min(ply, st.snaps.length - 1))];
    },
    /** The pieces taken in the game's first `ply` plies, as the letters they had on the board
     *  (a capture from afar's `to` is the square it took on). */
    captured(ply = st.plies.length) {
      const out = [];
      for (let k = 0; k < Math.min(ply, st.plies.length); k++) {
        const p = st.plies[k];
        if (p.kind === 'capture' || p.kind === 'afar') out.push(st.snaps[k].board[parseSquare(p.to)]);
      }
      return out;
    },
    coordinates() {
      return st.plies.map((p) => p.coordinate);
    },
    // Core's move number written before ply `ply` (0-based: the move from the position after
    // `ply` plies), '12.' Gold or '12…' Scarlet; also beyond the game (a searched line).
    label(ply) {
      return st.game.moveLabel(ply);
    },
    sideToMove() {
      return live().side;
    },
    status() {
      return live().status;
    },
    isOver() {
      return !!live().status.over;
    },

    // A move by the side to move (coordinate or algebraic) -> {value} (the engine's move),
    // or a refusal saying why it is not legal (core's reason: coreRefusal, facts/terms.js;
    // nothing changed). Clears the redo line unless the move is the one it would redo.
    /** @returns {Result} */
    play(move) {
      const r = attempt(() => apply(move));
      if (r.error) return coreRefusal(r);
      syncRedo(); // core keeps the redo line when the move is the one it would redo
      return r;
    },

    undo() {
      if (!st.plies.length) return null;
      const last = st.game.undo();
      forget();
      st.plies.pop();
      st.snaps.pop();
      syncRedo();
      return last;
    },

    // Plays the next move of the redo line (core's redo); null when there is none.
    redoOne() {
      if (!st.redo.length) return null;
      const played = st.game.redo();
      forget();
      st.plies.push(played);
      st.snaps.push(snapshot());
      syncRedo();
      return played;
    },

    // The side to move after `moves` from `startFen` -> {value: side} or {error} (the
    // engine's reason), under `rules` (this game's by default).
    /** @returns {import('../../util/result.js').Result<string>} */
    sideAfter(startFen, moves, rules = st.rules) {
      return probe(startFen, moves, (g) => g.sideToMove(), rules);
    },

    dests: legalByOrigin,
    // The moves the side not to move could queue in the live position (premoves: those of
    // the position after a pass, by origin as dests()); empty when the side to move is in
    // check. Whether one is legal when its turn comes is asked then.
    premoves() {
      if (!premoves) premoves = movesByOrigin(st.game.premoves());
      return premoves;
    },
    // Legal destinations of the piece on `square` (a name) in the live position.
    destinations(square) {
      return [...(legalByOrigin().get(square) || [])];
    },
    movable() {
      return [...legalByOrigin().keys()].sort((a, b) => parseSquare(a) - parseSquare(b));
    },
    frozenSet() {
      return new Set(live().frozen);
    },
  };
  reset(START, st.rules);
  return withReadOnly(st, ['M', 'game', 'startFen', 'rules', 'plies', 'redo'], methods);
}

/** @typedef {ReturnType<typeof createGameModel>} GameModel */
