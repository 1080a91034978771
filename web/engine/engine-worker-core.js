// The engine worker's logic, independent of how it is hosted: engine-worker.js wires it
// to a browser module worker; the Node tests wire it to worker_threads. Speaks protocol
// version 2 (docs/worker-protocol.md).
//
// A search service: each request carries the position (start position, the number of
// moves of the previous request to keep, the moves added since), and the worker holds no
// state but that record (inside the wasm Search object). A search is core's resumable
// search driven in slices of M.SEARCH_SLICE_NODES nodes, one slice per event-loop turn,
// so that 'stop', a new search or a ping is seen between two slices. Every search rule
// (limits, a level's own limits, when a search is done) is core's: this file only loops.

import { PROTOCOL_VERSION } from './protocol.js';

// The next event-loop turn, after any message that arrived meanwhile: setImmediate where
// it exists (Node; its MessagePort tasks can starve other ports), else a MessageChannel
// task (in browsers setTimeout(0) is clamped to 4 ms once nested), else setTimeout.
function defaultScheduler() {
  const node = /** @type {any} */ (globalThis); // setImmediate: Node's, unknown to the page's types
  if (typeof node.setImmediate === 'function') return (fn) => node.setImmediate(fn);
  if (typeof MessageChannel === 'undefined') return (fn) => setTimeout(fn, 0);
  const ch = new MessageChannel();
  let queue = [];
  ch.port1.onmessage = () => {
    const run = queue;
    queue = [];
    for (const fn of run) fn();
  };
  return (fn) => {
    queue.push(fn);
    ch.port2.postMessage(0);
  };
}

