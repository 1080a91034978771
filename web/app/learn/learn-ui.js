// Learning inside the game page: the tutorial (learn.js) and the puzzles (puzzles.js) take
// over the main board and a panel beside it, and the piece cards (piece-card.js) and piece
// names (piece-tip.js) work everywhere. The game underneath is kept as it was: leaving
// Learn or Puzzles shows it again.
//
// main.js hands the page's board input to `page.mode` while a session runs (its
// boardConfig, onSelect, onMove, describeSquare, activate, cancel, onKey, render) and
// calls `page.onRendered()` after each render of the game (the piece-info button).
//
//   const learn = createLearnUI({ M, board, page, ctl, createBoard, hook, sounds, ui });
//   (ui: the page's {toast(text), announce(text), renderStatus(line)})
//   learn.enter('lessons' | 'puzzles', id?);  learn.exit();  learn.openCard(letter, level?)
import { Lessons, progressStore } from './learn.js';
import { Puzzles, puzzleStore, FILTERS } from './puzzles.js';
import { openPieceCard, shownCard, cardData, cardText, cardSquareRect } from './piece-card.js';
import { createPieceTip } from './piece-tip.js';
import { parseSquare, squareName, levelOf, moveNames } from '../rules/squares.js';
import { pieceName } from '../rules/facts.js';
import { pieceWords } from '../rules/words.js';
import { PIECE_FILES } from '../../renderer/pieces.js';
import { $, esc } from '../util/dom.js';
const REPLY_MS = 550;      // the opponent's answer in a puzzle, after the solver's move
const SOLUTION_MS = 700;   // the pace of a shown solution

async function fetchJson(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return r.json();
}

