// Learning inside the game page, its state and its changes (no DOM: learn-view.js draws
// it): the tutorial (learn.js) and the puzzles (puzzles.js) take over the main board. The
// game underneath is kept as it was: leaving Learn or Puzzles shows it again.
//
// While a session runs it owns the board (page.take / page.release: the board-owner
// interface of docs/architecture.md): `owner` below hands the board its state and takes its
// input. Every change asks the page for one redraw.
//
// The words are in the language the view names (the page's <html lang>) each time Learn or
// Puzzles opens and on relanguage(code): the learn catalogue (words.js) is fetched then, and
// `learn.words` is its translator (the view's words too). The sessions' modules (learn.js,
// puzzles.js, words.js) are imported when Learn or Puzzles first opens: a first visit of
// the page does not fetch them.
//
//   const learn = createLearnCtrl({ M, ctl, page, sounds, loadJson, loadWords, storage });
//   await learn.enter('lessons' | 'puzzles', id?, 'de');  learn.exit();  learn.act(what, data)
//   await learn.relanguage('fr');   (the page's language changed)
import { parseSquare, squareName, moveNames, firstSquare } from '../../facts/squares.js';
import { destinationWords } from '../../facts/words.js';
import { failure, refusal, settle, success } from '../../util/result.js';
import { SOURCE_LANGUAGE, reason, browserReason } from '../../util/i18n.js';
/** @typedef {import('../../util/result.js').Result} Result */

const REPLY_MS = 550; // the opponent's answer in a puzzle, after the solver's move
const SOLUTION_MS = 700; // the pace of a shown solution

// A data file of the site -> {value} or {error} (offline without it, a server error, not JSON).
/** @returns {Promise<Result>} */
async function fetchJson(url) {
  const res = await settle(fetch(url));
  if (res.error) return res;
  if (!res.value.ok) return failure(`${url}: ${res.value.status} ${res.value.statusText}`);
  return settle(res.value.json());
}

