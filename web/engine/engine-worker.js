// The browser engine worker (a module worker):
//   new Worker(new URL('./engine-worker.js', import.meta.url), {type: 'module'})
// Loads the wasm engine (the build engine-loader.js chooses, next to this file) and
// speaks the message protocol of docs/worker-protocol.md. engine-client.js wraps it in promises.
import { loadEngine } from './engine-loader.js';
import { createEngineWorker } from './engine-worker-core.js';

const onMessage = createEngineWorker({
  loadModule: () => loadEngine(),
  post: (m) => self.postMessage(m),
});
self.onmessage = (e) => onMessage(e.data);