export function createLearnUI({ M, board, page, ctl, createBoard, hook, sounds, ui }) {
  let lessons = null, puzzles = null;  // sessions, made on first use
  let kind = null;                     // 'lessons' | 'puzzles' | null
  let selected = null;                 // the mode's selected square (name), for the keyboard
  let timers = [];
  const later = (fn, ms) => { const t = setTimeout(() => { timers = timers.filter((x) => x !== t); fn(); }, ms); timers.push(t); };
  const clearTimers = () => { for (const t of timers) clearTimeout(t); timers = []; };

  // --- the panel --------------------------------------------------------------------------
  const panel = document.createElement('section');
  panel.className = 'card card-learn';
  panel.id = 'learn-panel';
  panel.hidden = true;
  panel.setAttribute('aria-label', 'Learn');
  panel.innerHTML = `<header class="card-head">
      <h2 id="learn-heading">Learn</h2><span class="card-head-note" id="learn-progress"></span>
      <button type="button" class="btn btn-compact learn-back" data-learn-act="exit" title="Back to your game (Esc)">Back to game</button>
    </header>
    <div class="learn-body" id="learn-body">
      <h3 class="learn-title" id="learn-title"></h3>
      <p class="learn-intro" id="learn-intro"></p>
      <p class="learn-task" id="learn-task"></p>
      <p class="learn-note" id="learn-note" role="status"></p>
      <div class="learn-actions" id="learn-actions"></div>
      <div class="learn-more" id="learn-more"></div>
    </div>`;
  document.querySelector('.side').prepend(panel);

  // the piece-info button in the status strip: the selected piece, or the piece that made
  // the move on view in the move list
  const info = document.createElement('button');
  info.type = 'button';
  info.className = 'btn btn-compact btn-ghost piece-info';
  info.id = 'piece-info';
  info.hidden = true;
  document.querySelector('.strip-tools').prepend(info);
  info.addEventListener('click', () => { if (info.dataset.letter) openCard(info.dataset.letter, Number(info.dataset.level) || null); });
  function setInfo(letter, level) {
    if (!letter) { info.hidden = true; delete info.dataset.letter; return; }
    const name = pieceName(letter);
    info.dataset.letter = letter.toUpperCase();
    info.dataset.level = String(level || '');
    info.innerHTML = `<img src="pieces/${PIECE_FILES[letter.toUpperCase()]}.svg" alt="" width="18" height="18"><span>${esc(name)}</span>`;
    info.title = `How the ${name} moves (I)`;
    info.setAttribute('aria-label', `How the ${name} moves`);
    info.hidden = false;
  }

  // --- piece cards and names ------------------------------------------------------------------
  async function openCard(letter, level = null) {
    tip.hide();
    const card = await openPieceCard(letter, { M, createBoard, level });
    if (card) ui.announce(cardText(card));
    return card;
  }
  const shownBoard = () => (kind ? session().boardConfig().pieces : ctl.shown().board);
  const shownFrozen = () => (kind ? session().boardConfig().frozen : ctl.shown().frozen.map(parseSquare));
  const tip = createPieceTip({
    board, container: $('board'),
    describe: (sq) => {
      const c = shownBoard()[sq];
      if (!c || c === '.') return null;
      const frozen = shownFrozen().includes(sq);
      return { letter: c.toUpperCase(), text: `${pieceWords(c)}${frozen ? ' · frozen' : ''}` };
    },
    onCard: (letter, level) => openCard(letter, level),
  });

  // the pieces in the help dialog: each opens its card
  const helpPieces = $('help-pieces');
  if (helpPieces) {
    helpPieces.innerHTML = M.PIECES.map((p) => `<button type="button" class="help-piece" data-piece-card="${p.letter}" title="How the ${esc(p.name)} moves">
      <img src="pieces/${PIECE_FILES[p.letter]}.svg" alt="" width="34" height="34"><span>${esc(p.name)}</span></button>`).join('');
  }
  document.addEventListener('click', (e) => {
    const c = e.target.closest('[data-piece-card]');
    if (c) { e.preventDefault(); const d = c.closest('dialog'); if (d && d.id !== 'dlg-piece') d.close(); openCard(c.dataset.pieceCard); return; }
    const l = e.target.closest('[data-learn]');
    if (l) { e.preventDefault(); const d = l.closest('dialog'); if (d) d.close(); enter(l.dataset.learn === 'puzzles' ? 'puzzles' : 'lessons'); return; }
    const a = e.target.closest('[data-learn-act]');
    if (a && !a.disabled) { e.preventDefault(); act(a.dataset.learnAct, a.dataset); }
  });

  // --- sessions -------------------------------------------------------------------------------
  const session = () => (kind === 'puzzles' ? puzzles : lessons);

  async function enter(which, id = null) {
    clearTimers();
    tip.hide();
    try {
      if (which === 'puzzles' && !puzzles) {
        puzzles = new Puzzles(M, await fetchJson('puzzles.json'), puzzleStore());
        puzzles.on('change', render);
        puzzles.on('moved', (m) => played(m));
      }
      if (which === 'lessons' && !lessons) {
        lessons = new Lessons(M, await fetchJson('learn/lessons.json'), progressStore());
        lessons.on('change', render);
        lessons.on('moved', ({ move, after }) => played(move, after));
      }
    } catch (e) {
      ui.toast(`${which === 'puzzles' ? 'The puzzles' : 'The lessons'} could not be loaded: ${(e && e.message) || e}`);
      return false;
    }
    ctl.emit('interrupt');  // a running search for the game is pointless meanwhile
    if (page.analysis) page.analysis.hold('learn', true);  // and the game's analysis waits, off the worker
    if (page.editor && page.editor.active) page.editor.close();  // the position editor gives the board back
    kind = which;
    selected = null;
    page.mode = mode;
    document.body.classList.add('mode-learn');
    document.body.classList.toggle('mode-puzzles', which === 'puzzles');
    panel.hidden = false;
    if (which === 'lessons') lessons.open(id || (lessons.lesson ? lessons.lesson.id : lessons.firstOpen()), id ? 0 : null);
    else if (id) puzzles.open(id);
    else if (!puzzles.puzzle) puzzles.resume();
    else render();
    ui.announce(which === 'lessons' ? `Learn: ${lessons.lesson.title}. ${lessons.step.task}` : `Puzzles: ${puzzles.task()}.`);
    return true;
  }

  function exit() {
    if (!kind) return;
    clearTimers();
    kind = null;
    selected = null;
    page.mode = null;
    document.body.classList.remove('mode-learn', 'mode-puzzles');
    panel.hidden = true;
    tip.hide();
    board.set({ arrows: [], selected: null });
    if (page.analysis) page.analysis.hold('learn', false);
    page.render();
    ctl.emit('turn');  // the computer may be to move in the game
  }

  // a move was played in the session: the board follows, with a slide and a sound
  function played(m, after) {
    board.set({ pieces: session().boardConfig().pieces });
    if (m.kind !== 'afar') board.set({ animate: [parseSquare(m.from), parseSquare(m.to)] });
    if (sounds) sounds.play(after && after.done ? 'end' : m.kind === 'move' ? 'move' : 'capture');
  }

  function act(what, data = {}) {
    const s = session();
    if (what === 'exit') return exit();
    if (what === 'lessons-list') return showList();
    if (kind === 'lessons') {
      if (what === 'hint') s.hint();
      else if (what === 'restart') s.restart();
      else if (what === 'next') s.next();
      else if (what === 'show') showLessonSolution();
      else if (what === 'open') s.open(data.id, data.step !== undefined ? Number(data.step) : null);
    } else if (kind === 'puzzles') {
      if (what === 'hint') s.hint();
      else if (what === 'next') s.next();
      else if (what === 'retry') s.open(s.puzzle.id);
      else if (what === 'show') showPuzzleSolution();
      else if (what === 'filter') { s.setFilter(data.filter); if (s.puzzle && s.phase !== 'play') s.next(); else if (s.puzzle && data.filter !== 'all' && s.puzzle.difficulty !== data.filter) s.next(); }
    }
  }

  function showLessonSolution() {
    const s = lessons;
    s.restart();
    const sol = [...s.step.solution];
    const stepAt = s.stepIndex, id = s.lesson.id;
    sol.forEach((mv, i) => later(() => {
      if (kind !== 'lessons' || s.lesson.id !== id || s.stepIndex !== stepAt) return;
      s.play(...moveNames(mv));
    }, SOLUTION_MS * (i + 1)));
  }

  function showPuzzleSolution() {
    const s = puzzles;
    const id = s.puzzle.id;
    const rest = s.showSolution();
    rest.forEach((mv, i) => later(() => { if (kind === 'puzzles' && s.puzzle.id === id) s.stepSolution(mv); }, SOLUTION_MS * (i + 1)));
  }

  let listOpen = false;
  function showList() { listOpen = !listOpen; render(); }

  // --- the board's input while a session runs -------------------------------------------------
  const mode = {
    boardConfig: () => ({ ...session().boardConfig(), selected: selected ? parseSquare(selected) : null }),
    pieces: () => session().boardConfig().pieces,
    onSelect(sq) {
      selected = sq === null ? null : squareName(sq);
      if (kind === 'lessons' && selected) {
        const why = lessons.whyNot(selected);
        if (why) { lessons.note = { text: why, kind: 'warn' }; selected = null; }
      }
      const c = sq === null ? null : session().boardConfig().pieces[sq];
      setInfo(c && c !== '.' ? c : null, sq === null ? null : levelOf(sq));
      render();
    },
    onMove(from, to) {
      selected = null;
      const s = session();
      const r = s.playSquares(from, to);
      if (kind === 'puzzles' && r === 'correct') later(() => { if (kind === 'puzzles') s.reply(); }, REPLY_MS);
      if (r === 'wrong') board.set({ pieces: s.boardConfig().pieces });  // the piece goes back
      if (r && r !== 'correct' && r !== 'wrong' && r !== 'solved') ui.toast(r);
      if (kind === 'puzzles' && r === 'solved') ui.announce(`Solved. ${puzzles.puzzle.line.join(' ')}`);
      if (kind === 'lessons' && lessons.note) ui.announce(lessons.note.text);
      if (kind === 'puzzles' && r === 'wrong') ui.announce(puzzles.note.text);
    },
    describeSquare: (name) => session().describeSquare(name),
    activate(name) {
      const s = session();
      const ds = s.dests().get(selected || '') || [];
      if (selected && ds.some((d) => d.to === name)) {
        const from = selected;
        mode.onMove(parseSquare(from), parseSquare(name));
        return;
      }
      if (selected === name) { selected = null; render(); return; }
      mode.onSelect(parseSquare(name));
      if (selected && s.dests().get(selected)) {
        const list = s.dests().get(selected);
        ui.announce(`${name} selected: ${list.length} ${list.length === 1 ? 'move' : 'moves'}: ${list.map((d) => d.to).join(', ')}.`);
      } else if (kind === 'lessons' && lessons.note) ui.announce(lessons.note.text);
    },
    cancel() { const had = !!selected; selected = null; render(); return had; },
    start: () => selected || (session().boardConfig().orientation === 'scarlet' ? '2f7' : '2f2'),
    onKey(e) {
      if (e.ctrlKey || e.metaKey || e.altKey) return true;  // the game's undo/redo do nothing here
      const k = e.key.toLowerCase();
      if (e.key === 'Escape') { if (!mode.cancel()) exit(); }
      else if (k === 'h') act('hint');
      else if (k === 'i') keyCard();
      else if (k === 'n' && session().phase !== 'play') act('next');
      else if (k === 'r') act(kind === 'lessons' ? 'restart' : 'retry');
      else if (['arrowleft', 'arrowright', 'arrowup', 'arrowdown', 'home', 'end', 'f', 'p', ' ', 't'].includes(k)) { /* the hidden game's keys: nothing */ }
      else return false;
      e.preventDefault();
      return true;
    },
    render: () => render(),
  };

  // I: the card of the selected piece, or of the piece on the focused square
  function keyCard() {
    const focus = page.keys && page.keys.focus();
    const sq = selected || focus;
    const c = sq ? shownBoard()[parseSquare(sq)] : null;
    if (c && c !== '.') openCard(c, levelOf(parseSquare(sq)));
    else if (info.dataset.letter) openCard(info.dataset.letter);
  }

  // --- drawing ----------------------------------------------------------------------------
  function render() {
    if (!kind) return;
    const s = session();
    board.set(mode.boardConfig());
    ui.renderStatus(s.statusLine());
    document.title = `${kind === 'lessons' ? 'Learn' : 'Puzzles'} · Dragonchess`;
    if (kind === 'lessons') renderLesson(s); else renderPuzzle(s);
    if (!selected) setInfo(null);
    if (page.keys) page.keys.refresh();
  }

  function button(what, label, { primary = false, title = '', data = {} } = {}) {
    const attrs = Object.entries(data).map(([k, v]) => ` data-${k}="${esc(v)}"`).join('');
    return `<button type="button" class="btn${primary ? ' btn-primary' : ''}" data-learn-act="${what}"${attrs}${title ? ` title="${esc(title)}"` : ''}>${esc(label)}</button>`;
  }

  function renderLesson(s) {
    const list = s.list();
    const done = list.filter((l) => l.done).length;
    $('learn-heading').textContent = 'Learn';
    $('learn-progress').textContent = `${done} of ${list.length} lessons done`;
    $('learn-title').textContent = s.lesson.title + (s.lesson.steps.length > 1 ? ` · step ${s.stepIndex + 1} of ${s.lesson.steps.length}` : '');
    $('learn-intro').textContent = s.stepIndex === 0 || s.phase !== 'play' ? s.lesson.intro : '';
    $('learn-task').textContent = s.step.task;
    const note = $('learn-note');
    note.textContent = s.note ? s.note.text : '';
    note.className = `learn-note${s.note ? ' is-' + s.note.kind : ''}`;
    const acts = [];
    if (s.phase === 'play') acts.push(button('hint', 'Hint', { title: 'A hint (H)' }), button('show', 'Show me'));
    if (s.moves.length || s.phase !== 'play') acts.push(button('restart', 'Start again', { primary: s.phase === 'failed', title: 'Start the step again (R)' }));
    if (s.phase === 'done' && s.hasNext()) acts.push(button('next', s.stepIndex + 1 < s.lesson.steps.length ? 'Next step' : 'Next lesson', { primary: true, title: 'Go on (N)' }));
    if (s.lesson.piece) acts.push(`<button type="button" class="btn" data-piece-card="${s.lesson.piece}">${esc(pieceName(s.lesson.piece))} card</button>`);
    acts.push(button('lessons-list', listOpen ? 'Hide the lessons' : 'All lessons'));
    $('learn-actions').innerHTML = acts.join('');
    $('learn-more').innerHTML = listOpen ? `<ol class="learn-list">${list.map((l) => `<li>
      <button type="button" class="learn-item${l.id === s.lesson.id ? ' is-current' : ''}" data-learn-act="open" data-id="${esc(l.id)}"
        aria-label="${esc(l.title)}${l.done ? ', done' : l.stepsDone ? `, ${l.stepsDone} of ${l.steps} steps done` : ''}">
        ${l.piece ? `<img src="pieces/${PIECE_FILES[l.piece]}.svg" alt="" width="22" height="22">` : '<span class="learn-rule-dot" aria-hidden="true"></span>'}
        <span>${esc(l.title)}</span>${l.done ? '<b class="learn-check" aria-hidden="true">✓</b>' : l.stepsDone ? `<small>${l.stepsDone}/${l.steps}</small>` : ''}
      </button></li>`).join('')}</ol>` : '';
  }

  function renderPuzzle(s) {
    const st = s.stats();
    const p = s.puzzle;
    $('learn-heading').textContent = 'Puzzles';
    $('learn-progress').textContent = `${st.solved} of ${st.total} solved`;
    $('learn-title').textContent = `Puzzle ${p.id.replace(/^p0*/, '')} · ${p.difficulty} (${p.rating})`;
    $('learn-intro').textContent = p.tags.filter((t) => TAG_WORDS[t]).map((t) => TAG_WORDS[t]).join(' · ');
    $('learn-task').textContent = s.task() + '.';
    const note = $('learn-note');
    note.textContent = s.note ? s.note.text : '';
    note.className = `learn-note${s.note ? ' is-' + s.note.kind : ''}`;
    const acts = [];
    if (s.phase === 'play') acts.push(button('hint', 'Hint', { title: 'First the piece, then the move (H)' }), button('show', 'Solution'));
    if (s.phase !== 'play' || s.mistakes) acts.push(button('retry', 'Try again', { title: 'R' }));
    acts.push(button('next', 'Next puzzle', { primary: s.phase !== 'play', title: 'N' }));
    $('learn-actions').innerHTML = acts.join('');
    $('learn-more').innerHTML = `<div class="seg seg-filter" role="group" aria-label="Difficulty">${FILTERS.map((f) =>
      `<button type="button" class="btn btn-compact${s.filter === f ? ' is-on' : ''}" aria-pressed="${s.filter === f}" data-learn-act="filter" data-filter="${f}">${f[0].toUpperCase() + f.slice(1)}</button>`).join('')}</div>
      <p class="learn-small">${st.all} puzzles found by the engine in its own games; each has one best first move.</p>`;
  }

  // a new or restored game ends Learn and Puzzles
  for (const id of ['form-new', 'btn-restore-prev']) {
    const el = $(id);
    if (el) el.addEventListener(id === 'form-new' ? 'submit' : 'click', () => exit());
  }

  // --- the game page's piece-info button ------------------------------------------------------
  page.onRendered = () => {
    if (kind) return;
    const snap = ctl.shown();
    if (ctl.selected) {
      const c = snap.board[parseSquare(ctl.selected)];
      setInfo(c !== '.' ? c : null, levelOf(parseSquare(ctl.selected)));
    } else if (!ctl.isLive() && snap.last) {
      const sq = parseSquare(snap.last.kind === 'afar' ? snap.last.from : snap.last.to);
      setInfo(snap.board[sq] !== '.' ? snap.board[sq] : null, levelOf(sq));
    } else {
      setInfo(null);
    }
  };
  board.on('select', (sq) => {
    if (kind || sq === null) return;
    const c = ctl.shown().board[sq];
    if (c && c !== '.') setInfo(c, levelOf(sq));
  });
  // I on the game page: the card of the selected or focused piece
  document.addEventListener('keydown', (e) => {
    if (kind || e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'i' && e.key !== 'I')) return;
    if (document.querySelector('dialog[open]')) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const sq = ctl.selected || (page.keys && page.keys.focus());
    const c = sq ? ctl.shown().board[parseSquare(sq)] : null;
    if (c && c !== '.') { e.preventDefault(); openCard(c, levelOf(parseSquare(sq))); }
    else if (info.dataset.letter) { e.preventDefault(); openCard(info.dataset.letter); }
  });

  // --- test hooks ---------------------------------------------------------------------------------
  if (hook) {
    hook.learn = {
      mode: () => kind,
      enter, exit, openCard,
      card: () => shownCard(),
      tip: () => tip.shown(),
      lesson: () => (lessons && lessons.lesson ? { id: lessons.lesson.id, step: lessons.stepIndex, phase: lessons.phase, moves: [...lessons.moves], note: lessons.note, solution: lessons.solutionMove(), progress: lessons.list().filter((l) => l.done).map((l) => l.id) } : null),
      puzzle: () => (puzzles && puzzles.puzzle ? { id: puzzles.puzzle.id, phase: puzzles.phase, k: puzzles.k, moves: [...puzzles.puzzle.moves], replyPending: puzzles.replyPending, note: puzzles.note, solved: Object.keys(puzzles.progress.solved) } : null),
      cardData: (letter) => cardData(M, letter),
      cardSquareRect: (name) => cardSquareRect(parseSquare(name)),
    };
  }

  return { enter, exit, openCard, get mode() { return kind; } };
}

// Tag names of the puzzle file, in words for the panel.
const TAG_WORDS = {
  afar: 'capture from afar', freezing: 'freezing', via: 'through a square', 'level-change': 'changing levels',
  'sylph-return': "the Sylph's return", promotion: 'promotion', 'check-levels': 'check across levels', mate: 'mate',
};
