// Piece cards: what a piece is called, what it is worth, where it lives and how it moves,
// on every level it can stand on: a move diagram (core/diagram through the engine's
// moveDiagram, the same source as the embeds) and core's words for that level, under the
// game's rule set; where the other rule set moves the piece differently (Board Game
// Arena's Griffon and Basilisk), its words too. Core names the words by their catalogue
// key (PIECES[].movementByRules, 'move.griffon.ground'); a reader's translator formats
// them (util/i18n.js). cardData() is plain data (tests/node/learn.test.mjs); createPieceCards()'s
// open() shows it in a dialog with one board component drawing the diagram of the chosen level.
import { parseSquare, SQUARES } from '../../facts/squares.js';
import { useFacts, ruleSetList, ruleSetName, defaultRules } from '../../facts/facts.js';
import { pieceTerm, levelTerm, ruleSetTerm } from '../../facts/terms.js';
import { translateDom } from '../../util/dom-words.js';
import { PIECE_FILES } from '../../../renderer/pieces.js';
import { $, esc, all } from '../../util/dom.js';
import { settle } from '../../util/result.js';
import { rulesLink, pieceAnchor } from '../../session/share/rules-page-links.js';

// The square a piece is shown on for its diagram on each level (the middle of the board).
const DEMO_SQUARE = { 1: '1f4', 2: '2f4', 3: '3f4' };
// Where the two Kings wait while a diagram is drawn (a position needs them): corners of a
// level the demonstrated piece does not stand on, out of every piece's reach.
const KING_SQUARES = { 1: ['3a1', '3l8'], 2: ['1a1', '1l8'], 3: ['1a1', '1l8'] };

/** The facts of a piece type from core (M.PIECES): {letter, name, value (pawns), levels,
 *  rules, movement (the catalogue keys of its words on level 1, 2, 3 under `rules`, Gygax's
 *  by default), others: [{rules, name, movement}] (the other rule sets' keys, '' on a level
 *  where the words are the same)}. */
export function pieceFacts(M, letter, rules) {
  useFacts(M);
  rules ??= defaultRules();
  const L = String(letter || '').toUpperCase();
  const p = M.PIECES.find((x) => x.letter === L);
  if (!p) return null;
  const by = p.movementByRules;
  const movement = [...(by[rules] || p.movement)];
  const others = ruleSetList()
    .filter((r) => r.id !== rules && by[r.id])
    .map((r) => ({
      rules: r.id,
      name: ruleSetName(r.id),
      movement: by[r.id].map((w, i) => (w === movement[i] ? '' : w)),
    }))
    .filter((o) => o.movement.some((w) => w));
  return { letter: L, name: p.name, value: p.value / 100, levels: [...p.levels], rules, movement, others };
}

/** A 288-character board with one piece on one square. */
function lonePiece(letter, square) {
  const b = new Array(SQUARES).fill('.');
  b[parseSquare(square)] = letter;
  return b.join('');
}

/**
 * The diagram of a Gold `letter` standing alone on the middle of `level`:
 * {level, square, pieces (board string with that piece only), fen (the position string:
 * the piece and the two Kings), diagram {move, capture,
 * afar} (square numbers, for board.set), levels (the levels it reaches, Sky first),
 * wordsKey (the catalogue key of core's sentence for this level), others: [{rules, name,
 * wordsKey}] (the other rule sets' where their words differ)}, under `rules`; or null
 * when it never stands there.
 */
