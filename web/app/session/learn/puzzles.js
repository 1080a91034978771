// Puzzles: positions mined from engine self-play by core/tools/puzzles.cpp
// (public/puzzles.json; format in docs/learning.md), each with one best first move. The solver
// plays the side to move; after each correct move the opponent's reply from the solution
// is played (replyPending, then reply()); any move that gives checkmate also solves a
// puzzle. The rules questions go to the engine (legal moves, checkmate; for a wrong move
// in a mate in one, core's lesson judge says why it is no mate). Progress is kept in
// localStorage. Plain JS, no DOM: tests/node/learn.test.mjs drives it.
//
//   const pz = new Puzzles(M, data, store);  pz.on('change', render);
//   pz.open(id) | pz.next();  pz.playSquares(from, to);  if (pz.replyPending) pz.reply();
//   pz.hint();  pz.showSolution();  pz.boardConfig();  pz.statusLine();
import { parseSquare, squareName, moveNames } from '../../facts/squares.js';
import { useFacts, pieceName, SIDE_NAME, other } from '../../facts/facts.js';
import { movesByOrigin, destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import { squareWords, destinationWords } from '../../facts/words.js';
import { Emitter } from '../../util/emitter.js';
import { jsonStore } from '../game/store.js';
import { attempt, failure, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */

export const PUZZLES_KEY = 'dragonchess.puzzles.v1';
export const FILTERS = ['all', 'easy', 'medium', 'hard'];

/** The puzzles' progress: {solved: {id: 1}, failed: {id: 1}, current, filter}. */
export function puzzleStore(storage) {
  const obj = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? { ...x } : {});
  return jsonStore(
    PUZZLES_KEY,
    (d) => ({
      solved: obj(d && d.solved),
      failed: obj(d && d.failed),
      current: d && typeof d.current === 'string' ? d.current : null,
      filter: d && FILTERS.includes(d.filter) ? d.filter : 'all',
    }),
    storage,
  );
}

/** Checks the shape of puzzles.json; throws naming the first problem. */
export function checkPuzzles(data) {
  if (
    !data ||
    data.format !== 'dragonchess-puzzles 1' ||
    !Array.isArray(data.puzzles) ||
    !data.puzzles.length
  )
    throw new Error('puzzles: not a dragonchess-puzzles 1 file');
  for (const p of data.puzzles) {
    if (
      typeof p.id !== 'string' ||
      typeof p.fen !== 'string' ||
      !Array.isArray(p.moves) ||
      p.moves.length % 2 !== 1
    )
      throw new Error(`puzzles: puzzle ${JSON.stringify(p.id)} is malformed`);
  }
  return data;
}

export class Puzzles extends Emitter {
  constructor(M, data, store) {
    super();
    this.M = M;
    useFacts(M);
    this.data = checkPuzzles(data);
    this.byId = new Map(this.data.puzzles.map((p) => [p.id, p]));
    this.store = store;
    this.progress = store.load();
    this.puzzle = null;
    this.game = null; // M.Game at the position on the board
    this.k = 0; // solution moves played
    this.phase = 'none'; // 'play' | 'solved' | 'shown' (solution seen)
    this.mistakes = 0;
    this.note = null; // {text, kind}
    this.hintLevel = 0; // 0 none, 1 the piece, 2 the move
    this.last = null; // the last move [from, to] (names)
    this.startCheck = null; // the square of the solver's King when in check at the start
    this.replyPending = false;
  }

  _save() {
    this.store.save(this.progress);
  }

  // --- which puzzle -----------------------------------------------------------------------
  get filter() {
    return this.progress.filter;
  }
  setFilter(f) {
    if (!FILTERS.includes(f)) return;
    this.progress.filter = f;
    this._save();
    this.emit('change');
  }
  /** The puzzles of the filter, easiest first. */
  ordered() {
    const f = this.progress.filter;
    return this.data.puzzles
      .filter((p) => f === 'all' || p.difficulty === f)
      .sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
  }
  stats() {
    const list = this.ordered();
    return {
      total: list.length,
      solved: list.filter((p) => this.progress.solved[p.id]).length,
      all: this.data.puzzles.length,
    };
  }
  /** The next puzzle of the filter not solved yet, after `after` (the current one by
   *  default; wrapping). */
  nextId(after = this.puzzle) {
    const list = this.ordered();
    if (!list.length) return null;
    const at = after ? list.findIndex((p) => p.id === after.id) : -1;
    for (let i = 1; i <= list.length; i++) {
      const p = list[(at + i + list.length) % list.length];
      if (!this.progress.solved[p.id] && (!after || p.id !== after.id)) return p.id;
    }
    return list[(at + 1) % list.length].id;
  }
  /** Opens the puzzle kept from last time while it is not solved, else the next unsolved
   *  one after it (a puzzle just solved is not shown again when Puzzles is reopened). */
  resume() {
    const kept = this.progress.current && this.byId.get(this.progress.current);
    if (kept && !this.progress.solved[kept.id]) return this.open(kept.id);
    return this.open(this.nextId(kept || this.puzzle));
  }
  next() {
    this.open(this.nextId());
  }

  open(id) {
    const p = this.byId.get(id);
    if (!p) throw new Error(`no puzzle '${id}'`);
    if (this.game) this.game.delete();
    this.game = new this.M.Game();
    this.game.setPosition(p.fen, []);
    this.puzzle = p;
    this.k = 0;
    this.phase = 'play';
    this.mistakes = 0;
    this.hintLevel = 0;
    this.note = null;
    this.replyPending = false;
    this.last = p.last ? moveNames(p.last) : null;
    this.startCheck = this.game.checkedKing() || null; // the solver's King in check at the start
    this.progress.current = id;
    this._save();
    this.emit('change');
  }

  get solver() {
    return this.puzzle.fen.split(' ')[1] === 'g' ? 'gold' : 'scarlet';
  }
  /** The task in words: "Gold to move: mate in 2" / "... win material"; a King in check at
   *  the start is said first ("Gold to move, the King on 1h6 in check: get out of check and
   *  win material"). */
  task() {
    const p = this.puzzle;
    const goal = p.goal === 'mate' ? `mate in ${p.mateIn}` : 'win material';
    const side = SIDE_NAME[this.solver];
    return this.startCheck
      ? `${side} to move, the King on ${this.startCheck} in check: get out of check and ${goal}`
      : `${side} to move: ${goal}`;
  }

  // --- playing ------------------------------------------------------------------------------
  dests() {
    if (this.phase !== 'play' || this.replyPending) return new Map();
    return movesByOrigin(this.game.legalMovesDetailed());
  }

  _apply(coordinate) {
    const m = this.game.play(coordinate);
    this.last = [m.from, m.kind === 'afar' ? m.from : m.to];
    this.emit('moved', m);
    return m;
  }

  /** The solver's move (names): {value: 'correct' (a reply follows: replyPending), 'solved'
   *  or 'wrong' (not the solution: the note says why)}, or {error} (not a move to play now).
   *  @returns {Result} */
  play(from, to) {
    if (this.phase !== 'play' || this.replyPending) return failure('not your move now');
    const m = this.game.legalMovesDetailed().find((x) => x.from === from && x.to === to);
    if (!m) return failure(`${from}-${to} is not a legal move here`);
    const want = this.puzzle.moves[this.k];
    const mates = this._mates(m.coordinate);
    if (m.coordinate !== want && !mates) {
      this.mistakes++;
      if (!this.progress.solved[this.puzzle.id]) this.progress.failed[this.puzzle.id] = 1;
      this._save();
      this.note = { text: this._whyWrong(m), kind: 'warn' };
      this.emit('change');
      return success('wrong');
    }
    this._apply(m.coordinate);
    this.k++;
    this.hintLevel = 0;
    if (mates || this.k >= this.puzzle.moves.length) return this._solved();
    this.replyPending = true;
    this.note = { text: 'Right! Keep going…', kind: 'note' };
    this.emit('change');
    return success('correct');
  }
  playSquares(from, to) {
    return this.play(squareName(from), squareName(to));
  }

  /** Plays the opponent's answer from the solution. */
  reply() {
    if (!this.replyPending) return;
    this.replyPending = false;
    const m = this._apply(this.puzzle.moves[this.k]);
    this.k++;
    this.note = {
      text: `${SIDE_NAME[other(this.solver)]} answered ${m.algebraic}. Your move.`,
      kind: 'note',
    };
    this.emit('change');
  }

  _mates(coordinate) {
    const g = new this.M.Game();
    try {
      g.setPosition(this.game.fen(), [coordinate]);
      return g.status().state === 'checkmate';
    } finally {
      g.delete();
    }
  }

  _whyWrong(m) {
    const p = this.puzzle;
    if (p.goal === 'mate' && p.mateIn === 1) {
      // core's lesson judge says why it is no mate (when it can judge the position)
      const judged = attempt(() => this.M.lessonState(this.game.fen(), 'mate', [m.coordinate]));
      if (!judged.error) return `${m.algebraic}: ${judged.value.message} Try again.`;
    }
    return `${m.algebraic} is not it: ${p.goal === 'mate' ? `it does not mate in ${p.mateIn - Math.floor(this.k / 2)}` : 'there is a move that wins more'}. Try again.`;
  }

  _solved() {
    this.phase = 'solved';
    if (!this.progress.failed[this.puzzle.id] || this.mistakes === 0)
      delete this.progress.failed[this.puzzle.id];
    this.progress.solved[this.puzzle.id] = 1;
    this._save();
    this.note = { text: this.mistakes ? 'Solved (after a wrong try).' : 'Solved!', kind: 'ok' };
    this.emit('change');
    return success('solved');
  }

  /** First the piece to move, then the move itself. */
  hint() {
    if (this.phase !== 'play' || this.replyPending) return;
    this.hintLevel = Math.min(2, this.hintLevel + 1);
    const [from] = moveNames(this.puzzle.moves[this.k]);
    const piece = pieceName(this.game.board()[parseSquare(from)]);
    this.note = {
      text:
        this.hintLevel === 1 ? `Move your ${piece} on ${from}.` : `The move: ${this.puzzle.line[this.k]}.`,
      kind: 'note',
    };
    this.emit('change');
  }

  /** Plays the rest of the solution (the page paces it); the puzzle counts as not solved. */
  showSolution() {
    if (this.phase !== 'play') return [];
    this.replyPending = false;
    this.phase = 'shown';
    if (!this.progress.solved[this.puzzle.id]) this.progress.failed[this.puzzle.id] = 1;
    this._save();
    const rest = this.puzzle.moves.slice(this.k);
    this.note = { text: `The solution: ${this.puzzle.line.join(' ')}`, kind: 'note' };
    this.emit('change');
    return rest;
  }
  /** Plays one move of the shown solution (the page calls it for each move showSolution returned). */
  stepSolution(coordinate) {
    this._apply(coordinate);
    this.k++;
    this.emit('change');
  }

  // --- what is shown ----------------------------------------------------------------------
  /** @returns {import('../../util/shapes.js').StatusLine} */
  statusLine() {
    const p = this.puzzle;
    return {
      text: `Puzzle ${p.id.replace(/^p0*/, '')} · ${p.difficulty}`,
      sub: this.note ? this.note.text : `${this.task()}.`,
      subKind: this.note && this.note.kind !== 'ok' ? this.note.kind : 'note',
      side: this.solver,
      kind: this.phase === 'solved' ? 'over' : this.game.checkedKing() ? 'check' : '',
    };
  }

  /** @returns {import('../../util/shapes.js').BoardConfig} */
  boardConfig() {
    const dests = destSquares(this.dests());
    const want = this.phase === 'play' && !this.replyPending ? this.puzzle.moves[this.k] : null;
    const arrows = [];
    // the hint: first the piece (a circle on its square), then the move
    if (want && this.hintLevel === 1) arrows.push(moveArrow(moveNames(want)[0].repeat(2), 'blue'));
    if (want && this.hintLevel === 2) arrows.push(moveArrow(want, 'blue'));
    const check = this.game.checkedKing();
    return {
      pieces: this.game.board(),
      dests: this.phase === 'play' && !this.replyPending ? dests : null,
      afar: this.phase === 'play' && !this.replyPending ? afarSquares(this.dests()) : null,
      lastMove: this.last ? this.last.map(parseSquare) : null,
      check: check ? parseSquare(check) : null,
      checkers: check ? this.game.checkers().map(parseSquare) : [],
      frozen: this.game.frozen().map(parseSquare),
      orientation: this.solver,
      arrows,
    };
  }

  describeSquare(name) {
    let s = squareWords(name, { board: this.game.board(), frozen: this.game.frozen() });
    const ds = this.dests().get(name);
    if (ds) s += `, ${destinationWords(ds)}`;
    return s;
  }
}
