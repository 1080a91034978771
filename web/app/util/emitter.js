// Events of the page's objects (the game controller, the tutorial and puzzle sessions, the
// announcer, the sounds): on(event, fn) returns the function that removes it. An emitter
// made with its list of events throws on any other name (a typo is a programming error).
export class Emitter {
  constructor(events = null) {
    this.listeners = new Map();
    this.eventNames = events;
  }
  _known(event) {
    if (this.eventNames && !this.eventNames.includes(event))
      throw new TypeError(`no event '${event}' (the events: ${this.eventNames.join(', ')})`);
  }
  on(event, fn) {
    this._known(event);
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(fn);
    return () => this.off(event, fn);
  }
  off(event, fn) {
    this.listeners.get(event)?.delete(fn);
  }
  emit(event, ...args) {
    this._known(event);
    for (const fn of [...(this.listeners.get(event) || [])]) fn(...args);
  }
}
