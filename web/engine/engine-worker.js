// The browser engine worker (a module worker):
//   new Worker(new URL('./engine-worker.js', import.meta.url), {type: 'module'})
// Loads the wasm engine (dragonchess_engine.mjs + .wasm, next to this file) and speaks
// the message protocol of PROTOCOL.md. engine-client.js wraps it in promises.
import DragonchessEngine from './dragonchess_engine.mjs';
import { createEngineWorker } from './engine-worker-core.js';

const onMessage = createEngineWorker({
  loadModule: () => DragonchessEngine(),
  post: (m) => self.postMessage(m),
});
self.onmessage = (e) => onMessage(e.data);
