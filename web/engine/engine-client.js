// The page side of the engine: wraps the worker protocol (PROTOCOL.md) in promises.
//
//   import { EngineClient } from './engine/engine-client.js';
//   const engine = new EngineClient();
//   await engine.ready();
//   await engine.setPosition('startpos', []);
//   const r = await engine.search({ movetime: 1000 }, { level: 10, onInfo: (i) => ... });
//   if (r) await engine.play(r.best);   // r is null when the search was superseded
//
// The page never waits on the engine: every call is asynchronous, a search can be
// stopped (stop() answers with the best move so far) or replaced at any time. The
// client keeps the game record (start position + moves); if the worker dies (error
// event) or hangs (no answer to a ping in time) it is terminated, restarted and the
// game restored. Answers of superseded searches are never applied: search promises
// resolve to null when the position changed or another search started meanwhile.

export const PROTOCOL_VERSION = 1;

function defaultCreateWorker() {
  return new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
}

export class EngineClient {
  // options: createWorker() -> Worker-like {postMessage, onmessage, onerror, terminate};
  // pingIntervalMs / pingTimeoutMs (watchdog); init: {hashMb, level} sent on each start;
  // onRestart(reason): called after a restart.
  constructor(options = {}) {
    this.createWorker = options.createWorker || defaultCreateWorker;
    this.pingIntervalMs = options.pingIntervalMs ?? 1000;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5000;
    this.initOptions = options.init || {};
    this.onRestart = options.onRestart || null;
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject, type, onInfo, gen}
    this.generation = 0;       // bumped on every change of position and every new search
    this.record = { fen: 'startpos', moves: [] };  // what a restarted worker is given
    this.restarts = 0;
    this.closed = false;
    this._start();
  }

  // --- lifecycle ---------------------------------------------------------------------
  _start() {
    const w = this.createWorker();
    this.worker = w;
    this.lastAnswer = Date.now();
    w.onmessage = (e) => { if (this.worker === w) this._receive(e.data); };
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      if (this.worker === w) this._restart('error: ' + (e && e.message || e));
    };
    // init and the game record go first, before anything the page sends afterwards.
    const init = this._send('init', { ...this.initOptions });
    const restore = this.record.fen !== 'startpos' || this.record.moves.length
      ? this._send('setPosition', { fen: this.record.fen, moves: this.record.moves }) : null;
    this.readyPromise = restore ? Promise.all([init, restore]).then(([info]) => info) : init;
    this.readyPromise.catch(() => {});
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => this._checkAlive(), this.pingIntervalMs);
    if (this.watchdog.unref) this.watchdog.unref();
  }

  _checkAlive() {
    if (this.closed) return;
    if (this.pingOutstanding) {
      if (Date.now() - this.pingSent > this.pingTimeoutMs) this._restart('no answer to ping');
      return;
    }
    // Ping only while something is pending (an idle worker costs nothing) and no
    // request known to block the worker (perft) is running.
    const busy = [...this.pending.values()];
    if (!busy.length || busy.some((p) => p.type === 'perft')) return;
    this.pingOutstanding = true;
    this.pingSent = Date.now();
    this._send('ping').then(() => { this.pingOutstanding = false; }, () => { this.pingOutstanding = false; });
  }

  _restart(reason) {
    if (this.closed) return;
    this.restarts++;
    this.pingOutstanding = false;
    try { this.worker.terminate(); } catch { /* already gone */ }
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.generation++;
    for (const p of pending) {
      if (p.type === 'search' || p.type === 'analyse') p.resolve(null);
      else p.reject(new Error(`engine restarted (${reason})`));
    }
    this._start();
    if (this.onRestart) this.onRestart(reason);
  }

  // The worker's init answer {protocol, engine, hasSearch, level}.
  ready() { return this.readyPromise; }

  close() {
    this.closed = true;
    clearInterval(this.watchdog);
    try { this.worker.terminate(); } catch { /* gone */ }
    for (const p of this.pending.values()) {
      if (p.type === 'search' || p.type === 'analyse') p.resolve(null);
      else p.reject(new Error('engine closed'));
    }
    this.pending.clear();
  }

  // --- messaging ---------------------------------------------------------------------
  _send(type, payload = {}, extra = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, type, ...extra });
      this.worker.postMessage({ v: PROTOCOL_VERSION, id, type, ...payload });
    });
  }

  _receive(msg) {
    this.lastAnswer = Date.now();
    if (!msg || msg.v !== PROTOCOL_VERSION) return;
    const p = this.pending.get(msg.id);
    if (!p) return;  // an answer nobody waits for any more (superseded): dropped
    if (msg.type === 'info') {
      if (p.onInfo && p.gen === this.generation) p.onInfo(msg.info);
      return;
    }
    this.pending.delete(msg.id);
    if (!msg.ok) return p.reject(new Error(msg.error));
    if ((p.type === 'search' || p.type === 'analyse') && p.gen !== this.generation) return p.resolve(null);
    return p.resolve(msg.value);
  }

  // Resolves every pending search with null (superseded) and bumps the generation.
  _supersede() {
    this.generation++;
    for (const [id, p] of this.pending) {
      if (p.type === 'search' || p.type === 'analyse') {
        this.pending.delete(id);
        p.resolve(null);
      }
    }
  }

  // --- the game ----------------------------------------------------------------------
  // All return the worker's state snapshot (see PROTOCOL.md) unless said otherwise.
  async newGame() {
    this._supersede();
    const s = await this._send('newGame');
    this.record = { fen: 'startpos', moves: [] };
    return s;
  }

  async setPosition(fen = 'startpos', moves = []) {
    this._supersede();
    const s = await this._send('setPosition', { fen, moves });
    this.record = { fen, moves: [...s.history.coordinate] };
    return s;
  }

  // -> {move: {coordinate, algebraic, ...}, state}
  async play(move) {
    this._supersede();
    const r = await this._send('play', { move });
    this.record.moves.push(r.move.coordinate);
    return r;
  }

  async undo() {
    this._supersede();
    const r = await this._send('undo');
    this.record.moves.pop();
    return r;
  }

  state() { return this._send('state'); }
  status() { return this._send('status'); }
  legalMoves(detailed = false) { return this._send('legalMoves', { detailed }); }
  destinations(from) { return this._send('destinations', { from }); }
  setLevel(level) { return this._send('setLevel', { level }); }
  perft(depth) { return this._send('perft', { depth }); }
  ping() { return this._send('ping'); }

  // limits {depth, nodes, movetime}; options {level, onInfo}. Resolves to the result
  // ({best, bestAlgebraic, score, mate, depth, pv, nodes, time, stopped}) or null when
  // superseded (another search, a change of position, a restart).
  search(limits = {}, options = {}) {
    this._supersede();
    return this._send('search', { limits, level: options.level }, { onInfo: options.onInfo, gen: this.generation });
  }

  // Infinite analysis until stop(); resolves like search().
  analyse(options = {}) {
    this._supersede();
    return this._send('analyse', { level: options.level }, { onInfo: options.onInfo, gen: this.generation });
  }

  // Stops the running search or analysis: its promise resolves with the best move so far.
  stop() { return this._send('stop'); }

  // Test only: make the worker throw / hang.
  _crash() { this.worker.postMessage({ v: PROTOCOL_VERSION, id: 0, type: 'crash' }); }
  _hang() { this.worker.postMessage({ v: PROTOCOL_VERSION, id: 0, type: 'hang' }); }
}