class RequestError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// loadModule: () => Promise<Module> (the Emscripten factory's promise);
// post: (message) => void; schedule: (fn) => void (the next event-loop turn).
export function createEngineWorker({ loadModule, post, schedule = defaultScheduler() }) {
  let M = null;
  let search = null; // M.Search: the position record and the resumable search
  let loadError = null;
  const queue = []; // requests received before the module is ready
  let current = null; // the running job (a search or a review): {id, end(how)}

  // A review searches at full strength: core's strongest level.
  const fullStrength = () => M.LEVELS[M.LEVELS.length - 1].level;
  const reply = (id, value) => post({ v: PROTOCOL_VERSION, id, type: 'result', ok: true, value });
  const fail = (id, e) =>
    post({
      v: PROTOCOL_VERSION,
      id,
      type: 'result',
      ok: false,
      error: { code: (e && e.code) || 'internal', message: String((e && e.message) || e) },
    });

  loadModule().then(
    (mod) => {
      M = mod;
      search = new M.Search();
      while (queue.length) handle(queue.shift());
    },
    (e) => {
      loadError = new RequestError('load-failed', 'the engine failed to load: ' + ((e && e.message) || e));
      while (queue.length) fail(queue.shift().id, loadError);
    },
  );

  // --- searching ---------------------------------------------------------------------
  // Ends the running job and answers it. how: false (done by its limits), 'stop', 'replaced'.
  function finish(job, how) {
    if (current !== job) return;
    current = null;
    if (how) search.stop();
    job.answer(how);
  }

  // Sets the worker's record from a request's position: {fen, keep, moves, rules?}. -> plies held.
  function setPosition(msg, what) {
    const p = msg.position;
    if (!p || typeof p !== 'object')
      throw new RequestError('bad-request', `${what} needs 'position': {fen, keep, moves}`);
    const r = search.setPosition(p.fen, p.keep, p.moves, p.rules);
    return r.kept + r.added;
  }

  function startSearch(id, msg, infinite) {
    if (current) finish(current, 'replaced');
    setPosition(msg, 'a search');
    // The computer on its clock: core's time manager sets the limits ({soft, hard, panic}
    // comes back with the answer).
    let clock = null;
    if (!infinite && msg.clock !== undefined && msg.clock !== null) {
      if (msg.limits !== undefined && msg.limits !== null) {
        throw new RequestError('bad-limits', 'a search on a clock takes no limits: the clock sets them');
      }
      clock = search.startClock(msg.clock, msg.level, msg.seed);
    } else {
      search.start(infinite ? { infinite: true } : msg.limits, msg.level, msg.seed, {
        multipv: msg.multipv,
        threat: msg.threat === true,
        fresh: msg.fresh === true,
      });
    }
    const s = {
      id,
      answer: (how) => reply(id, { ...search.result(), stopped: how, ...(clock ? { clock } : {}) }),
    };
    current = s;
    const onInfo = (info) => {
      if (current === s) post({ v: PROTOCOL_VERSION, id, type: 'info', info });
    };
    const slice = () => {
      if (current !== s) return;
      const done = search.advance(M.SEARCH_SLICE_NODES, onInfo);
      if (!done) schedule(slice);
      else if (!infinite) finish(s, false);
      // an analysis that is done (depth 64) waits for 'stop'
    };
    schedule(slice);
  }

  // A review: every position of the game, from the start position (ply 0) to the last,
  // searched in turn with the same limits, slice by slice like any search, each by a fresh
  // search (its tables cleared: the answer a search with `fresh` gives there). Each position
  // done is reported ('progress'); the answer holds every entry done so far. A position
  // where the game is over by the rules is not searched: its entry says how it ended.
  function startReview(id, msg) {
    if (current) finish(current, 'replaced');
    const plies = setPosition(msg, 'a review');
    if (msg.limits === null || msg.limits === undefined || typeof msg.limits !== 'object') {
      throw new RequestError(
        'bad-limits',
        'a review needs limits for each position: {nodes?, depth?, movetime?}',
      );
    }
    const entries = [];
    const job = { id, answer: (how) => reply(id, { entries, plies, stopped: how }) };
    let ply = 0;
    // Starts the search of `ply`, or records a finished position; false when there is
    // nothing to search there.
    const begin = () => {
      const st = search.statusAt(ply);
      if (!st.over) {
        search.start(msg.limits, fullStrength(), null, { ply, multipv: 1, fresh: true });
        return true;
      }
      const mated = st.state === 'checkmate';
      record({
        ply,
        side: st.sideToMove,
        score: 0,
        mate: mated ? 0 : null,
        best: null,
        bestAlgebraic: null,
        pv: [],
        pvCoordinate: [],
        depth: 0,
        nodes: 0,
        over: { state: st.state, reason: st.reason, winner: st.winner, result: st.result },
      });
      return false;
    };
    const record = (entry) => {
      entries.push(entry);
      post({
        v: PROTOCOL_VERSION,
        id,
        type: 'progress',
        progress: { done: entries.length, total: plies + 1, entry },
      });
      ply++;
    };
    const next = () => {
      // the next position to search, or the answer
      while (ply <= plies) if (begin()) return true;
      finish(job, false);
      return false;
    };
    const slice = () => {
      if (current !== job) return;
      if (!search.advance(M.SEARCH_SLICE_NODES, null)) return schedule(slice);
      const r = search.result();
      record({
        ply,
        side: search.statusAt(ply).sideToMove,
        score: r.score,
        mate: r.mate,
        best: r.best,
        bestAlgebraic: r.bestAlgebraic,
        pv: r.pv,
        pvCoordinate: r.pvCoordinate,
        depth: r.depth,
        nodes: r.nodes,
        over: null,
      });
      if (next()) schedule(slice);
    };
    current = job;
    // The first position is started here, so that bad limits are answered at once.
    let started;
    try {
      started = next();
    } catch (e) {
      current = null;
      throw e;
    }
    if (started) schedule(slice);
  }

  // --- requests ----------------------------------------------------------------------
  function handle(msg) {
    const { id, type } = msg;
    try {
      switch (type) {
        case 'init':
          if (msg.hashMb !== undefined && msg.hashMb !== null) search.setHash(msg.hashMb);
          return reply(id, {
            protocol: PROTOCOL_VERSION,
            engine: M.ENGINE_VERSION,
            sliceNodes: M.SEARCH_SLICE_NODES,
            build: M.build ?? null,
          });
        case 'search':
          return startSearch(id, msg, false);
        case 'analyse':
          return startSearch(id, msg, true);
        case 'review':
          return startReview(id, msg);
        case 'stop': {
          const had = !!current;
          if (current) finish(current, 'stop');
          return reply(id, { stopped: had });
        }
        default:
          throw new RequestError('unknown-request', `unknown request type '${type}'`);
      }
    } catch (e) {
      return fail(id, e);
    }
  }

  return function onMessage(msg) {
    if (!msg || typeof msg !== 'object') return undefined;
    if (msg.v !== PROTOCOL_VERSION) {
      return fail(
        msg.id,
        new RequestError(
          'protocol-version',
          `unsupported protocol version ${msg.v} (this worker speaks ${PROTOCOL_VERSION})`,
        ),
      );
    }
    if (msg.type === 'ping') return reply(msg.id, 'pong'); // even while loading
    if (loadError) return fail(msg.id, loadError);
    if (!M) {
      queue.push(msg);
      return undefined;
    }
    return handle(msg);
  };
}
