// The tutorial ("Learn"): lessons read from public/learn/lessons.json (data: a position, a
// goal, a solution; format in docs/learning.md) with their words in the learner's language
// (the learn catalogue through the translator `t`: words.js), played on the main board.
// Whether a move reaches the goal, and why not, is core's judgement (M.lessonState,
// core/lesson.h); this controller keeps the learner's moves, the progress (localStorage)
// and what the board is handed.
// Plain JS, no DOM: tests/node/learn.test.mjs drives it.
//
//   const lessons = createLessons(M, data, store, t);  lessons.on('change', render);
//   lessons.open(id, step?);  lessons.playSquares(from, to) -> {value} | {error};  lessons.hint();
//   lessons.restart();  lessons.next();  lessons.solutionMove();  lessons.boardConfig();
//   lessons.setWords(t);  (another language: what is shown is said again in it)
import { parseSquare, squareName } from '../../facts/squares.js';
import { useFacts, pieceSide } from '../../facts/facts.js';
import { pieceRefusal, sideRefusal } from '../../facts/terms.js';
import { lessonKey, LESSON_FIELDS, feedbackWords } from './words.js';
import { movesByOrigin, destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import { squareWords, destinationWords } from '../../facts/words.js';
import { Emitter } from '../../util/emitter.js';
import { withReadOnly } from '../../util/read-only.js';
import { jsonStore } from '../game/store.js';
import { attempt, refusal, success } from '../../util/result.js';
import { reason } from '../../util/i18n.js';
/** @typedef {import('../../util/result.js').Result} Result */
/** @typedef {import('../../util/i18n.js').Translator} Translator */

export const LEARN_KEY = 'dragonchess.learn.v1';
const LESSON_FIELDS_SET = new Set(LESSON_FIELDS);

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
    if (typeof l.id !== 'string' || !Array.isArray(l.steps) || !l.steps.length)
      throw new Error(`lessons: lesson ${JSON.stringify(l.id)} is incomplete`);
    for (const s of l.steps) {
      for (const k of ['fen', 'goal'])
        if (typeof s[k] !== 'string') throw new Error(`lessons: ${l.id}: a step has no ${k}`);
      if (!Array.isArray(s.solution)) throw new Error(`lessons: ${l.id}: a step has no solution`);
    }
  }
  return data;
}

/**
 * The tutorial's session over `data` (lessons.json, checked) with the progress in `store`
 * (progressStore()), its words said by `t` (loadLearnWords()). Its state is read through the
 * getters; only its methods change it. Events: 'change' (anything shown changed), 'moved'
 * ({move, before, after}: a learner's move).
 * @param {any} M @param {any} data @param {any} store @param {Translator} t
 */
