// The worker_threads side of worker-shim.mjs: what engine-worker.js does in a browser,
// plus two test-only requests for the client's watchdog tests (not in the production
// worker): {type: 'crash'} throws an uncaught error, {type: 'hang'} never returns.
import { parentPort } from 'node:worker_threads';
import { createEngineWorker } from '../../web/engine/engine-worker-core.js';
import { loadEngine } from './helpers.mjs';

const onMessage = createEngineWorker({ loadModule: loadEngine, post: (m) => parentPort.postMessage(m) });
parentPort.on('message', (m) => {
  if (m && m.type === 'crash')
    setTimeout(() => {
      throw new Error('crash requested');
    }, 0);
  else if (m && m.type === 'hang')
    for (;;) {
      /* busy forever */
    }
  else onMessage(m);
});
