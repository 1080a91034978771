// The page side of the engine: the worker's protocol (docs/worker-protocol.md, version 2) as promises.
//
//   import { EngineClient } from './engine-client.js';
//   const engine = new EngineClient();
//   await engine.ready();
//   const r = await engine.search({ fen: '', moves: ['2c22c3'] }, null, { level: 5, onInfo });
//   if (r) play(r.best);   // r is null when the search was superseded
//
// The page owns the game record; each search sends the start position and only the
// moves added since the previous request (the worker keeps the common prefix). A search
// can be stopped (its promise resolves with the best move so far) or replaced at any
// time. If the worker dies (error event) or hangs (no answer to a ping in time), it is
// terminated and restarted; the searches it was running resolve to null and the next
// request sends the whole position again.
//
// Errors, one convention: a request rejects with an EngineError (an Error with a stable
// .code, docs/worker-protocol.md) and the message.

import { PROTOCOL_VERSION } from './protocol.js';

// The budget of a search whose answer must be the same on every machine: a review's
// search of each position, and a hint, which is the review's search of its position (so
// that a review never judges a hint's move). A node limit; docs/figures.md gives the time.
export const REVIEW_LIMITS = Object.freeze({ nodes: 120000 });

/**
 * A position as the page sends it: its start (a position string; '' or absent: the
 * standard start), the moves from there (coordinate or algebraic), its rule set (core's
 * id; absent: core's default).
 * @typedef {{fen?: string, moves?: string[], rules?: string}} Position
 */

export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

function defaultCreateWorker() {
  return new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
}

const SEARCHES = new Set(['search', 'analyse', 'review']);

