// The worker_threads side of worker-shim.mjs: what engine-worker.js does in a browser.
import { parentPort } from 'node:worker_threads';
import { createEngineWorker } from '../../web/engine/engine-worker-core.js';
import { loadEngine } from './helpers.mjs';

const onMessage = createEngineWorker({ loadModule: loadEngine, post: (m) => parentPort.postMessage(m) });
parentPort.on('message', (m) => onMessage(m));