export function levelDiagram(M, letter, level, rules) {
  const facts = pieceFacts(M, letter, rules);
  rules = facts && facts.rules;
  if (!facts || !facts.levels.includes(level)) return null;
  const square = DEMO_SQUARE[level];
  const [gk, sk] = KING_SQUARES[level];
  const board = lonePiece(facts.letter, square).split('');
  if (facts.letter !== 'K') board[parseSquare(gk)] = 'K';
  board[parseSquare(sk)] = 'k';
  const g = new M.Game();
  try {
    const fen = M.positionFromBoard(board.join(''), 'gold', rules); // core writes the position string
    g.setPosition(fen, [], rules);
    const d = g.moveDiagram(square);
    const ints = (list) => list.map(parseSquare);
    const diagram = {
      move: ints([...d.move, ...d.both]),
      capture: ints([...d.capture, ...d.both]),
      afar: ints(d.afar),
    };
    const reached = new Set([level]);
    for (const list of [d.move, d.capture, d.both, d.afar]) for (const q of list) reached.add(Number(q[0]));
    return {
      level,
      square,
      pieces: lonePiece(facts.letter, square),
      fen,
      diagram,
      levels: [...reached].sort((a, b) => b - a),
      wordsKey: facts.movement[level - 1],
      others: facts.others
        .filter((o) => o.movement[level - 1])
        .map((o) => ({ rules: o.rules, name: o.name, wordsKey: o.movement[level - 1] })),
      count: d.move.length + d.capture.length + d.both.length + d.afar.length,
    };
  } finally {
    g.delete();
  }
}

/** Everything a piece card shows: the facts and a diagram per level it lives on (Sky
 *  first), under `rules` (the game's rule set). */
export function cardData(M, letter, rules) {
  const facts = pieceFacts(M, letter, rules);
  if (!facts) return null;
  const levels = [...facts.levels].sort((a, b) => b - a);
  return { ...facts, diagrams: levels.map((l) => levelDiagram(M, facts.letter, l, rules)) };
}

/** @typedef {import('../../util/i18n.js').Translator} Translator */

const otherWords = (t, o) => t('page.card.under', { rules: ruleSetTerm(t, o.rules), words: t(o.wordsKey) });

/** The card's text for screen readers and tests: name, value, levels, a sentence per level
 *  (the words through `t`, the page's translator). */
export function cardText(card, /** @type {Translator} */ t) {
  const where = card.levels
    .map((level) => t('page.boardName', { name: levelTerm(t, level), level }))
    .join(', ');
  const value = card.letter === 'K' ? t('page.card.priceless') : t('page.card.value', { value: card.value });
  return [
    t('page.card.text', { piece: pieceTerm(t, card.letter), value, levels: where }),
    ...card.diagrams.map((d) =>
      [
        t('page.card.on', { level: levelTerm(t, d.level), words: t(d.wordsKey) }),
        ...d.others.map((o) => otherWords(t, o)),
      ].join(' '),
    ),
  ].join(' ');
}

// --- the dialog ---------------------------------------------------------------------------
const nextFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/**
 * The piece card's dialog, made once per page: open(letter, o) shows the card of `letter`
 * (the dialog says its letter and whether its diagram is drawn: data-letter, data-drawn).
 */
