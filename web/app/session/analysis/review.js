// The post-game review: the engine's evaluation of every position of a game (the worker's
// review job, docs/worker-protocol.md) turned into win chances and judgements of the moves.
// The judging is pure (no DOM, no engine: Node-tested in tests/node/review.test.mjs); the
// job itself runs through an EngineClient handed in.
//
// Thresholds, as lichess judges moves: an evaluation is turned into the chance that Gold
// wins, a logistic curve of the centipawns, chance = 1 / (1 + exp(-WIN_K * cp)) (a mate is
// 1 or 0); the mover's chance before the move minus after it is the move's loss:
//   inaccuracy >= 5 points (0.05), mistake >= 10 points, blunder >= 15 points.
// (lichess: winning chances in [-1, 1] with 0.1 / 0.2 / 0.3, the same on this scale.)
// WIN_K = 0.002: in an even position a move losing about 1 pawn (a Warrior) is an
// inaccuracy, 2 a mistake, 3 a blunder (less near a decided game). Self-play of this engine
// at 4,000 nodes a move (120 games) fits 0.0013 over its decisive games: Dragonchess's 42
// pieces a side convert a pawn more slowly than chess (lichess: 0.00368); docs/page.md: the
// review's thresholds. A move that is the engine's best before it is never judged.

import { resultScore } from '../../facts/words.js';
import { settle } from '../../util/result.js';
import { REVIEW_LIMITS } from '../../../engine/engine-client.js';

export const WIN_K = 0.002;
export const THRESHOLDS = Object.freeze([
  { kind: 'blunder', loss: 0.15, glyph: '??' },
  { kind: 'mistake', loss: 0.1, glyph: '?' },
  { kind: 'inaccuracy', loss: 0.05, glyph: '?!' },
]);

const CP_CLAMP = 2500;

/** The chance that `side` wins, 0..1, for a score in centipawns from `side`'s view. */
export function chanceOf(cp) {
  const c = Math.max(-CP_CLAMP, Math.min(CP_CLAMP, cp));
  return 1 / (1 + Math.exp(-WIN_K * c));
}

/**
 * Gold's chance to win, 0..1, from an evaluation {side, score, mate, over}: score and mate
 * for `side` (the side to move); over: {state, winner} when the game ended there.
 */
export function goldChance(ev) {
  if (!ev) return 0.5;
  let p;
  if (ev.over) return ev.over.winner ? (ev.over.winner === 'gold' ? 1 : 0) : 0.5;
  if (ev.mate !== null && ev.mate !== undefined)
    p = ev.mate > 0 ? 1 : 0; // mate 0: mated now
  else p = chanceOf(ev.score);
  return ev.side === 'gold' ? p : 1 - p;
}

/** An evaluation as text from Gold's view: "+1.25", "−0.40", "#3", "#-2", "1–0" (a game
 *  over: its result as the move list prints it). */
export function evalText(ev) {
  if (!ev) return '';
  if (ev.over) return resultScore(ev.over);
  const sign = ev.side === 'gold' ? 1 : -1;
  if (ev.mate !== null && ev.mate !== undefined) {
    const m = ev.mate * sign;
    return m > 0 || (m === 0 && ev.side === 'scarlet') ? `#${Math.abs(m)}` : `#-${Math.abs(m)}`;
  }
  const cp = ev.score * sign;
  return (cp > 0 ? '+' : cp < 0 ? '−' : '') + (Math.abs(cp) / 100).toFixed(2);
}

/**
 * The judgement of every move from a review's entries (entries[k]: the position after k
 * plies) and the moves played (coordinate). -> [{ply (1-based), side (the mover), played,
 * before, after (the mover's chances), loss, kind: 'blunder'|'mistake'|'inaccuracy'|null,
 * glyph, best, bestAlgebraic, bestPv}] (a kind's words: the catalogue's analysis.kind) for every ply whose two positions were searched.
 */
