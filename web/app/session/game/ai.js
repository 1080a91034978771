// The computer's moves and the hints: asks the engine client (web/engine/engine-client.js,
// a search service in a worker) about the controller's game, and plays its answer through
// the controller. The game record stays on the page: every request sends the start
// position and the moves (the client sends only what changed).
import { EngineClient, REVIEW_LIMITS } from '../../../engine/engine-client.js';
import { strengthRange } from '../../facts/facts.js';
import { failure, refusal, settle, success } from '../../util/result.js';
import { browserReason, reason } from '../../util/i18n.js';

// A stop that fails finds no search to stop (the worker was restarted or closed): its
// result asks for nothing more.
const stopQuietly = (engine, options) => settle(engine.stop(options));

// A hint is the search a review makes of the position (the review's node limit, at full
// strength, with fresh tables): the review's best move there, so that a review never judges
// a hint's move (the engine's own choice is never judged).
const HINT_LIMITS = REVIEW_LIMITS;
const MIN_AI_DELAY = 380; // ms from the request to the AI's move (let the last move animate)
const MIN_WATCH_DELAY = 650; // AI vs AI: a pace a person can follow
// On a clock: the page's and the worker's share of each move (messages, a redraw), which
// core's time manager keeps in hand (its MoveOverhead), and the time left below which the
// computer's move is played at once rather than after the last move's slide.
const CLOCK_OVERHEAD = 60;
const CLOCK_SPARE = 20000;

// ctl: the Controller; ui: {onState(), onInfo(info, side, ply: the plies before the searched position), toast(text),
// beforeMove?(result, side) -> true when the move is not to be played (offers.js: the
// computer accepted a draw offer)}
export function createAI(ctl, ui, options = {}) {
  // lastClock: the computer's last move on its clock ({soft, hard, panic} from core, time: ms searched, had: ms left)
  const ai = {
    ready: false,
    busy: false,
    purpose: null,
    token: 0,
    info: null,
    side: null,
    error: null,
    lastClock: null,
  };
  let engine = null;
  let readied;
  /** @type {Promise<import('../../util/result.js').Result>} */
  const ready = new Promise((resolve) => {
    readied = resolve;
  });

  function start() {
    // A dead or hung worker is restarted by the client; a search it was running resolves
    // to null and think() asks again.
    engine = new EngineClient(options);
    engine.ready().then(
      () => {
        ai.ready = true;
        readied(success());
        ui.onState();
        maybe();
      },
      (e) => {
        ai.error = refusal('note.engine.failed', { why: browserReason(failure(e)) });
        readied(ai.error);
        ui.toast(reason(ctl.t, ai.error));
        ui.onState();
      },
    );
  }

  function maybe() {
    if (!ai.ready || ai.busy || !ctl.computerToMove()) return;
    think('move');
  }

  function cancel() {
    if (!ai.busy) return;
    ai.token++;
    ai.busy = false;
    ai.purpose = null;
    stopQuietly(engine, { discard: true });
    ui.onState();
  }

  async function think(purpose) {
    const token = ++ai.token;
    const m = ctl.model,
      plies = m.length;
    const fen = m.startFen,
      moves = m.coordinates(),
      rules = m.rules;
    const started = performance.now();
    const side = m.sideToMove();
    ai.busy = true;
    ai.purpose = purpose;
    ai.side = side;
    ui.onState(); // the last evaluation stays on show until this search reports
    const level = purpose === 'hint' ? strengthRange().max : ctl.settings.level;
    const limits = purpose === 'hint' ? HINT_LIMITS : null; // null: the level's own limits
    const clockSent = purpose === 'move' ? clockFor(side) : null;
    const answer = await settle(
      engine.search({ fen, moves, rules }, limits, {
        level,
        fresh: purpose === 'hint',
        clock: clockSent,
        onInfo: (info) => {
          if (token !== ai.token) return;
          ai.info = { ...info, side, ply: plies };
          ui.onInfo(info, side, plies);
        },
      }),
    );
    if (token !== ai.token) return;
    if (answer.error) {
      ai.busy = false;
      ai.purpose = null;
      ui.toast(reason(ctl.t, refusal('note.engine.noAnswer', { why: browserReason(answer) })));
      ui.onState();
      return;
    }
    const r = answer.value;
    if (!r) {
      // superseded (engine restarted): try again if still wanted
      ai.busy = false;
      ai.purpose = null;
      ui.onState();
      if (purpose === 'move') setTimeout(maybe, 50);
      return;
    }
    const prev = ai.info && ai.info.side === side && ai.info.ply === plies ? ai.info : {};
    if (r.score !== undefined && r.depth > 0 && r.depth >= (prev.depth || 0)) {
      ai.info = {
        ...prev,
        depth: r.depth,
        score: r.score,
        mate: r.mate,
        pv: r.pv,
        nodes: r.nodes ?? prev.nodes,
        side,
        ply: plies,
      };
      if (r.time > 0 && r.nodes) ai.info.nps = Math.round((r.nodes * 1000) / r.time);
      ui.onInfo(ai.info, side, plies);
    }
    if (purpose === 'move') {
      ai.lastClock = r.clock
        ? { ...r.clock, time: r.time, had: clockSent.time, level: ctl.settings.level }
        : null;
      // on a clock the pause for the last move's slide costs the computer's time: only with time to spare
      const spare = ctl.clock === null || ctl.timeLeft(side) > CLOCK_SPARE;
      const wait = spare
        ? (ctl.noHuman() ? MIN_WATCH_DELAY : MIN_AI_DELAY) - (performance.now() - started)
        : 0;
      if (wait > 0 && r.stopped !== 'stop') await new Promise((res) => setTimeout(res, wait));
      if (token !== ai.token || m.length !== plies) return;
      ai.busy = false;
      ai.purpose = null;
      if (ui.beforeMove && ui.beforeMove(r, side)) {
        ui.onState();
        return;
      }
      const played = ctl.play(r.best);
      if (played.error) ui.toast(reason(ctl.t, refusal('note.engine.moveRefused', { why: played })));
    } else {
      ai.busy = false;
      ai.purpose = null;
      ctl.setHint(r, plies);
      ui.onState();
    }
  }

  // The computer's move on its clock (the worker's clock fields: core's time manager sets
  // the move's limits, and below level 10 never beyond the level's own), or null.
  function clockFor(side) {
    const c = ctl.clock;
    if (!c || c.tc.kind !== 'fischer') return null;
    return { time: Math.max(1, Math.floor(ctl.timeLeft(side))), inc: c.tc.inc, overhead: CLOCK_OVERHEAD };
  }

  function canHint() {
    return ai.ready && !ai.busy && !ctl.isOver() && ctl.isLive() && ctl.humanPlays(ctl.sideToMove());
  }
  function hint() {
    if (!canHint()) return;
    ctl.deselect();
    think('hint');
  }
  function stop() {
    if (ai.busy) stopQuietly(engine);
  }

  ctl.on('interrupt', cancel);
  ctl.on('turn', maybe);
  ctl.on('reset', () => {
    ai.info = null;
  }); // another game: nothing of the last one's thinking stays
  // whenReady(): resolves once the engine answers ({value}), or could not start ({error}).
  return {
    state: ai,
    start,
    maybe,
    cancel,
    hint,
    canHint,
    stop,
    whenReady: () => ready,
    clearInfo: () => {
      ai.info = null;
    },
  };
}
