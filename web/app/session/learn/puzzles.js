// Puzzles: positions mined from engine self-play by core/tools/puzzles.cpp
// (public/puzzles.json; format in docs/learning.md), each with one best first move. The solver
// plays the side to move; after each correct move the opponent's reply from the solution
// is played (replyPending, then reply()); any move that gives checkmate also solves a
// puzzle. The rules questions go to the engine (legal moves, checkmate; for a wrong move
// in a mate in one, core's lesson judge says why it is no mate). Progress is kept in
// localStorage. Its words are the learn catalogue's, through the translator `t` (words.js).
// Plain JS, no DOM: tests/node/learn.test.mjs drives it.
//
//   const pz = createPuzzles(M, data, store, t);  pz.on('change', render);  pz.setWords(t);
//   pz.open(id) | pz.next();  pz.playSquares(from, to);  if (pz.replyPending) pz.reply();
//   pz.hint();  pz.showSolution();  pz.boardConfig();  pz.statusLine();
import { parseSquare, squareName, moveNames } from '../../facts/squares.js';
import { useFacts, other } from '../../facts/facts.js';
import { pieceTerm, sideTerm } from '../../facts/terms.js';
import { movesByOrigin, destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import { squareWords, destinationWords } from '../../facts/words.js';
import { Emitter } from '../../util/emitter.js';
import { withReadOnly } from '../../util/read-only.js';
import { jsonStore } from '../game/store.js';
import { attempt, refusal, success } from '../../util/result.js';
import { feedbackWords } from './words.js';
/** @typedef {import('../../util/result.js').Result} Result */
/** @typedef {import('../../util/i18n.js').Translator} Translator */

export const PUZZLES_KEY = 'dragonchess.puzzles.v1';
export const FILTERS = ['all', 'easy', 'medium', 'hard'];
/** The tags of the puzzle file the panel names (puzzles.tag.<tag>); others are not shown. */
export const SHOWN_TAGS = Object.freeze([
  'afar',
  'freezing',
  'via',
  'level-change',
  'sylph-return',
  'promotion',
  'check-levels',
  'mate',
]);

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

/**
 * The puzzles' session over `data` (puzzles.json, checked) with the progress in `store`
 * (puzzleStore()), its words said by `t` (loadLearnWords()). Its state is read through the
 * getters; only its methods change it. Events: 'change' (anything shown changed), 'moved'
 * (a move played on the board: core's move).
 * @param {any} M @param {any} data @param {any} store @param {Translator} t
 */
export function createPuzzles(M, data, store, t) {
  useFacts(M);
  checkPuzzles(data);
  const events = new Emitter(['change', 'moved']);
  const byId = new Map(data.puzzles.map((p) => [p.id, p]));
  const st = {
    progress: store.load(),
    puzzle: null,
    game: null, // M.Game at the position on the board
    k: 0, // solution moves played
    phase: 'none', // 'play' | 'solved' | 'shown' (solution seen)
    mistakes: 0,
    note: null, // {say: () => its text, kind}
    hintLevel: 0, // 0 none, 1 the piece, 2 the move
    last: null, // the last move [from, to] (names)
    startCheck: null, // the square of the solver's King when in check at the start
    replyPending: false,
  };
  const save = () => store.save(st.progress);
  const solver = () => (st.puzzle.fen.split(' ')[1] === 'g' ? 'gold' : 'scarlet');
  const solving = () => st.phase === 'play' && !st.replyPending;

  // --- which puzzle -----------------------------------------------------------------------
  function setFilter(f) {
    if (!FILTERS.includes(f)) return;
    st.progress.filter = f;
    save();
    events.emit('change');
  }
  /** The puzzles of the filter, easiest first. */
  function ordered() {
    const f = st.progress.filter;
    return data.puzzles
      .filter((p) => f === 'all' || p.difficulty === f)
      .sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
  }
  function stats() {
    const list = ordered();
    return {
      total: list.length,
      solved: list.filter((p) => st.progress.solved[p.id]).length,
      all: data.puzzles.length,
    };
  }
  /** The next puzzle of the filter not solved yet, after `after` (the current one by
   *  default; wrapping). */
  function nextId(after = st.puzzle) {
    const list = ordered();
    if (!list.length) return null;
    const at = after ? list.findIndex((p) => p.id === after.id) : -1;
    for (let i = 1; i <= list.length; i++) {
      const p = list[(at + i + list.length) % list.length];
      if (!st.progress.solved[p.id] && (!after || p.id !== after.id)) return p.id;
    }
    return list[(at + 1) % list.length].id;
  }
  /** Opens the puzzle kept from last time while it is not solved, else the next unsolved
   *  one after it (a puzzle just solved is not shown again when Puzzles is reopened). */
  function resume() {
    const kept = st.progress.current && byId.get(st.progress.current);
    if (kept && !st.progress.solved[kept.id]) return open(kept.id);
    return open(nextId(kept || st.puzzle));
  }
  function next() {
    open(nextId());
  }

  function open(id) {
    const p = byId.get(id);
    if (!p) throw new Error(`no puzzle '${id}'`);
    if (st.game) st.game.delete();
    st.game = new M.Game();
    st.game.setPosition(p.fen, []);
    st.puzzle = p;
    st.k = 0;
    st.phase = 'play';
    st.mistakes = 0;
    st.hintLevel = 0;
    st.note = null;
    st.replyPending = false;
    st.last = p.last ? moveNames(p.last) : null;
    st.startCheck = st.game.checkedKing() || null; // the solver's King in check at the start
    st.progress.current = id;
    save();
    events.emit('change');
  }

  /** The task in words: "Gold to move: mate in 2." / "... win material."; a King in check at
   *  the start is said first ("Gold to move, the King on 1h6 in check: get out of check and
   *  win material."). */
  function task() {
    const p = st.puzzle;
    const goal = p.goal === 'mate' ? t('puzzles.goal.mate', { n: p.mateIn }) : t('puzzles.goal.material');
    const side = sideTerm(t, solver());
    return st.startCheck
      ? t('puzzles.taskInCheck', { side, goal, square: st.startCheck })
      : t('puzzles.task', { side, goal });
  }
  /** The difficulty's word (or the filter's: 'all'). */
  const levelWord = (/** @type {string} */ d) => t(`puzzles.level.${d}`);

  // --- playing ------------------------------------------------------------------------------
  function dests() {
    if (!solving()) return new Map();
    return movesByOrigin(st.game.legalMovesDetailed());
  }

  function apply(coordinate) {
    const m = st.game.play(coordinate);
    st.last = [m.from, m.kind === 'afar' ? m.from : m.to];
    events.emit('moved', m);
    return m;
  }

  /** The solver's move (names): {value: 'correct' (a reply follows: replyPending), 'solved'
   *  or 'wrong' (not the solution: the note says why)}, or {error} (not a move to play now).
   *  @returns {Result} */
  function play(from, to) {
    if (!solving()) return refusal('puzzles.notNow');
    const m = st.game.legalMovesDetailed().find((x) => x.from === from && x.to === to);
    if (!m) return refusal('learning.illegal', { move: `${from}-${to}` });
    const want = st.puzzle.moves[st.k];
    const mating = mates(m.coordinate);
    if (m.coordinate !== want && !mating) {
      st.mistakes++;
      if (!st.progress.solved[st.puzzle.id]) st.progress.failed[st.puzzle.id] = 1;
      save();
      st.note = { say: whyWrong(m), kind: 'warn' };
      events.emit('change');
      return success('wrong');
    }
    apply(m.coordinate);
    st.k++;
    st.hintLevel = 0;
    if (mating || st.k >= st.puzzle.moves.length) return solved();
    st.replyPending = true;
    st.note = { say: () => t('puzzles.right'), kind: 'note' };
    events.emit('change');
    return success('correct');
  }

  /** Plays the opponent's answer from the solution. */
  function reply() {
    if (!st.replyPending) return;
    st.replyPending = false;
    const m = apply(st.puzzle.moves[st.k]);
    st.k++;
    const side = other(solver());
    st.note = {
      say: () => t('puzzles.answered', { side: sideTerm(t, side), move: m.algebraic }),
      kind: 'note',
    };
    events.emit('change');
  }

  function mates(coordinate) {
    const g = new M.Game();
    try {
      g.setPosition(st.game.fen(), [coordinate]);
      return g.status().state === 'checkmate';
    } finally {
      g.delete();
    }
  }

  // Why a move is not the solution: () => the sentence.
  function whyWrong(m) {
    const p = st.puzzle;
    const move = m.algebraic;
    if (p.goal === 'mate' && p.mateIn === 1) {
      // core's lesson judge says why it is no mate (when it can judge the position)
      const judged = attempt(() => M.lessonState(st.game.fen(), 'mate', [m.coordinate]));
      if (!judged.error)
        return () => t('puzzles.wrongJudged', { move, reason: feedbackWords(t, judged.value.parts) });
    }
    const n = p.mateIn - Math.floor(st.k / 2);
    return () =>
      p.goal === 'mate' ? t('puzzles.wrongMate', { move, n }) : t('puzzles.wrongMaterial', { move });
  }

  function solved() {
    st.phase = 'solved';
    if (!st.progress.failed[st.puzzle.id] || st.mistakes === 0) delete st.progress.failed[st.puzzle.id];
    st.progress.solved[st.puzzle.id] = 1;
    save();
    const after = st.mistakes > 0;
    st.note = { say: () => t(after ? 'puzzles.solvedAfter' : 'puzzles.solved'), kind: 'ok' };
    events.emit('change');
    return success('solved');
  }

  /** First the piece to move, then the move itself. */
  function hint() {
    if (!solving()) return;
    st.hintLevel = Math.min(2, st.hintLevel + 1);
    const [from] = moveNames(st.puzzle.moves[st.k]);
    const letter = st.game.board()[parseSquare(from)];
    const move = st.puzzle.line[st.k];
    st.note = {
      say:
        st.hintLevel === 1
          ? () => t('puzzles.hintPiece', { piece: pieceTerm(t, letter), square: from })
          : () => t('puzzles.hintMove', { move }),
      kind: 'note',
    };
    events.emit('change');
  }

  /** Plays the rest of the solution (the page paces it); the puzzle counts as not solved. */
  function showSolution() {
    if (st.phase !== 'play') return [];
    st.replyPending = false;
    st.phase = 'shown';
    if (!st.progress.solved[st.puzzle.id]) st.progress.failed[st.puzzle.id] = 1;
    save();
    const rest = st.puzzle.moves.slice(st.k);
    const line = st.puzzle.line.join(' ');
    st.note = { say: () => t('puzzles.solution', { line }), kind: 'note' };
    events.emit('change');
    return rest;
  }
  /** Plays one move of the shown solution (the page calls it for each move showSolution returned). */
  function stepSolution(coordinate) {
    apply(coordinate);
    st.k++;
    events.emit('change');
  }

  // --- what is shown ----------------------------------------------------------------------
  /** The puzzle's number ('p0042' -> '42'). */
  const number = (p) => p.id.replace(/^p0*/, '');
  /** The panel's title: "Puzzle 42 · Easy · rating 720". */
  const title = () =>
    t('puzzles.title', {
      n: number(st.puzzle),
      difficulty: levelWord(st.puzzle.difficulty),
      rating: st.puzzle.rating,
    });
  /** The puzzle's themes in words (the tags SHOWN_TAGS names). */
  const themes = () => st.puzzle.tags.filter((x) => SHOWN_TAGS.includes(x)).map((x) => t(`puzzles.tag.${x}`));

  /** Says everything in another language from now on (t: its translator). */
  function setWords(/** @type {Translator} */ words) {
    t = words;
    events.emit('change');
  }

  /** @returns {import('../../util/shapes.js').StatusLine} */
  function statusLine() {
    const p = st.puzzle;
    return {
      text: t('puzzles.status', { n: number(p), difficulty: levelWord(p.difficulty) }),
      sub: st.note ? st.note.say() : task(),
      subKind: st.note && st.note.kind !== 'ok' ? st.note.kind : 'note',
      side: solver(),
      kind: st.phase === 'solved' ? 'over' : st.game.checkedKing() ? 'check' : '',
    };
  }

  /** @returns {import('../../util/shapes.js').BoardConfig} */
  function boardConfig() {
    const ds = destSquares(dests());
    const want = solving() ? st.puzzle.moves[st.k] : null;
    const arrows = [];
    // the hint: first the piece (a circle on its square), then the move
    if (want && st.hintLevel === 1) arrows.push(moveArrow(moveNames(want)[0].repeat(2), 'blue'));
    if (want && st.hintLevel === 2) arrows.push(moveArrow(want, 'blue'));
    const check = st.game.checkedKing();
    return {
      pieces: st.game.board(),
      dests: solving() ? ds : null,
      afar: solving() ? afarSquares(dests()) : null,
      lastMove: st.last ? st.last.map(parseSquare) : null,
      check: check ? parseSquare(check) : null,
      checkers: check ? st.game.checkers().map(parseSquare) : [],
      frozen: st.game.frozen().map(parseSquare),
      orientation: solver(),
      arrows,
    };
  }

  /** The puzzle on show and the level its play is about (shapes.js Scene): where the
   *  move before it went, else the level of the solver's King in check, else the Ground.
   *  The solving piece's level would give the answer away.
   *  @returns {import('../../util/shapes.js').Scene} */
  function scene() {
    const p = st.puzzle;
    const at = p.last ? moveNames(p.last)[1] : st.startCheck || '2';
    return { id: p.id, level: Number(at[0]) };
  }

  function describeSquare(name) {
    let s = squareWords(t, name, { board: st.game.board(), frozen: st.game.frozen() });
    const ds = dests().get(name);
    if (ds) s += t('square.sep') + destinationWords(t, ds);
    return s;
  }

  // read: progress, puzzle, k, phase, mistakes, replyPending (the fields of st)
  return withReadOnly(st, ['progress', 'puzzle', 'k', 'phase', 'mistakes', 'replyPending'], {
    on: (event, fn) => events.on(event, fn),
    /** The note on show: {text, kind} or null. */
    get note() {
      return st.note ? { text: st.note.say(), kind: st.note.kind } : null;
    },
    /** The words in use (the translator). */
    get t() {
      return t;
    },
    /** The difficulties to filter by (FILTERS). */
    filters: FILTERS,
    title,
    themes,
    levelWord,
    setWords,
    /** The puzzles file (checked). */
    data,
    get filter() {
      return st.progress.filter;
    },
    /** The side the solver plays. */
    get solver() {
      return solver();
    },
    setFilter,
    ordered,
    stats,
    nextId,
    resume,
    next,
    open,
    task,
    dests,
    play,
    playSquares: (from, to) => play(squareName(from), squareName(to)),
    reply,
    hint,
    showSolution,
    stepSolution,
    statusLine,
    boardConfig,
    scene,
    describeSquare,
  });
}