export function judge(entries, moves) {
  const out = [];
  for (let k = 1; k < entries.length && k <= moves.length; k++) {
    const a = entries[k - 1],
      b = entries[k];
    if (!a || !b || a.over) continue;
    const side = a.side;
    const toMover = (p) => (side === 'gold' ? p : 1 - p);
    const before = toMover(goldChance(a)),
      after = toMover(goldChance(b));
    const loss = Math.max(0, before - after);
    const isBest = a.best === moves[k - 1];
    const t = isBest ? null : THRESHOLDS.find((x) => loss >= x.loss) || null;
    out.push({
      ply: k,
      side,
      played: moves[k - 1],
      before,
      after,
      loss,
      kind: t ? t.kind : null,
      glyph: t ? t.glyph : '',
      best: a.best,
      bestAlgebraic: a.bestAlgebraic,
      bestPv: a.pv || [],
    });
  }
  return out;
}

/** Counts per side: {gold: {inaccuracy, mistake, blunder, moves, loss (average, points)}, scarlet: ...}. */
export function summary(judgements) {
  const s = {};
  for (const side of ['gold', 'scarlet'])
    s[side] = { inaccuracy: 0, mistake: 0, blunder: 0, moves: 0, loss: 0 };
  for (const j of judgements) {
    const t = s[j.side];
    t.moves++;
    t.loss += j.loss;
    if (j.kind) t[j.kind]++;
  }
  for (const side of ['gold', 'scarlet']) {
    const t = s[side];
    t.loss = t.moves ? (100 * t.loss) / t.moves : 0;
  }
  return s;
}

/**
 * A review of one game through `engine` (an EngineClient): start() runs the worker's
 * review job, stop() ends it, forget() drops it (another game). onChange() after every
 * position and at the end.
 * state: {status: 'idle'|'running'|'done'|'stopped'|'failed', key (the game reviewed),
 *         fen, moves, entries, done, total, judgements, error, ms}.
 */
export function createReview(engine, { onChange = () => {}, limits = REVIEW_LIMITS } = {}) {
  const state = {
    status: 'idle',
    key: null,
    fen: '',
    moves: [],
    entries: [],
    done: 0,
    total: 0,
    judgements: [],
    error: null,
    ms: 0,
  };
  let token = 0;
  const IDLE = { ...state };

  async function start({ fen, moves, rules, key }) {
    const my = ++token;
    Object.assign(state, {
      status: 'running',
      key,
      fen,
      moves: [...moves],
      entries: [],
      done: 0,
      total: moves.length + 1,
      judgements: [],
      error: null,
      ms: 0,
    });
    onChange();
    const t0 = performance.now();
    const answer = await settle(
      engine.review(
        { fen, moves, rules },
        {
          limits,
          onProgress: (p) => {
            if (my !== token) return;
            state.entries[p.entry.ply] = p.entry;
            state.done = p.done;
            state.total = p.total;
            onChange();
          },
        },
      ),
    );
    if (my !== token) return;
    if (answer.error) {
      state.status = 'failed';
      state.error = answer; // the engine's failure: the analysis panel says it
      onChange();
      return;
    }
    const r = answer.value;
    state.ms = Math.round(performance.now() - t0);
    if (!r) {
      state.status = 'stopped';
      onChange();
      return;
    } // superseded
    state.entries = r.entries;
    state.done = r.entries.length;
    state.status = r.stopped ? 'stopped' : 'done';
    state.judgements = judge(state.entries, state.moves);
    onChange();
  }

  function stop() {
    if (state.status !== 'running') return;
    settle(engine.stop()); // a stop that fails finds no review running any more
  }

  // Another game is on the page: the review of the one before is dropped (a running job
  // is stopped; its answer, superseded, is not wanted).
  function forget() {
    token++;
    if (state.status === 'running') settle(engine.stop());
    Object.assign(state, IDLE, { moves: [], entries: [], judgements: [] });
    onChange();
  }

  return { state, start, stop, forget };
}
