// The page chrome around the boards: status line, players, move list, engine panel,
// dialogs and toast. Pure DOM rendering from the state the controller passes in.
import { material } from '../../session/game/model.js';
import { pieceSide, ruleSetShortName } from '../../facts/facts.js';
import { pieceTerm, sideTerm, ruleSetTerm, ruleSummaryTerm } from '../../facts/terms.js';
import { pieceIcons, loadedIcons } from '../../../renderer/pieces.js';
import { playerLabel, matchupHtml } from '../../session/game/players.js';
import { goldChance, evalText } from '../../session/analysis/review.js';
import { $, esc, moveHtml, lineNumber } from '../../util/dom.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

// --- status line ----------------------------------------------------------------------
// s: {text, sub, subKind ('warn'|'note'|''), side, kind ('check'|'over'|'browsing'|''), backLink, action: {label, act}}
function renderStatus(s, /** @type {Translator} */ t) {
  const box = $('status');
  box.classList.toggle('is-check', s.kind === 'check');
  box.classList.toggle('is-over', s.kind === 'over');
  box.classList.toggle('is-browsing', s.kind === 'browsing');
  const dot = $('status-dot');
  dot.className = 'turn-dot' + (s.side ? ' ' + s.side : '');
  $('status-main').textContent = s.text;
  const sub = $('status-sub');
  sub.className = 'status-sub' + (s.subKind ? ' is-' + s.subKind : '') + (s.action ? ' has-action' : '');
  // the words shorten (…) when space is short; the buttons after them always show
  sub.replaceChildren(
    Object.assign(document.createElement('span'), { className: 'status-sub-text', textContent: s.sub || '' }),
  );
  const button = (label, key, value) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'linkish';
    b.dataset[key] = value;
    b.textContent = label;
    sub.append(b);
  };
  if (s.action) button(s.action.label, 'act', s.action.act); // a note's offer: a page action
  if (s.backLink) button(t('page.status.back'), 'nav', 'last');
}

// --- players ----------------------------------------------------------------------------
// Each side's captures beside its name: the pieces it took, one icon per kind with how many
// (renderer/pieces.js: Scarlet's recoloured the way the board view does it), and its lead in
// material (Gygax's values). They wrap below the name when the row is narrow: never over it.
const ORDER = 'MPCRGOHETBUDSWK';
function capturesHtml(letters, icons, /** @type {Translator} */ t) {
  const n = new Map();
  for (const c of letters) n.set(c, (n.get(c) || 0) + 1);
  return [...n]
    .sort(([a], [b]) => ORDER.indexOf(a.toUpperCase()) - ORDER.indexOf(b.toUpperCase()))
    .map(([c, k]) => {
      const name = pieceTerm(t, c);
      const label = k > 1 ? `${name} ×${k}` : name;
      const icon = icons[c]
        ? `<img src="${icons[c]}" alt="">`
        : `<span class="cap-letter">${esc(c.toUpperCase())}</span>`;
      return `<span class="cap" title="${esc(label)}" aria-label="${esc(label)}">${icon}${k > 1 ? `<small>${k}</small>` : ''}</span>`;
    })
    .join('');
}

// "Gold +4.5" / "Even" (Gygax's values)
export function materialText(board, /** @type {Translator} */ t) {
  const m = material(board);
  const d = m.gold - m.scarlet;
  return d === 0
    ? t('page.material.even')
    : t('page.material.lead', { side: sideTerm(t, d > 0 ? 'gold' : 'scarlet'), lead: fmtNum(Math.abs(d)) });
}