export class EngineClient {
  // options: createWorker() -> a Worker-like {postMessage, onmessage, onerror, terminate};
  // hashMb (the worker's transposition table, default 16); onRestart(reason);
  // pingIntervalMs / pingTimeoutMs (the watchdog); now() -> ms (the watchdog's clock,
  // default Date.now).
  constructor(options = {}) {
    this.createWorker = options.createWorker || defaultCreateWorker;
    this.hashMb = options.hashMb;
    this.onRestart = options.onRestart || null;
    this.pingIntervalMs = options.pingIntervalMs ?? 1000;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5000;
    this.now = options.now || Date.now;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, type, onInfo, gen}
    this.generation = 0; // bumped by every search and every discarding stop
    this.sent = null; // the position record the worker holds: {fen, rules, moves}
    this.restarts = 0;
    this.closed = false;
    this._start();
  }

  // --- the engine --------------------------------------------------------------------
  // The worker's init answer {protocol, engine, sliceNodes, build}.
  ready() {
    return this.readyPromise;
  }

  // position: {fen: start position string ('' = the standard start), moves: coordinate
  // (or algebraic) moves}; limits: {movetime?, nodes?, depth?} or null (the level's own
  // limits); options: {level = 10, seed?, fresh? (clear the search's tables first: the
  // answer then depends on the position and the limits alone, as each position of a
  // review), clock?, onInfo?(info)}. clock: the computer's
  // move on its clock, {time, inc?, movestogo?, overhead?} in ms (limits must then be
  // null): core's time manager sets the limits. Resolves to {best, bestAlgebraic, score,
  // mate, depth, pv, pvCoordinate, nodes, time, stopped, clock?: {soft, hard, panic}}
  // or null when superseded (another search, stop({discard: true}), a restart).
  search(position, limits = null, options = {}) {
    const fields = { limits, level: options.level, seed: options.seed, fresh: options.fresh === true };
    if (options.clock !== undefined && options.clock !== null) fields.clock = options.clock;
    return this._search('search', position, fields, options.onInfo);
  }

  // An infinite analysis (info messages) until stop(); resolves like search().
  // options: {level = 10, multipv = 1 (the best lines in info.lines), threat = false
  // (analyse what the opponent threatens: the position after a pass; rejects with
  // 'in-check' when the side to move is in check), onInfo}.
  analyse(position, options = {}) {
    return this._search(
      'analyse',
      position,
      { level: options.level, multipv: options.multipv, threat: options.threat === true },
      options.onInfo,
    );
  }

  // A review of every position of the game (ply 0 to the last), each searched with
  // `limits` ({nodes?, depth?, movetime?}, required) by a fresh search (as search()'s
  // fresh: the same answer as a hint's search of that position). onProgress({done, total, entry}) per
  // position. Resolves to {entries, plies, stopped} (entries of the positions done; stop()
  // resolves it with those done so far) or null when superseded.
  /** @param {Position} position @param {{limits?: object, onProgress?: (p: object) => void}} [options] */
  review(position, { limits, onProgress } = {}) {
    return this._search('review', position, { limits }, onProgress);
  }

  // Ends the running search: its promise resolves with the best move so far, or with
  // null when {discard: true}. Resolves to {stopped: whether a search was running}.
  stop({ discard = false } = {}) {
    if (discard) this._supersede();
    return this._send('stop');
  }

  close() {
    this.closed = true;
    clearInterval(this.watchdog);
    try {
      this.worker.terminate();
    } catch {
      /* gone */
    }
    this._settleAll('closed', 'the engine was closed');
  }

  // --- positions ---------------------------------------------------------------------
  _search(type, position, fields, onInfo, retried = false) {
    let pos;
    try {
      pos = this._positionMessage(position);
    } catch (e) {
      return Promise.reject(e);
    }
    this._supersede();
    const gen = this.generation;
    return this._send(type, { position: pos, ...fields }, { onInfo, gen }).catch((e) => {
      this.sent = null; // the worker forgot its record after a failed position
      // A request relative to a record the worker no longer holds (an earlier request
      // failed): send the whole position once, if this is still the latest search.
      if (e.code === 'out-of-sync' && !retried && gen === this.generation) {
        return this._search(type, position, fields, onInfo, true);
      }
      throw e;
    });
  }

  // {fen, keep, moves, rules?}: the moves after the prefix shared with the previous request
  // (none when the rule set changed: position.rules, sent when the position names one; the
  // worker plays a position that names none under core's default).
  _positionMessage(position) {
    if (!position || typeof position !== 'object')
      throw new EngineError('bad-argument', 'the position must be {fen, moves}');
    const fen = position.fen ?? '';
    const moves = position.moves ?? [];
    const rules = position.rules ?? null;
    if (typeof fen !== 'string') throw new EngineError('bad-argument', 'the start position must be a string');
    if (rules !== null && typeof rules !== 'string')
      throw new EngineError('bad-argument', 'the rule set must be a string');
    if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
      throw new EngineError('bad-argument', 'the moves must be an array of strings');
    }
    let keep = 0;
    if (this.sent && this.sent.fen === fen && this.sent.rules === rules) {
      const prev = this.sent.moves;
      while (keep < prev.length && keep < moves.length && prev[keep] === moves[keep]) keep++;
    }
    this.sent = { fen, rules, moves: [...moves] };
    const message = { fen, keep, moves: moves.slice(keep) };
    if (rules !== null) message.rules = rules;
    return message;
  }

  // --- lifecycle ---------------------------------------------------------------------
  _start() {
    const w = this.createWorker();
    this.worker = w;
    this.sent = null;
    w.onmessage = (e) => {
      if (this.worker === w) this._receive(e.data);
    };
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      if (this.worker === w) this._restart('error: ' + ((e && e.message) || e));
    };
    this.readyPromise = this._send('init', this.hashMb === undefined ? {} : { hashMb: this.hashMb });
    this.readyPromise.catch(() => {}); // the page sees it through ready()
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => this._checkAlive(), this.pingIntervalMs);
    const timer = /** @type {any} */ (this.watchdog); // Node's timer (the tests') lets the process exit
    if (timer.unref) timer.unref();
  }

  // Pings only while something is pending (an idle worker costs nothing).
  _checkAlive() {
    if (this.closed) return;
    if (this.pingSent) {
      if (this.now() - this.pingSent > this.pingTimeoutMs) this._restart('no answer to ping');
      return;
    }
    if (!this.pending.size) return;
    const sent = this.now();
    this.pingSent = sent;
    const done = () => {
      if (this.pingSent === sent) this.pingSent = 0;
    };
    this._send('ping').then(done, done);
  }

  _restart(reason) {
    if (this.closed) return;
    this.restarts++;
    this.pingSent = 0;
    try {
      this.worker.terminate();
    } catch {
      /* already gone */
    }
    this._settleAll('restarted', `the engine restarted (${reason})`);
    this._start();
    if (this.onRestart) this.onRestart(reason);
  }

  // Searches resolve to null, other requests reject with `code`.
  _settleAll(code, message) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.generation++;
    for (const p of pending) {
      if (SEARCHES.has(p.type)) p.resolve(null);
      else p.reject(new EngineError(code, message));
    }
  }

  // Resolves every pending search with null (superseded) and bumps the generation.
  _supersede() {
    this.generation++;
    for (const [id, p] of this.pending) {
      if (SEARCHES.has(p.type)) {
        this.pending.delete(id);
        p.resolve(null);
      }
    }
  }

  // --- messaging ---------------------------------------------------------------------
  _send(type, payload = {}, extra = {}) {
    if (this.closed) return Promise.reject(new EngineError('closed', 'the engine was closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, type, ...extra });
      this.worker.postMessage({ v: PROTOCOL_VERSION, id, type, ...payload });
    });
  }

  _receive(msg) {
    if (!msg || msg.v !== PROTOCOL_VERSION) return;
    const p = this.pending.get(msg.id);
    if (!p) return; // an answer nobody waits for any more (superseded): dropped
    if (msg.type === 'info' || msg.type === 'progress') {
      // a search's depths, a review's positions
      if (p.onInfo) p.onInfo(msg.type === 'info' ? msg.info : msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    if (!msg.ok) {
      const err = msg.error || {};
      p.reject(new EngineError(err.code || 'internal', err.message || String(err)));
      return;
    }
    p.resolve(msg.value);
  }
}