export function createLessons(M, data, store, t) {
  useFacts(M);
  checkLessons(data);
  const events = new Emitter(['change', 'moved']);
  const st = {
    progress: store.load(),
    lesson: null,
    stepIndex: 0,
    moves: [], // the learner's moves (coordinate)
    state: null, // M.lessonState(...) now
    note: null, // {say: () => its text in the words in use, kind: 'ok' | 'warn' | 'note'}
    hintShown: false,
    last: null, // [from, to] names of the last move
    dests: null, // the learner's moves by origin, while the position stays
  };
  const step = () => st.lesson.steps[st.stepIndex];
  const phase = () => (!st.state ? 'none' : st.state.done ? 'done' : st.state.failed ? 'failed' : 'play');
  /** A word of a lesson: its title or intro, or (`at`: a step) the step's task, hint, success. */
  const words = (/** @type {any} */ l, /** @type {string} */ field, at = -1) => t(lessonKey(l.id, field, at));

  // --- the list -------------------------------------------------------------------------
  function list() {
    return data.lessons.map((l) => ({
      id: l.id,
      title: words(l, 'title'),
      kind: l.kind,
      piece: l.piece || null,
      steps: l.steps.length,
      stepsDone: Math.min(l.steps.length, st.progress.done[l.id] || 0),
      done: (st.progress.done[l.id] || 0) >= l.steps.length,
    }));
  }
  /** The first lesson not finished (or the first of all). */
  function firstOpen() {
    return (list().find((l) => !l.done) || list()[0]).id;
  }

  // --- playing --------------------------------------------------------------------------
  /** Opens a lesson (by id) at a step (default: its first step not done). */
  function open(id, at = null) {
    const l = data.lessons.find((x) => x.id === id);
    if (!l) throw new Error(`no lesson '${id}'`);
    st.lesson = l;
    const done = st.progress.done[id] || 0;
    st.stepIndex =
      at === null ? (done >= l.steps.length ? 0 : done) : Math.max(0, Math.min(l.steps.length - 1, at));
    restart();
  }

  function restart() {
    st.moves = [];
    st.hintShown = false;
    st.last = null;
    st.note = null;
    judge();
    events.emit('change');
  }

  function judge() {
    const s = step();
    st.state = M.lessonState(s.fen, s.goal, st.moves);
    st.dests = null;
  }

  /** The legal moves of the learner now, by origin (names), restricted to the lesson's piece. */
  function dests() {
    if (st.dests) return st.dests;
    let moves = [];
    if (phase() === 'play') {
      const g = new M.Game();
      try {
        g.setPosition(st.state.fen, []);
        moves = g.legalMovesDetailed();
      } finally {
        g.delete();
      }
    }
    st.dests = movesByOrigin(moves, (m) => !st.state.piece || m.from === st.state.piece);
    return st.dests;
  }

  /** Plays the learner's move from one square to another (names): {value} or {error: why not}.
   *  @returns {Result} */
  function play(from, to) {
    if (phase() !== 'play') return refusal('lessons.over');
    const m = (dests().get(from) || []).find((d) => d.to === to);
    if (!m) return refusal('learning.illegal', { move: `${from}-${to}` });
    const before = st.state;
    st.moves.push(m.coordinate);
    const judged = attempt(judge); // core's judge of the lesson: its reason, if it refuses
    if (judged.error) {
      st.moves.pop();
      judge();
      return judged;
    }
    st.last = [m.from, m.kind === 'afar' ? m.from : m.to];
    st.hintShown = false;
    const now = st.state;
    if (now.done) {
      const at = st.stepIndex;
      st.note = { say: () => words(st.lesson, 'success', at), kind: 'ok' };
      const n = Math.max(st.progress.done[st.lesson.id] || 0, st.stepIndex + 1);
      st.progress.done[st.lesson.id] = n;
      store.save(st.progress);
    } else if (now.failed) {
      st.note = { say: () => t('lessons.failed', { reason: feedbackWords(t, now.parts) }), kind: 'warn' };
    } else {
      st.note = now.parts.length ? { say: () => feedbackWords(t, now.parts), kind: 'note' } : null;
    }
    events.emit('moved', { move: m, before, after: now });
    events.emit('change');
    return success();
  }

  /** The solution's next move when the learner has followed it so far, else null. */
  function solutionMove() {
    const sol = step().solution;
    for (let i = 0; i < st.moves.length; i++) if (st.moves[i] !== sol[i]) return null;
    return sol[st.moves.length] || null;
  }

  function hint() {
    st.hintShown = true;
    const on = !!solutionMove(),
      at = st.stepIndex;
    st.note = {
      say: () =>
        on ? words(st.lesson, 'hint', at) : t('lessons.hintRestart', { hint: words(st.lesson, 'hint', at) }),
      kind: 'note',
    };
    events.emit('change');
  }

  function nextLessonId() {
    const i = data.lessons.indexOf(st.lesson);
    return i + 1 < data.lessons.length ? data.lessons[i + 1].id : null;
  }
  /** Whether there is a next step or lesson; next() goes there. */
  function hasNext() {
    return st.stepIndex + 1 < st.lesson.steps.length || nextLessonId() !== null;
  }
  function next() {
    if (st.stepIndex + 1 < st.lesson.steps.length) {
      st.stepIndex++;
      restart();
    } else if (nextLessonId()) {
      open(nextLessonId(), 0);
    }
  }

  // --- what is shown --------------------------------------------------------------------
  /** The status line: {text, sub, subKind, side, kind}.
   *  @returns {import('../../util/shapes.js').StatusLine} */
  function statusLine() {
    const now = st.state;
    const task = words(st.lesson, 'task', st.stepIndex);
    const note = noteShown();
    return {
      text: title(),
      sub: note
        ? note.text
        : now.maxMoves > 1 && phase() === 'play'
          ? t('lessons.movesLeft', { task, n: now.maxMoves - st.moves.length })
          : task,
      subKind: note ? (note.kind === 'ok' ? 'note' : note.kind) : '',
      side: now.learner,
      kind: phase() === 'done' ? 'over' : '',
    };
  }

  /** The lesson's title, with the step when it has several ("The Sylph · step 1 of 2"). */
  function title() {
    const l = st.lesson,
      name = words(l, 'title');
    return l.steps.length > 1
      ? t('lessons.titleStep', { title: name, n: st.stepIndex + 1, total: l.steps.length })
      : name;
  }
  /** The note on show in words: {text, kind} or null. */
  function noteShown() {
    return st.note ? { text: st.note.say(), kind: st.note.kind } : null;
  }

  /** The board component's state (board.set).
   *  @returns {import('../../util/shapes.js').BoardConfig} */
  function boardConfig() {
    const now = st.state;
    const ds = destSquares(dests());
    const m = st.hintShown ? solutionMove() : null;
    const arrows = m ? [moveArrow(m, 'blue')] : [];
    // the squares still to reach or capture, marked as targets
    for (const sq of now.left)
      if (now.board[parseSquare(sq)] !== '.' || step().goal.startsWith('reach'))
        arrows.push({ from: parseSquare(sq), to: parseSquare(sq), color: 'yellow' });
    return {
      pieces: now.board,
      dests: phase() === 'play' ? ds : null,
      afar: phase() === 'play' ? afarSquares(dests()) : null,
      lastMove: st.last ? st.last.map(parseSquare) : null,
      check: now.check ? parseSquare(now.check) : null,
      frozen: now.frozen.map(parseSquare),
      orientation: now.learner,
      arrows,
    };
  }

  /** Words for a square (keyboard focus), with what selecting it would do. */
  function describeSquare(name) {
    let s = squareWords(t, name, { board: st.state.board, frozen: st.state.frozen });
    if (st.state.left.includes(name)) s = t('lessons.aTarget', { square: s });
    const ds = dests().get(name);
    if (ds) s += t('square.sep') + destinationWords(t, ds);
    return s;
  }

  /** Whether the learner may pick the piece on `name` (an empty square: yes, nothing to say):
   *  {value} or {error: why not}. @returns {Result} */
  function mayPick(name) {
    const c = st.state.board[parseSquare(name)];
    if (!pieceSide(c) || phase() !== 'play') return success();
    const mine = pieceSide(c) === st.state.learner;
    const piece = pieceRefusal(c);
    if (!mine) return refusal('lessons.theirs', { side: sideRefusal(pieceSide(c)), piece });
    if (dests().has(name)) return success();
    if (st.state.frozen.includes(name)) return refusal('lessons.frozen', { piece, square: name });
    if (st.state.piece && st.state.piece !== name)
      return refusal('lessons.onlyPiece', {
        piece: pieceRefusal(st.state.board[parseSquare(st.state.piece)]),
        square: st.state.piece,
      });
    return refusal('lessons.noMove', { piece, square: name });
  }

  /** Says why a pick was refused (mayPick's refusal, said by reason()) in the lesson's note,
   *  until the next move. */
  function refuse(why) {
    st.note = { say: () => reason(t, why), kind: 'warn' };
  }

  /** The step on show and the level its play is about (shapes.js Scene): the level of the
   *  piece it is about, else of its first target, else of the first piece that may move.
   *  @returns {import('../../util/shapes.js').Scene} */
  function scene() {
    const s = st.state;
    const about = s.piece || s.left[0] || dests().keys().next().value || '2';
    return { id: `${st.lesson.id}/${st.stepIndex}`, level: Number(about[0]) };
  }

  /** Says everything in another language from now on (t: its translator). */
  function setWords(/** @type {Translator} */ words) {
    t = words;
    events.emit('change');
  }

  // read: progress, lesson, stepIndex, moves, state, hintShown (the fields of st)
  return withReadOnly(st, ['progress', 'lesson', 'stepIndex', 'moves', 'state', 'hintShown'], {
    on: (event, fn) => events.on(event, fn),
    /** The lessons file (checked). */
    data,
    get step() {
      return step();
    },
    /** The note on show: {text, kind: 'ok' | 'warn' | 'note'} or null. */
    get note() {
      return noteShown();
    },
    /** The words in use (the translator). */
    get t() {
      return t;
    },
    /** The lesson's title (with its step) and its words ('intro', or the step's 'task'). */
    title,
    words: (/** @type {string} */ field) =>
      LESSON_FIELDS_SET.has(field) ? words(st.lesson, field) : words(st.lesson, field, st.stepIndex),
    /** 'none' | 'play' | 'done' | 'failed' */
    get phase() {
      return phase();
    },
    list,
    firstOpen,
    open,
    restart,
    dests,
    play,
    playSquares: (from, to) => play(squareName(from), squareName(to)),
    scene,
    solutionMove,
    hint,
    hasNext,
    nextLessonId,
    next,
    statusLine,
    boardConfig,
    describeSquare,
    mayPick,
    refuse,
    setWords,
  });
}