// M: the engine module; ctl: the game's Controller; page: {redraw(), take(owner),
// release(owner), animate(from, to), toast(text), announce(text), analysis, editor};
// sounds: the page's sounds (or null); loadJson(url) -> {value} | {error}: the data files
// (default: fetched); loadWords(code) -> a promise of the translator of the lessons and
// puzzles (default: words.js's loadLearnWords).
export function createLearnCtrl({
  M,
  ctl,
  page,
  sounds = null,
  loadJson = fetchJson,
  loadWords = (code) => import('./words.js').then((w) => w.loadLearnWords(code)),
  storage,
}) {
  const st = {
    /** @type {import('../../util/i18n.js').Translator | null} */
    words: null, // the lessons' and puzzles' words, once loaded
    wanted: SOURCE_LANGUAGE, // the language last asked for
    kind: null, // 'lessons' | 'puzzles' | null
    selected: null, // the session's selected square (name), for the keyboard
    listOpen: false, // the list of lessons on show
    lessons: null,
    puzzles: null, // the sessions, made on first use
  };
  let timers = [];
  const later = (fn, ms) => {
    const t = setTimeout(() => {
      timers = timers.filter((x) => x !== t);
      fn();
    }, ms);
    timers.push(t);
  };
  const clearTimers = () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
  };
  const session = () => (st.kind === 'puzzles' ? st.puzzles : st.lessons);

  // Opens Learn or Puzzles (a lesson or puzzle by id, else where the learner stopped), its
  // words in the language `lang` (a catalogue's code).
  // -> {value} or {error} (the data could not be loaded: the game stays on the board).
  /** @returns {Promise<Result>} */
  async function enter(which, id = null, lang = SOURCE_LANGUAGE) {
    clearTimers();
    const words = await wordsIn(lang);
    if (words.error) return refusal('page.learnUnloaded', { why: browserReason(words) });
    const t = words.value;
    /** @returns {import('../../util/result.js').Failure} */
    const unloaded = (r) =>
      failure(
        t(which === 'puzzles' ? 'puzzles.unloaded' : 'lessons.unloaded', {
          reason: reason(t, browserReason(r)),
        }),
      );
    if (which === 'puzzles' && !st.puzzles) {
      const data = await loadJson('puzzles.json');
      // a file of another format: its reason
      const made = data.error
        ? data
        : await settle(
            import('./puzzles.js').then((m) => m.createPuzzles(M, data.value, m.puzzleStore(storage), t)),
          );
      if (made.error) return unloaded(made);
      st.puzzles = made.value;
      st.puzzles.on('change', page.redraw);
      st.puzzles.on('moved', (m) => played(m));
    }
    if (which === 'lessons' && !st.lessons) {
      const data = await loadJson('learn/lessons.json');
      const made = data.error
        ? data
        : await settle(
            import('./learn.js').then((m) => m.createLessons(M, data.value, m.progressStore(storage), t)),
          );
      if (made.error) return unloaded(made);
      st.lessons = made.value;
      st.lessons.on('change', page.redraw);
      st.lessons.on('moved', ({ move, after }) => played(move, after));
    }
    ctl.interrupt(); // a running search for the game is pointless meanwhile
    if (page.analysis) page.analysis.hold('learn', true); // and the game's analysis waits, off the worker
    if (page.editor && page.editor.active) page.editor.close(); // the position editor gives the board back
    const was = st.kind;
    st.kind = which;
    st.selected = null;
    if (!was) page.take(owner);
    if (which === 'lessons')
      st.lessons.open(
        id || (st.lessons.lesson ? st.lessons.lesson.id : st.lessons.firstOpen()),
        id ? 0 : null,
      );
    else if (id) st.puzzles.open(id);
    // the puzzle left half-done goes on; one finished gives way to the next unsolved
    else if (!st.puzzles.puzzle || st.puzzles.phase !== 'play') st.puzzles.resume();
    page.redraw();
    page.announce(
      which === 'lessons'
        ? t('lessons.announce', { title: st.lessons.title(), task: st.lessons.words('task') })
        : t('puzzles.announce', { task: st.puzzles.task() }),
    );
    return success();
  }

  // The words of the language `code`: {value: translator} or {error}; the sessions made so
  // far say everything in it.
  /** @returns {Promise<Result>} */
  async function wordsIn(code) {
    st.wanted = code;
    if (!st.words || st.words.locale !== code) {
      const r = await settle(loadWords(code));
      if (r.error) return r;
      if (st.wanted !== code) return wordsIn(st.wanted); // another was asked for meanwhile
      st.words = r.value;
      for (const s of [st.lessons, st.puzzles]) if (s) s.setWords(r.value);
    }
    return success(st.words);
  }
  /** The page's language changed to `code`: while Learn or Puzzles is open, say everything in it. */
  async function relanguage(code) {
    if (!st.kind) return success();
    const r = await wordsIn(code);
    page.redraw();
    return r;
  }

  function exit() {
    if (!st.kind) return;
    clearTimers();
    st.kind = null;
    st.selected = null;
    page.release(owner);
    if (page.analysis) page.analysis.hold('learn', false);
    ctl.resume(); // the computer may be to move in the game
  }

  // a move was played in the session: the board follows, with a slide and a sound
  function played(m, after) {
    if (m.kind !== 'afar') page.animate(parseSquare(m.from), parseSquare(m.to));
    if (sounds) sounds.play(after && after.done ? 'end' : m.kind === 'move' ? 'move' : 'capture');
  }

  // The panel's buttons: what (a data-learn-act) with its data.
  function act(what, data = {}) {
    const s = session();
    if (what === 'exit') return exit();
    if (what === 'lessons-list') {
      st.listOpen = !st.listOpen;
      page.redraw();
      return undefined;
    }
    if (st.kind === 'lessons') {
      if (what === 'hint') s.hint();
      else if (what === 'restart') s.restart();
      else if (what === 'next') s.next();
      else if (what === 'show') showLessonSolution();
      else if (what === 'open') {
        st.listOpen = false; // the lesson chosen takes the list's place
        s.open(data.id, data.step !== undefined ? Number(data.step) : null);
      }
    } else if (st.kind === 'puzzles') {
      if (what === 'hint') s.hint();
      else if (what === 'next') s.next();
      else if (what === 'retry') s.open(s.puzzle.id);
      else if (what === 'show') showPuzzleSolution();
      else if (what === 'filter') {
        s.setFilter(data.filter);
        if (s.puzzle && s.phase !== 'play') s.next();
        else if (s.puzzle && data.filter !== 'all' && s.puzzle.difficulty !== data.filter) s.next();
      }
    }
    return undefined;
  }

  function showLessonSolution() {
    const s = st.lessons;
    s.restart();
    const stepAt = s.stepIndex,
      id = s.lesson.id;
    [...s.step.solution].forEach((mv, i) =>
      later(
        () => {
          if (st.kind !== 'lessons' || s.lesson.id !== id || s.stepIndex !== stepAt) return;
          s.play(...moveNames(mv));
        },
        SOLUTION_MS * (i + 1),
      ),
    );
  }

  function showPuzzleSolution() {
    const s = st.puzzles;
    const id = s.puzzle.id;
    s.showSolution().forEach((mv, i) =>
      later(
        () => {
          if (st.kind === 'puzzles' && s.puzzle.id === id) s.stepSolution(mv);
        },
        SOLUTION_MS * (i + 1),
      ),
    );
  }

  // --- the board's owner while a session runs ---------------------------------------------------
  /** @type {import('../../util/shapes.js').BoardOwner} */
  const owner = {
    boardConfig: () => ({
      ...session().boardConfig(),
      selected: st.selected ? parseSquare(st.selected) : null,
    }),
    statusLine: () => session().statusLine(),
    scene: () => session().scene(),
    title: () => st.words(st.kind === 'lessons' ? 'lessons.pageTitle' : 'puzzles.pageTitle'),
    selectedSquare: () => st.selected,
    onSelect(sq) {
      st.selected = sq === null ? null : squareName(sq);
      if (st.kind === 'lessons' && st.selected) {
        const may = st.lessons.mayPick(st.selected);
        if (may.error) {
          st.lessons.refuse(may);
          st.selected = null;
        }
      }
      page.redraw();
    },
    onMove(from, to) {
      st.selected = null;
      const s = session();
      const r = s.playSquares(from, to);
      if (r.error) page.toast(reason(st.words, r));
      if (st.kind === 'puzzles' && r.value === 'correct')
        later(() => {
          if (st.kind === 'puzzles') s.reply();
        }, REPLY_MS);
      if (st.kind === 'puzzles' && r.value === 'solved')
        page.announce(st.words('puzzles.solvedLine', { line: st.puzzles.puzzle.line.join(' ') }));
      if (st.kind === 'lessons' && st.lessons.note) page.announce(st.lessons.note.text);
      if (st.kind === 'puzzles' && r.value === 'wrong') page.announce(st.puzzles.note.text);
      page.redraw(); // a wrong move: the piece goes back
    },
    describeSquare: (name) => session().describeSquare(name),
    activate(name) {
      const s = session();
      const ds = s.dests().get(st.selected || '') || [];
      if (st.selected && ds.some((d) => d.to === name)) {
        owner.onMove(parseSquare(st.selected), parseSquare(name));
        return;
      }
      if (st.selected === name) {
        st.selected = null;
        page.redraw();
        return;
      }
      owner.onSelect(parseSquare(name));
      const list = st.selected && s.dests().get(st.selected);
      if (list && st.words)
        page.announce(
          st.words('square.announceSelected', { what: name, moves: destinationWords(st.words, list) }),
        );
      else if (st.kind === 'lessons' && st.lessons.note) page.announce(st.lessons.note.text);
    },
    cancel() {
      const had = !!st.selected;
      st.selected = null;
      page.redraw();
      return had;
    },
    startSquare: () => st.selected || firstSquare(session().boardConfig().orientation === 'scarlet'),
    onKey(e) {
      if (e.ctrlKey || e.metaKey || e.altKey) return true; // the game's undo/redo do nothing here
      const k = e.key.toLowerCase();
      if (e.key === 'Escape') {
        if (!owner.cancel()) exit();
      } else if (k === 'h') act('hint');
      else if (k === 'n' && session().phase !== 'play') act('next');
      else if (k === 'r') act(st.kind === 'lessons' ? 'restart' : 'retry');
      else if (
        ['arrowleft', 'arrowright', 'arrowup', 'arrowdown', 'home', 'end', 'f', 'p', ' ', 't'].includes(k)
      ) {
        /* the hidden game's keys: nothing */
      } else return false;
      e.preventDefault();
      return true;
    },
  };

  return {
    state: st,
    enter,
    relanguage,
    /** The lessons' and puzzles' words (a translator), once Learn or Puzzles has opened. */
    get words() {
      return st.words;
    },
    exit,
    act,
    session,
    owner,
    get mode() {
      return st.kind;
    },
  };
}
