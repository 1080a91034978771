// The engine worker's logic, independent of how it is hosted: engine-worker.js wires it
// to a browser module worker; the Node tests wire it to worker_threads. Speaks protocol
// version 1 (PROTOCOL.md).
//
// Searches run in time slices: each slice is one synchronous wasm search capped by a
// node budget sized to ~SLICE_MS; between slices the worker returns to its event loop,
// so 'stop', a new search or any other request is seen within one slice. The engine's
// transposition table keeps the work of earlier slices, so each slice goes deeper.

export const PROTOCOL_VERSION = 1;
const SLICE_MS = 30;
const DEFAULT_MOVETIME = 1000;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

// loadModule: () => Promise<Module> (the Emscripten factory's promise);
// post: (message) => void.
export function createEngineWorker({ loadModule, post }) {
  let M = null;
  let game = null;
  let loadError = null;
  const queue = [];  // requests received before the module is ready
  let current = null;  // the running search

  const reply = (id, value) => post({ v: PROTOCOL_VERSION, id, type: 'result', ok: true, value });
  const fail = (id, error) => post({ v: PROTOCOL_VERSION, id, type: 'result', ok: false, error: String(error && error.message || error) });

  loadModule().then((mod) => {
    M = mod;
    game = new M.Game();
    while (queue.length) handle(queue.shift());
  }, (e) => {
    loadError = e;
    while (queue.length) fail(queue.shift().id, 'the engine failed to load: ' + (e && e.message || e));
  });

  function snapshot() {
    return {
      fen: game.fen(),
      startFen: game.startFen(),
      board: game.board(),
      sideToMove: game.sideToMove(),
      moveNumber: game.moveNumber(),
      status: game.status(),
      lastMove: game.lastMove(),
      checkedKing: game.checkedKing(),
      frozen: game.frozen(),
      movable: game.movable(),
      history: game.history(),
    };
  }

  // --- searching ---------------------------------------------------------------------
  function finishSearch(s, how) {
    if (current !== s) return;
    current = null;
    if (s.timer) clearTimeout(s.timer);
    const best = s.best;
    reply(s.id, {
      best: best.best,
      bestAlgebraic: best.bestAlgebraic,
      score: best.score,
      mate: best.mate,
      depth: best.depth,
      pv: best.pv,
      pvCoordinate: best.pvCoordinate,
      nodes: s.nodes,
      time: Math.round(now() - s.start),
      slices: s.slices,
      stopped: how,  // false (ran to its limit) | 'stop' | 'replaced' | 'position'
      fen: s.fen,
    });
  }

  // Ends the running search (answering it with its best move so far), if any.
  function interrupt(how) {
    // A stop that arrives before the first slice has run (a busy machine can delay it)
    // still answers with a move: one slice of the smallest budget, which completes
    // depth 1 (node limits apply from depth 2 on).
    if (how === 'stop' && current && !current.best) {
      const s = current;
      if (s.timer) clearTimeout(s.timer);
      s.sliceNodes = 1;
      runSlice(s);  // answers by itself if that was the whole search
      if (current !== s) return;
    }
    if (current && current.best) finishSearch(current, how);
    else if (current) {
      const s = current;
      current = null;
      if (s.timer) clearTimeout(s.timer);
      fail(s.id, 'the search was interrupted before it found a move');
    }
  }

  function startSearch(id, msg, infinite) {
    interrupt('replaced');
    if (msg.level !== undefined && msg.level !== null) game.setLevel(msg.level);
    const st = game.status();
    if (st.over) throw new Error(`the game is over (${st.reason})`);
    const limits = { ...(msg.limits || {}) };
    for (const k of ['depth', 'nodes', 'movetime']) {
      const x = limits[k];
      if (x !== undefined && x !== null && !(typeof x === 'number' && Number.isInteger(x) && x >= 0)) {
        throw new Error(`search limit '${k}' must be a whole number from 0`);
      }
    }
    if (!infinite && !limits.depth && !limits.nodes && !limits.movetime) limits.movetime = DEFAULT_MOVETIME;
    const lv = M.levelInfo(game.level());
    let nodeCap = limits.nodes || 0;
    if (lv.maxNodes > 0) nodeCap = nodeCap ? Math.min(nodeCap, lv.maxNodes) : lv.maxNodes;
    const s = {
      id, infinite, limits, nodeCap, fen: game.fen(), start: now(),
      best: null, nodes: 0, reported: 0, sliceNodes: 4000, slices: 0, timer: null, idle: false,
    };
    current = s;
    s.timer = setTimeout(() => runSlice(s), 0);
  }

  function runSlice(s) {
    s.timer = null;
    if (current !== s) return;
    let budget = s.sliceNodes;
    if (s.nodeCap) budget = Math.min(budget, s.nodeCap - s.nodes);
    const t0 = now();
    const r = game.search(
      { depth: s.limits.depth || 0, nodes: Math.max(1, budget) },
      undefined,
      (info) => {
        if (info.depth <= s.reported) return;  // already reported by an earlier slice
        s.reported = info.depth;
        const nodes = s.nodes + info.nodes;
        const time = Math.round(now() - s.start);
        post({
          v: PROTOCOL_VERSION, id: s.id, type: 'info',
          info: { ...info, nodes, time, nps: time > 0 ? Math.round(nodes * 1000 / time) : nodes * 1000 },
        });
      });
    const dt = Math.max(1, now() - t0);
    s.slices++;
    s.nodes += r.nodes;
    if (!s.best || r.depth >= s.best.depth) s.best = r;
    // Size the next slice to about SLICE_MS.
    s.sliceNodes = Math.max(1000, Math.min(2_000_000, Math.round(r.nodes / dt * SLICE_MS)));
    const elapsed = now() - s.start;
    let done = r.complete;
    if (s.nodeCap && s.nodes >= s.nodeCap) done = true;
    if (!s.infinite && s.limits.movetime && elapsed + dt > s.limits.movetime) done = true;
    if (done && s.infinite) { s.idle = true; return; }  // analysis: wait for 'stop'
    if (done) finishSearch(s, false);
    else s.timer = setTimeout(() => runSlice(s), 0);
  }

  // --- requests ----------------------------------------------------------------------
  function handle(msg) {
    const { id, type } = msg;
    try {
      switch (type) {
        case 'init':
          if (msg.hashMb !== undefined) game.setHash(msg.hashMb);
          if (msg.level !== undefined) game.setLevel(msg.level);
          return reply(id, { protocol: PROTOCOL_VERSION, engine: M.version(), hasSearch: M.hasSearch(), level: game.level() });
        case 'newGame':
          interrupt('position');
          game.newGame();
          return reply(id, snapshot());
        case 'setPosition':
          interrupt('position');
          game.setPosition(msg.fen, msg.moves);
          return reply(id, snapshot());
        case 'state':
          return reply(id, snapshot());
        case 'legalMoves':
          return reply(id, msg.detailed ? game.legalMovesDetailed()
            : { coordinate: game.legalMoves(), algebraic: game.legalMovesAlgebraic() });
        case 'destinations':
          return reply(id, game.destinations(msg.from));
        case 'play': {
          interrupt('position');
          const move = game.play(msg.move);
          return reply(id, { move, state: snapshot() });
        }
        case 'undo': {
          interrupt('position');
          const move = game.undo();
          return reply(id, { move, state: snapshot() });
        }
        case 'status':
          return reply(id, game.status());
        case 'setLevel':
          game.setLevel(msg.level);
          return reply(id, { level: game.level() });
        case 'perft':
          return reply(id, { depth: msg.depth, nodes: game.perft(msg.depth) });
        case 'search':
          return startSearch(id, msg, false);
        case 'analyse':
          return startSearch(id, msg, true);
        case 'stop': {
          const had = !!current;
          interrupt('stop');
          return reply(id, { stopped: had });
        }
        case 'ping':
          return reply(id, 'pong');
        case 'crash':  // test only: an uncaught error ends the worker / fires 'error'
          setTimeout(() => { throw new Error('crash requested'); }, 0);
          return undefined;
        case 'hang':  // test only: never answers anything again
          for (;;) { /* busy */ }
        default:
          throw new Error(`unknown request type '${type}'`);
      }
    } catch (e) {
      return fail(id, e);
    }
  }

  return function onMessage(msg) {
    if (!msg || typeof msg !== 'object') return;
    if (msg.v !== undefined && msg.v !== PROTOCOL_VERSION) {
      return fail(msg.id, `unsupported protocol version ${msg.v} (this worker speaks ${PROTOCOL_VERSION})`);
    }
    if (msg.type === 'ping') return reply(msg.id, 'pong');  // even while loading
    if (loadError) return fail(msg.id, 'the engine failed to load: ' + (loadError.message || loadError));
    if (!M) { queue.push(msg); return undefined; }
    return handle(msg);
  };
}
