// The tutorial ("Learn"): lessons read from public/learn/lessons.json (data: a position, a
// goal, words; format in docs/learning.md), played on the main board. Whether a move reaches the
// goal, and why not, is core's judgement (M.lessonState, core/lesson.h); this controller
// keeps the learner's moves, the progress (localStorage) and what the board is handed.
// Plain JS, no DOM: tests/node/learn.test.mjs drives it.
//
//   const lessons = new Lessons(M, data, store);  lessons.on('change', render);
//   lessons.open(id, step?);  lessons.playSquares(from, to) -> {value} | {error};  lessons.hint();
//   lessons.restart();  lessons.next();  lessons.solutionMove();  lessons.boardConfig();
import { parseSquare, squareName } from '../../facts/squares.js';
import { useFacts, pieceName, pieceSide } from '../../facts/facts.js';
import { movesByOrigin, destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import { squareWords, destinationWords } from '../../facts/words.js';
import { Emitter } from '../../util/emitter.js';
import { jsonStore } from '../game/store.js';
import { attempt, failure, success } from '../../util/result.js';
/** @typedef {import('../../util/result.js').Result} Result */
import { count } from '../../util/plural.js';

export const LEARN_KEY = 'dragonchess.learn.v1';

/** The tutorial's progress ({done: {lessonId: stepsDone}}). */
export function progressStore(storage) {
  return jsonStore(
    LEARN_KEY,
    (d) => ({
      done: d && typeof d === 'object' && d.done && typeof d.done === 'object' ? { ...d.done } : {},
    }),
    storage,
  );
}

/** Checks the shape of lessons.json; throws naming the first problem. */
export function checkLessons(data) {
  if (!data || data.format !== 'dragonchess-lessons 1' || !Array.isArray(data.lessons))
    throw new Error('lessons: not a dragonchess-lessons 1 file');
  for (const l of data.lessons) {
    if (typeof l.id !== 'string' || typeof l.title !== 'string' || !Array.isArray(l.steps) || !l.steps.length)
      throw new Error(`lessons: lesson ${JSON.stringify(l.id)} is incomplete`);
    for (const s of l.steps) {
      for (const k of ['fen', 'goal', 'task'])
        if (typeof s[k] !== 'string') throw new Error(`lessons: ${l.id}: a step has no ${k}`);
      if (!Array.isArray(s.solution)) throw new Error(`lessons: ${l.id}: a step has no solution`);
    }
  }
  return data;
}

export class Lessons extends Emitter {
  constructor(M, data, store) {
    super();
    this.M = M;
    useFacts(M);
    this.data = checkLessons(data);
    this.store = store;
    this.progress = store.load();
    this.lesson = null;
    this.stepIndex = 0;
    this.moves = []; // the learner's moves (coordinate)
    this.state = null; // M.lessonState(...) now
    this.note = null; // {text, kind: 'ok' | 'warn' | 'note'}
    this.hintShown = false;
    this.last = null; // [from, to] names of the last move
    this._dests = null;
  }

  // --- the list -------------------------------------------------------------------------
  list() {
    return this.data.lessons.map((l) => ({
      id: l.id,
      title: l.title,
      kind: l.kind,
      piece: l.piece || null,
      steps: l.steps.length,
      stepsDone: Math.min(l.steps.length, this.progress.done[l.id] || 0),
      done: (this.progress.done[l.id] || 0) >= l.steps.length,
    }));
  }
  /** The first lesson not finished (or the first of all). */
  firstOpen() {
    return (this.list().find((l) => !l.done) || this.list()[0]).id;
  }
  get step() {
    return this.lesson.steps[this.stepIndex];
  }

  // --- playing --------------------------------------------------------------------------
  /** Opens a lesson (by id) at a step (default: its first step not done). */
  open(id, step = null) {
    const l = this.data.lessons.find((x) => x.id === id);
    if (!l) throw new Error(`no lesson '${id}'`);
    this.lesson = l;
    const done = this.progress.done[id] || 0;
    this.stepIndex =
      step === null ? (done >= l.steps.length ? 0 : done) : Math.max(0, Math.min(l.steps.length - 1, step));
    this.restart();
  }

  restart() {
    this.moves = [];
    this.hintShown = false;
    this.last = null;
    this.note = null;
    this._judge();
    this.emit('change');
  }

  _judge() {
    const s = this.step;
    this.state = this.M.lessonState(s.fen, s.goal, this.moves);
    this._dests = null;
  }

  get phase() {
    return !this.state ? 'none' : this.state.done ? 'done' : this.state.failed ? 'failed' : 'play';
  }

  /** The legal moves of the learner now, by origin (names), restricted to the lesson's piece. */
  dests() {
    if (this._dests) return this._dests;
    let moves = [];
    if (this.phase === 'play') {
      const g = new this.M.Game();
      try {
        g.setPosition(this.state.fen, []);
        moves = g.legalMovesDetailed();
      } finally {
        g.delete();
      }
    }
    this._dests = movesByOrigin(moves, (m) => !this.state.piece || m.from === this.state.piece);
    return this._dests;
  }

  /** Plays the learner's move from one square to another (names): {value} or {error: why not}.
   *  @returns {Result} */
  play(from, to) {
    if (this.phase !== 'play') return failure('the lesson is over: start again or go on');
    const m = (this.dests().get(from) || []).find((d) => d.to === to);
    if (!m) return failure(`${from}-${to} is not a legal move here`);
    const before = this.state;
    this.moves.push(m.coordinate);
    const judged = attempt(() => this._judge()); // core's judge of the lesson: its reason, if it refuses
    if (judged.error) {
      this.moves.pop();
      this._judge();
      return judged;
    }
    this.last = [m.from, m.kind === 'afar' ? m.from : m.to];
    this.hintShown = false;
    const st = this.state;
    if (st.done) {
      this.note = { text: this.step.success || 'Well done!', kind: 'ok' };
      const n = Math.max(this.progress.done[this.lesson.id] || 0, this.stepIndex + 1);
      this.progress.done[this.lesson.id] = n;
      this.store.save(this.progress);
    } else if (st.failed) {
      this.note = { text: `${st.message} Try again.`, kind: 'warn' };
    } else {
      this.note = st.message ? { text: st.message, kind: 'note' } : null;
    }
    this.emit('moved', { move: m, before, after: st });
    this.emit('change');
    return success();
  }
  playSquares(from, to) {
    return this.play(squareName(from), squareName(to));
  }

  /** The solution's next move when the learner has followed it so far, else null. */
  solutionMove() {
    const sol = this.step.solution;
    for (let i = 0; i < this.moves.length; i++) if (this.moves[i] !== sol[i]) return null;
    return sol[this.moves.length] || null;
  }

  hint() {
    this.hintShown = true;
    const m = this.solutionMove();
    this.note = { text: this.step.hint + (m ? '' : ' (Start again to follow the hint.)'), kind: 'note' };
    this.emit('change');
  }

  /** Whether there is a next step or lesson; next() goes there. */
  hasNext() {
    return this.stepIndex + 1 < this.lesson.steps.length || this.nextLessonId() !== null;
  }
  nextLessonId() {
    const i = this.data.lessons.indexOf(this.lesson);
    return i + 1 < this.data.lessons.length ? this.data.lessons[i + 1].id : null;
  }
  next() {
    if (this.stepIndex + 1 < this.lesson.steps.length) {
      this.stepIndex++;
      this.restart();
    } else if (this.nextLessonId()) {
      this.open(this.nextLessonId(), 0);
    }
  }

  // --- what is shown --------------------------------------------------------------------
  /** The status line: {text, sub, subKind, side, kind}. */
  /** @returns {import('../../util/shapes.js').StatusLine} */
  statusLine() {
    const l = this.lesson,
      st = this.state;
    const steps = l.steps.length > 1 ? ` · step ${this.stepIndex + 1} of ${l.steps.length}` : '';
    const left =
      st.maxMoves > 1 && this.phase === 'play'
        ? ` (${count(st.maxMoves - this.moves.length, { one: 'move', other: 'moves' })} left)`
        : '';
    return {
      text: `${l.title}${steps}`,
      sub: this.note ? this.note.text : this.step.task + left,
      subKind: this.note ? (this.note.kind === 'ok' ? 'note' : this.note.kind) : '',
      side: st.learner,
      kind: this.phase === 'done' ? 'over' : '',
    };
  }

  /** The board component's state (board.set). */
  /** @returns {import('../../util/shapes.js').BoardConfig} */
  boardConfig() {
    const st = this.state;
    const dests = destSquares(this.dests());
    const m = this.hintShown ? this.solutionMove() : null;
    const arrows = m ? [moveArrow(m, 'blue')] : [];
    // the squares still to reach or capture, marked as targets
    for (const t of st.left)
      if (st.board[parseSquare(t)] !== '.' || this.step.goal.startsWith('reach'))
        arrows.push({ from: parseSquare(t), to: parseSquare(t), color: 'yellow' });
    return {
      pieces: st.board,
      dests: this.phase === 'play' ? dests : null,
      afar: this.phase === 'play' ? afarSquares(this.dests()) : null,
      lastMove: this.last ? this.last.map(parseSquare) : null,
      check: st.check ? parseSquare(st.check) : null,
      frozen: st.frozen.map(parseSquare),
      orientation: st.learner,
      arrows,
    };
  }

  /** Words for a square (keyboard focus), with what selecting it would do. */
  describeSquare(name) {
    let s = squareWords(name, { board: this.state.board, frozen: this.state.frozen });
    if (this.state.left.includes(name)) s += ', a target';
    const ds = this.dests().get(name);
    if (ds) s += `, ${destinationWords(ds)}`;
    return s;
  }

  /** Whether the learner may pick the piece on `name` (an empty square: yes, nothing to say):
   *  {value} or {error: why not}. @returns {Result} */
  mayPick(name) {
    const c = this.state.board[parseSquare(name)];
    if (!pieceSide(c) || this.phase !== 'play') return success();
    const mine = pieceSide(c) === this.state.learner;
    if (!mine) return failure(`That is a Scarlet ${pieceName(c)}: in a lesson the other side does not move.`);
    if (this.dests().has(name)) return success();
    if (this.state.frozen.includes(name))
      return failure(
        `Your ${pieceName(c)} on ${name} is frozen by the Basilisk directly below it: it cannot move.`,
      );
    if (this.state.piece && this.state.piece !== name)
      return failure(
        `In this lesson only your ${pieceName(this.state.board[parseSquare(this.state.piece)])} on ${this.state.piece} moves.`,
      );
    return failure(`Your ${pieceName(c)} on ${name} has no legal move here.`);
  }
}
