// The version of the message protocol between the page and the engine worker
// (docs/worker-protocol.md): engine-client.js and engine-worker-core.js both speak it, from here.
export const PROTOCOL_VERSION = 2;