function fmtNum(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

// --- move list ------------------------------------------------------------------------
// Comments longer than FOLD_COMMENT characters are shown folded (their first FOLD_SHOWN).
export const FOLD_COMMENT = 400,
  FOLD_SHOWN = 240;
// A comment's part of the list's key: its length and ends (not the whole of a long one).
const commentKey = (c) => (c ? c.length + ':' + (c.length <= 64 ? c : c.slice(0, 32) + c.slice(-32)) : '');

// Scrolls the move list so that the move on view is in sight: the last move (and the
// result under it) at the bottom, the start at the top, any other in the middle if hidden.
function showCurrentMove(box) {
  const cur = box.querySelector('.is-current');
  if (!cur) {
    box.scrollTop = 0;
  } else if (cur.classList.contains('is-live')) {
    box.scrollTop = box.scrollHeight;
  } else {
    const b = box.getBoundingClientRect(),
      c = cur.getBoundingClientRect();
    if (c.top < b.top || c.bottom > b.bottom) box.scrollTop += c.top - b.top - b.height / 2 + c.height / 2;
  }
}

function resultHtml(r) {
  return `<div class="moves-result"><b>${esc(r.score)}</b><span>${esc(r.title)}</span></div>`;
}

// --- engine panel -----------------------------------------------------------------------
function renderEngineState(e, /** @type {Translator} */ t) {
  const st = $('engine-state');
  st.textContent = e.label;
  st.classList.toggle('is-busy', !!e.busy);
  const stop = $('btn-stop');
  stop.disabled = !e.busy;
  const mini = /** @type {HTMLElement | null} */ (document.querySelector('.btn-stop-mini'));
  if (mini) {
    mini.hidden = !e.busy;
    mini.querySelector('span').textContent = t(e.purpose === 'hint' ? 'page.stop' : 'page.moveNow');
  }
  $('btn-stop-label').textContent = t(e.purpose === 'hint' ? 'page.stop' : 'page.moveNow');
  const pause = $('btn-pause');
  pause.hidden = !e.showPause;
  pause.classList.toggle('is-on', !!e.paused);
  $('btn-pause-label').textContent = t(e.paused ? 'page.resume' : 'page.pause');
}

function compact(x) {
  if (typeof x !== 'number' || !isFinite(x)) return '–';
  if (x >= 1e6) return (x / 1e6).toFixed(x >= 1e7 ? 0 : 1) + 'M';
  if (x >= 1e3) return (x / 1e3).toFixed(x >= 1e4 ? 0 : 1) + 'k';
  return String(Math.round(x));
}

// Shows the longest form of the rule set's name that fits its room (the last if none does).
// The room is the header's rest whatever the name's form (style.css: it takes all of it).
function fitRules() {
  const el = $('game-rules');
  const forms = /** @type {HTMLElement[]} */ ([...el.querySelectorAll('.rules-form')]);
  for (const f of forms) f.hidden = false;
  const room = el.clientWidth;
  const fit = forms.findIndex((f) => f.offsetWidth <= room);
  forms.forEach((f, i) => (f.hidden = i !== (fit < 0 ? forms.length - 1 : fit)));
}

// --- top bar ----------------------------------------------------------------------------
function renderMatchup(/** @type {Translator} */ t, players) {
  const html = matchupHtml(t, players);
  if ($('matchup').dataset.html !== html) {
    $('matchup').innerHTML = html;
    $('matchup').dataset.html = html;
  }
}

// --- toast --------------------------------------------------------------------------------
export const TOAST_MS = 4000;
const TOAST_MAX_MS = 8000;

// --- the view ---------------------------------------------------------------------------
/**
 * The page's chrome, drawn into its elements (index.html's ids): one per page, made by
 * main.js and handed to the parts that draw or toast. What it keeps is what it drew last
 * (drawn again only when it changes) and its observers and timer.
 */
export function createView(/** @type {Translator} */ t) {
  let lastPlayers = null,
    iconsAsked = false;
  let lastMovesKey = '',
    shownComments = [],
    foldWired = false,
    movesObserver = null;
  let lastInfo, lastEmpty, lastLocale; // the engine's report on show, in the language on show
  let rulesObserver = null;
  let toastTimer = 0;

  // p: {players, flipped, toMove (side or null), thinking (side or null), board, captured (letters taken so far),
  //     clock (the game has clocks: their places, which clock-view.js fills)}
  function renderPlayers(p) {
    lastPlayers = p;
    if (!iconsAsked) {
      iconsAsked = true;
      pieceIcons().then(() => lastPlayers && renderPlayers(lastPlayers));
    }
    const icons = loadedIcons();
    const mat = material(p.board);
    const diff = mat.gold - mat.scarlet;
    const fill = (el, side) => {
      const { name, sub } = playerLabel(t, p.players, side);
      const ahead = side === 'gold' ? diff : -diff;
      // the pieces this side took: the other side's
      const took = (p.captured || []).filter((c) => pieceSide(c) && pieceSide(c) !== side);
      const cls =
        `player player-${el.id === 'player-top' ? 'top' : 'bottom'}` +
        (p.toMove === side ? ' to-move' : '') +
        (p.thinking === side ? ' is-thinking' : '') +
        (p.clock ? ' has-clock' : '');
      const html =
        `<i class="chip chip-${side}"></i>
        <div class="player-info"><div class="player-name">${esc(name)}
          <span class="thinking" title="${esc(t('page.player.thinking'))}"><i></i><i></i><i></i></span></div>
          <div class="player-sub">${esc(sub)}</div></div>
        <div class="player-mat" title="${esc(t('page.player.material'))}"><span class="taken" aria-label="${esc(t('page.player.took', { count: took.length }))}">${capturesHtml(took, icons, t)}</span>${ahead > 0 ? '<b>+' + fmtNum(ahead) + '</b>' : ''}</div>` +
        (p.clock ? `<div class="player-clock" data-clock="${side}" role="timer"></div>` : '');
      if (el.className !== cls) el.className = cls;
      if (el.innerHTML !== html && el.dataset.html !== html) {
        el.innerHTML = html;
        el.dataset.html = html;
        // on a clock the captures keep to one line: smaller icons when they would overflow it
        const mat = el.querySelector('.player-mat');
        if (p.clock && mat && mat.scrollWidth > mat.clientWidth) mat.classList.add('is-dense');
      }
      el.dataset.side = side;
    };
    // Gold plays up the boards: at the bottom unless flipped.
    fill($('player-top'), p.flipped ? 'gold' : 'scarlet');
    fill($('player-bottom'), p.flipped ? 'scarlet' : 'gold');
  }

  // m: {plies: [{algebraic, label}], firstSide, view, result: {title, reason} | null,
  //     words(ply) -> the move in words (for screen readers), marks: Map(ply -> {kind, glyph,
  //     better}) | null (a review's judged moves), notes: {comments, glyphs} | null (an
  //     opened record's: comments[0] before the first move, comments[k] after ply k; glyphs[k - 1]
  //     the glyph of ply k)}; a ply's label is core's move number ("12." Gold, "12…" Scarlet)
  function renderMoves(m) {
    const box = $('moves');
    const marks = m.marks || new Map();
    const comments = (m.notes && m.notes.comments) || [],
      glyphs = (m.notes && m.notes.glyphs) || [];
    const key =
      t.locale +
      '|' +
      m.plies.map((p) => p.algebraic).join(' ') +
      '|' +
      m.view +
      '|' +
      (m.result ? m.result.title : '') +
      '|' +
      [...marks].map(([k, v]) => k + v.glyph).join(',') +
      '|' +
      glyphs.join(',') +
      '|' +
      comments.map(commentKey).join('\u0001');
    if (key === lastMovesKey) return;
    lastMovesKey = key;
    $('moves-note').textContent = m.plies.length ? t('page.moves.plies', { count: m.plies.length }) : '';
    // A record's comment; a long one folded: its beginning, and the whole in a box of its own
    // when opened (put in then, not at every redraw).
    shownComments = comments;
    if (!foldWired) {
      foldWired = true;
      box.addEventListener(
        'toggle',
        (e) => {
          const d = e.target;
          if (!d.matches || !d.matches('.mv-comment-fold')) return;
          d.querySelector('.mv-comment-full').textContent = d.open
            ? shownComments[Number(d.dataset.comment)] || ''
            : '';
        },
        true,
      );
    }
    const commentBody = (k) =>
      comments[k].length <= FOLD_COMMENT
        ? esc(comments[k])
        : `<details class="mv-comment-fold" data-comment="${k}"><summary>${esc(comments[k].slice(0, FOLD_SHOWN))}… ` +
          `<span class="mv-comment-more">${esc(t('page.moves.showAll', { count: comments[k].length }))}</span></summary>` +
          '<div class="mv-comment-full"></div></details>';
    if (!m.plies.length) {
      box.innerHTML =
        `<div class="moves-empty">${esc(t('page.moves.empty', { side: sideTerm(t, m.firstSide === 'gold' ? 'gold' : 'scarlet') }))}</div>` +
        (comments[0] ? `<div class="mv-comment">${commentBody(0)}</div>` : '') +
        (m.result ? resultHtml(m.result) : '');
      return;
    }
    const rows = [];
    // a comment: a row of its own under the move it follows (as lichess shows them)
    const commentRow = (k) =>
      comments[k] ? `<tr class="mv-comment"><td colspan="3">${commentBody(k)}</td></tr>` : '';
    rows.push(commentRow(0));
    const gap = '<td><span class="mv" aria-hidden="true">…</span></td>';
    const offset = m.firstSide === 'gold' ? 0 : 1; // a game starting with Scarlet to move
    let cells = [],
      number = '';
    const endRow = () => {
      while (cells.length < 2) cells.push('<td></td>');
      rows.push(`<tr><th scope="row" class="n">${number}</th>${cells.join('')}</tr>`);
      cells = [];
    };
    for (let k = 0; k < m.plies.length; k++) {
      const ply = k + 1,
        gold = (k + offset) % 2 === 0;
      if (gold || !cells.length) number = m.plies[k].label.replace(/[.…]$/, '');
      if (!gold && !cells.length) cells.push(gap); // Scarlet's move opens a row: after a comment, or first
      const mk = marks.get(ply);
      const cls =
        'mv' +
        (ply === m.view ? ' is-current' : '') +
        (ply === m.plies.length ? ' is-live' : '') +
        (mk ? ` mv-${mk.kind}` : '');
      const words = m.words ? m.words(ply) : '';
      const kindName = mk ? t('analysis.kind', { kind: mk.kind }) : '';
      const judged = mk ? ', ' + t('page.moves.judged', { name: kindName, better: mk.better }) : '';
      const own = !mk && glyphs[k] ? glyphs[k] : ''; // the record's glyph, where no review judged the move
      const said = comments[ply] && comments[ply].length > FOLD_COMMENT;
      const label =
        t('page.moves.label', {
          number,
          side: sideTerm(t, gold ? 'gold' : 'scarlet'),
          move: m.plies[k].algebraic + own,
        }) +
        `${words ? ', ' + words : ''}${judged}` +
        (comments[ply]
          ? '. ' +
            t(said ? 'page.moves.commentFolded' : 'page.moves.comment', {
              text: said ? comments[ply].slice(0, FOLD_SHOWN) : comments[ply],
            })
          : '');
      const glyph = mk
        ? `<span class="glyph" title="${esc(t('page.moves.better', { name: kindName, better: mk.better }))}">${esc(mk.glyph)}</span>`
        : own
          ? `<span class="glyph glyph-record">${esc(own)}</span>`
          : '';
      cells.push(
        `<td><button type="button" class="${cls}" data-ply="${ply}" aria-label="${esc(label)}"${ply === m.view ? ' aria-current="true"' : ''}>${moveHtml(m.plies[k].algebraic)}${glyph}</button></td>`,
      );
      // A comment ends the row (after a Gold move, Scarlet's reply opens the next row with "…").
      if (cells.length === 2 || comments[ply] || ply === m.plies.length) endRow();
      rows.push(commentRow(ply));
    }
    box.innerHTML =
      `<table><caption class="sr-only">${esc(t('page.moves.caption'))}</caption>` +
      `<thead class="sr-only"><tr><th scope="col">${esc(t('page.moves.number'))}</th><th scope="col">${esc(sideTerm(t, 'gold'))}</th><th scope="col">${esc(sideTerm(t, 'scarlet'))}</th></tr></thead>` +
      `<tbody>${rows.join('')}</tbody></table>` +
      (m.result ? resultHtml(m.result) : '');
    showCurrentMove(box);
    if (!movesObserver) {
      // The list's box changes height when the panels around it do (the engine's card while
      // it thinks, the window): the move on view stays in sight.
      movesObserver = new ResizeObserver(() => showCurrentMove(box));
      movesObserver.observe(box);
    }
  }

  // info: {depth, score, mate, nodes, nps, pv[]} with score from the side to move; side:
  // the side to move in the searched position; label(i): core's move number of the line's
  // i-th move ("12." or "12…", written before a Gold move and before the line's first);
  // empty: what the card says without an evaluation (why it shows none).
  function renderEngineInfo(info, side, label, empty = t('page.pvEmpty')) {
    if (info === lastInfo && empty === lastEmpty && t.locale === lastLocale) return;
    lastInfo = info;
    lastEmpty = empty;
    lastLocale = t.locale;
    $('eval-score').classList.toggle('is-empty', !info);
    if (!info) {
      $('eval-score').textContent = t('page.noEval');
      $('eng-depth').textContent = '–';
      $('eng-nodes').textContent = '–';
      $('eng-nps').textContent = '–';
      $('evalbar-fill').style.width = '50%';
      $('eng-pv').innerHTML = `<span class="pv-empty">${esc(empty)}</span>`;
      return;
    }
    const ev = { side, score: info.score, mate: info.mate }; // the bar: Gold's chance to win (the review's curve)
    $('eval-score').textContent = evalText(ev);
    const frac = goldChance(ev);
    $('eval-score').title = t('page.eval.title');
    $('evalbar-fill').style.width = (frac * 100).toFixed(1) + '%';
    $('eng-depth').textContent = info.depth ?? '–';
    $('eng-nodes').textContent = compact(info.nodes);
    $('eng-nps').textContent = compact(info.nps);
    $('eng-pv').innerHTML =
      (info.pv || [])
        .slice(0, 16)
        .map((mv, i) => {
          const n = lineNumber(label(i), i);
          return `${n ? n + ' ' : ''}<span class="pv-m">${moveHtml(mv)}</span>`;
        })
        .join(' ') || '<span class="pv-empty">…</span>';
  }

  // The game's rule set, in the moves card's header: "Rules: Board Game Arena" (core's names);
  // where the header has no room for that, "Rules: BGA", then "BGA" (core's short names). The
  // whole name is in its title and said to a screen reader.
  function renderRules(rules) {
    const el = $('game-rules');
    const text = ruleSetTerm(t, rules);
    const said = t('page.rules', { name: text });
    if (el.dataset.rules === rules && el.dataset.text === said) return;
    el.dataset.rules = rules;
    el.dataset.text = said;
    // the name in bold inside the message's words: "Rules: <b>BGA</b>"
    const [before, after = ''] = t('page.rules', { name: '\u0001' }).split('\u0001');
    const named = (name) => `${esc(before)}<b>${esc(name)}</b>${esc(after)}`;
    const short = ruleSetShortName(rules);
    const forms = [named(text), named(short), `<b>${esc(short)}</b>`];
    el.innerHTML =
      `<span class="sr-only">${esc(said)}</span>` +
      forms.map((f) => `<span class="rules-form" aria-hidden="true">${f}</span>`).join('');
    el.title = `${said}. ${ruleSummaryTerm(t, rules)}`;
    fitRules();
    if (!rulesObserver) {
      // its room changes with the window, the number of plies beside it, the view
      rulesObserver = new ResizeObserver(fitRules);
      rulesObserver.observe(el);
    }
  }

  // Short notes that the status line does not already say. They sit over the top bar (on a
  // phone: over the toolbar), never over a board, and go away after a few seconds or on a
  // click. ms = 0: stays until dismissed (a close button is added). action: {label, run}.
  function toast(text, ms = TOAST_MS, action = null) {
    const box = $('toast');
    const status = ($('status-main').textContent + ' ' + $('status-sub').textContent).trim();
    if (!action && status.includes(String(text).trim())) return; // the status line says it already
    box.replaceChildren(
      Object.assign(document.createElement('span'), { className: 'toast-text', textContent: text }),
    );
    if (action) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-primary toast-btn';
      b.textContent = action.label;
      b.addEventListener('click', () => {
        box.hidden = true;
        action.run();
      });
      box.append(b);
    }
    if (ms <= 0) {
      const x = document.createElement('button');
      x.type = 'button';
      x.className = 'btn btn-icon btn-ghost toast-close';
      x.setAttribute('aria-label', t('page.dismiss'));
      x.textContent = '×';
      box.append(x);
    }
    box.hidden = false;
    box.onclick = (e) => {
      if (!e.target.closest('.toast-btn')) box.hidden = true;
    };
    clearTimeout(toastTimer);
    if (ms > 0)
      toastTimer = setTimeout(
        () => {
          box.hidden = true;
        },
        Math.min(ms, action ? TOAST_MAX_MS : TOAST_MS + 2000),
      );
  }

  return {
    renderStatus: (s) => renderStatus(s, t),
    renderPlayers,
    renderMoves,
    renderEngineState: (e) => renderEngineState(e, t),
    renderEngineInfo,
    renderRules,
    renderMatchup: (players) => renderMatchup(t, players),
    toast,
  };
}