export function createPieceCards() {
  /** @type {{board: any, card: any, M?: any, level?: number}} its board, made on the first card */
  const st = { board: null, card: null };
  function ensureDialog() {
    let dlg = $('dlg-piece');
    if (dlg) return dlg;
    dlg = document.createElement('dialog');
    dlg.id = 'dlg-piece';
    dlg.className = 'dialog dialog-piece';
    dlg.setAttribute('aria-labelledby', 'piece-card-title');
    dlg.innerHTML = `<form method="dialog" class="dialog-body">
      <header class="piece-card-head">
        <img class="piece-card-icon" id="piece-card-icon" alt="" width="56" height="56">
        <div><h2 id="piece-card-title"></h2><p class="piece-card-facts" id="piece-card-facts"></p></div>
      </header>
      <div class="piece-card-levels" id="piece-card-levels" role="tablist" data-i18n-label="page.card.levels"></div>
      <div class="piece-card-board" id="piece-card-board" aria-hidden="true"></div>
      <p class="piece-card-legend" data-i18n="page.card.legend"></p>
      <ul class="piece-card-words" id="piece-card-words"></ul>
      <p class="piece-card-more"><a id="piece-card-rules" href="" target="_blank"></a></p>
      <div class="dialog-actions"><button type="submit" class="btn btn-primary" id="piece-card-close" data-i18n="dialog.close"></button></div>
    </form>`;
    document.body.append(dlg);
    dlg.addEventListener('click', (e) => {
      const b = e.target.closest('[data-card-level]');
      if (b) {
        e.preventDefault();
        showLevel(Number(b.dataset.cardLevel));
      }
    });
    return dlg;
  }

  function showLevel(level) {
    const d = st.card.diagrams.find((x) => x.level === level) || st.card.diagrams[0];
    st.level = d.level;
    for (const b of all('[data-card-level]')) {
      const on = Number(b.dataset.cardLevel) === d.level;
      b.setAttribute('aria-selected', String(on));
      b.classList.toggle('is-on', on);
    }
    for (const li of all('#piece-card-words li'))
      li.classList.toggle('is-on', Number(li.dataset.level) === d.level);
    if (st.board) {
      st.board.set({
        levels: d.levels,
        pieces: d.pieces,
        selected: parseSquare(d.square),
        diagram: d.diagram,
        lastMove: null,
        check: null,
        frozen: [],
        arrows: [],
        dests: null,
      });
    }
  }

  /**
   * Opens the card of `letter` (any case) in a dialog. o: {M (the engine module), createBoard
   * (board.js), level (the level to show first), rules (the game's rule set), t (the page's
   * translator, for core's words)}. Resolves once the diagram is drawn.
   */
  async function open(letter, o) {
    const card = cardData(o.M, letter, o.rules || undefined);
    if (!card) return null;
    const { t } = o;
    const dlg = ensureDialog();
    translateDom(dlg, t); // its frame in the language of `t`
    Object.assign(st, { card, M: o.M });
    const name = pieceTerm(t, card.letter);
    $('piece-card-title').textContent = name;
    const more = $('piece-card-rules');
    more.href = rulesLink(pieceAnchor(card.name), card.rules === ruleSetList()[0].id ? null : card.rules);
    more.textContent = t('page.card.rulesLink', { piece: name });
    const icon = $('piece-card-icon');
    icon.src = `pieces/${PIECE_FILES[card.letter]}.svg`;
    const where = card.levels.map((l) => `${levelTerm(t, l)} (${l})`).join(', ');
    $('piece-card-facts').textContent = t('page.card.facts', {
      value: card.letter === 'K' ? t('page.card.king') : t('page.card.worth', { value: card.value }),
      levels: where,
    });
    $('piece-card-levels').innerHTML = card.diagrams
      .map(
        (d) =>
          `<button type="button" role="tab" class="btn btn-compact" data-card-level="${d.level}">${esc(levelTerm(t, d.level))}</button>`,
      )
      .join('');
    $('piece-card-words').innerHTML = card.diagrams
      .map(
        (d) =>
          `<li data-level="${d.level}"><b>${esc(t('page.card.onLevel', { level: levelTerm(t, d.level), number: d.level }))}</b> ${esc(t(d.wordsKey))}` +
          d.others
            .map(
              (x) =>
                `<span class="piece-card-other"><b>${esc(t('page.card.underRules', { rules: ruleSetTerm(t, x.rules) }))}</b> ${esc(t(x.wordsKey))}</span>`,
            )
            .join('') +
          '</li>',
      )
      .join('');
    const first = card.diagrams.find((d) => d.level === o.level) ? o.level : card.diagrams[0].level;
    st.level = first;
    dlg.dataset.letter = card.letter;
    dlg.dataset.drawn = 'false';
    if (!dlg.open) dlg.showModal();
    if (!st.board) {
      st.board = await o.createBoard($('piece-card-board'), {
        interactive: false,
        levels: card.diagrams[0].levels,
      });
    }
    await nextFrames(); // the reopened dialog has its size: the board has measured its box
    showLevel(first);
    await st.board.ready;
    await nextFrames();
    await Promise.all(dlg.getAnimations().map((a) => settle(a.finished))); // the dialog's pop-in (or its cancelling)
    if (st.card === card) dlg.dataset.drawn = 'true';
    return card;
  }
  return { open };
}
