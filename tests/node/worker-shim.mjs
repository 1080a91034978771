// A Web-Worker-like adapter over node:worker_threads (postMessage / onmessage / onerror /
// terminate), running web/engine/engine-worker-core.js with the CommonJS wasm build.
import { Worker } from 'node:worker_threads';

export class ShimWorker {
  constructor() {
    this.onmessage = null;
    this.onerror = null;
    this.w = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    this.w.on('message', (data) => this.onmessage && this.onmessage({ data }));
    this.w.on('error', (err) => this.onerror && this.onerror({ message: err.message, error: err }));
    this.w.on('exit', (code) => {
      if (!this.terminated && this.onerror) this.onerror({ message: `worker exited (${code})` });
    });
  }
  postMessage(m) {
    this.w.postMessage(m);
  }
  terminate() {
    this.terminated = true;
    return this.w.terminate();
  }
}

// The engine client's watchdog clock for tests (its option `now`): it stands still, so a
// busy machine (a slow engine load, a slow answer) never makes a restart; the hung-worker
// test moves its own (tests/node/worker.test.mjs).
export const STILL_CLOCK = () => 1;
