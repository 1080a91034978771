// A line of the analysis previewed on the boards (no DOM): the position after the line's
// first moves, stepped through one move at a time, or a threat's moves as arrows. While it
// is on show it owns the board (page.take / page.release: the board-owner interface of
// docs/architecture.md); a click, Enter or Escape on the boards goes back to the game.
// Its state is the analysis's (st.preview: {ply, fen, moves (the game's, to ply), line
// [coordinate], alg [algebraic], idx, threat}).
import { parseSquare, firstSquare } from '../../facts/squares.js';
import { moveArrow } from '../../facts/moves.js';
import { other } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';

// The lines' arrows, best first: green for the engine's moves, red for a threat.
export const LINE_COLORS = {
  best: ['#15781ee0', '#15781e90', '#15781e60', '#15781e48', '#15781e38'],
  threat: ['#c8281ee0', '#c8281e90', '#c8281e60', '#c8281e48', '#c8281e38'],
};

// ctl: the Controller; page: {redraw(), take(owner), release(owner), announce(text), t (the
// page's words: util/i18n.js)};
// st: the analysis's state; onKey(e): the analysis's keys (Escape, the arrows: here).
export function createPreview(ctl, page, st, { onKey }) {
  // Shows a line: {fen, moves, line, alg, idx, threat} (the position it starts from, the
  // line, how many of its moves are played on the boards).
  function open(pv) {
    const was = !!st.preview;
    st.preview = { ply: ctl.viewPly, ...pv };
    if (!was) page.take(owner);
    page.redraw();
    say();
  }
  function step(d) {
    const pv = st.preview;
    if (!pv) return;
    pv.idx = Math.max(0, Math.min(pv.line.length, pv.idx + d));
    page.redraw();
    say();
  }
  function end({ quiet = false } = {}) {
    if (!st.preview) return;
    st.preview = null;
    page.release(owner);
    if (!quiet && page.announce)
      page.announce(page.t('analysis.preview.back', { status: ctl.statusLine().text }));
  }

  // The moves of the preview on the boards, with core's move numbers: "2. R3c5 2… Rx3a2".
  function moves(pv = st.preview) {
    const first = pv.ply + (pv.threat ? 1 : 0); // a threat: as if the side to move passed
    return pv.alg
      .slice(0, Math.max(pv.threat ? 1 : 0, pv.idx))
      .map((mv, i) => {
        const label = ctl.model.label(first + i);
        return i === 0 || label.endsWith('.') ? `${label} ${mv}` : mv;
      })
      .join(' ');
  }
  // The status line while a line is previewed: the boards are not the game's position.
  function statusLine() {
    const pv = st.preview,
      side = ctl.shown().side;
    const t = page.t;
    return {
      text: t(pv.threat ? 'analysis.preview.threat' : 'analysis.preview.line'),
      sub: pv.threat
        ? t('analysis.preview.threatMoves', { side: sideTerm(t, other(side)), moves: moves(pv) })
        : pv.idx
          ? t('analysis.preview.after', { moves: moves(pv) })
          : t('analysis.preview.before'),
      subKind: 'note',
      side: pv.threat || pv.idx % 2 ? other(side) : side,
      kind: 'browsing',
      action: { label: t('analysis.preview.backLabel'), act: 'endpreview' },
    };
  }
  function say() {
    const l = statusLine();
    if (page.announce) page.announce(page.t('analysis.preview.said', { text: l.text, sub: l.sub }));
  }

  // The board while previewing: the position after the line's first idx moves.
  function boardConfig() {
    const pv = st.preview;
    const base = ctl.boardConfig();
    // A threat line starts with the other side to move: played from the position after a
    // pass, which the rules engine has no move for: shown as arrows only.
    if (pv.threat) {
      const arrows = pv.line
        .slice(0, Math.max(1, pv.idx))
        .map((m, i) => moveArrow(m, i % 2 ? LINE_COLORS.best[1] : LINE_COLORS.threat[0]));
      return { ...base, dests: null, selected: null, arrows };
    }
    const g = new ctl.model.M.Game(pv.fen, [...pv.moves, ...pv.line.slice(0, pv.idx)], pv.rules);
    try {
      const last = g.lastMove(),
        check = g.checkedKing();
      const next = pv.line[pv.idx];
      return {
        orientation: base.orientation,
        pieces: g.board(),
        dests: null,
        selected: null,
        lastMove: last ? [parseSquare(last.from), parseSquare(last.to)] : null,
        check: check ? parseSquare(check) : null,
        checkers: check ? g.checkers().map(parseSquare) : [],
        frozen: g.frozen().map(parseSquare),
        arrows: next ? [moveArrow(next, LINE_COLORS.best[0])] : [],
      };
    } finally {
      g.delete();
    }
  }

  /** @type {import('../../util/shapes.js').BoardOwner} */
  const owner = {
    boardConfig,
    statusLine,
    onSelect: () => end(),
    onMove: () => end(),
    activate: () => end(),
    cancel: () => {
      end();
      return true;
    },
    describeSquare: (name) => ctl.describeSquare(name),
    startSquare: () => firstSquare(ctl.settings.flipped), // the keyboard's first square on the line's boards
    onKey,
  };

  return { open, step, end, moves };
}
