// Events of the page's objects (the game controller, the tutorial and puzzle sessions, the
// announcer, the sounds): on(event, fn) returns the function that removes it.
export class Emitter {
  constructor() { this.listeners = new Map(); }
  on(event, fn) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(fn);
    return () => this.off(event, fn);
  }
  off(event, fn) { this.listeners.get(event)?.delete(fn); }
  emit(event, ...args) { for (const fn of [...(this.listeners.get(event) || [])]) fn(...args); }
}
