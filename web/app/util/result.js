// The page's one convention for what can fail (docs/architecture.md, "Errors"): a function
// that can fail because of what a person, a file, a link, the stored data, the browser or
// the engine gave it returns a Result, one shape: {value} when it did what was asked (the
// value undefined when there is nothing to give), {error: a sentence for people, code?,
// line?} when it failed; or, when the page's catalogues say why, {error: the message's key,
// args: its arguments} (refusal(); the page words it with util/i18n.js's reason(t, r)). Nothing is half done when it fails. Throwing is left to
// programming errors (input no page produces). It declares `@returns {Result<T>}` (or a
// Promise of one), so TypeScript's checker holds every return to the shape;
// tests/node/results.test.mjs fails on a function that returns a failure without it.
//
// The engine speaks its own way (an Error with a code, a rejected promise: the worker
// protocol); attempt() and settle() turn that into a result where the page calls it.

/**
 * A failure: `error`, a sentence for people; a `code` where callers tell failures apart; a
 * record's `line`. With `args`, `error` is the key of a catalogue's message and `args` its
 * arguments (refusal()). A move the engine refused keeps core's name of the reason in
 * `core`: {key, args} (wasm/post.js; facts/terms.js coreRefusal() makes it a refusal).
 * @typedef {{error: string, code?: string, line?: number, args?: Record<string, any>, core?: {key: string, args: Record<string, any>}, value?: undefined}} Failure
 */
/**
 * What a fallible call answers: what it gives in `value`, or a Failure. Callers ask
 * `if (r.error)`.
 * @template [T=any]
 * @typedef {{value: T, error?: undefined, code?: undefined} | Failure} Result
 */

/** Success as a result: {value} (undefined when the call gives nothing).
 *  @template [T=undefined] @param {T} [value] @returns {Result<T>} */
export function success(value) {
  return { value };
}

/** A failure as a result: from an Error (its message, its code, a record's line), from a
 *  failure passed on (its error, args, code and line; fields of its own left behind) or from a sentence.
 *  @param {any} e @param {string} [code] @returns {Failure} */
export function failure(e, code) {
  if (typeof e === 'string') return code ? { error: e, code } : { error: e };
  /** @type {Failure} */
  const r = { error: String((e && (typeof e.error === 'string' ? e.error : e.message)) || e) };
  if (e && e.args) r.args = e.args; // a refusal passed on: its key and arguments
  if (code || (e && e.code)) r.code = code || e.code;
  if (e && e.line !== undefined) r.line = e.line;
  if (e && (e.core || e.reason)) r.core = e.core || e.reason; // core's reason for a refused move
  return r;
}

/** A failure the page's catalogues word: the message's `key` and its `args` (said by
 *  util/i18n.js's reason(t, r)). @param {string} key @param {Record<string, any>} [args]
 *  @returns {Failure} */
export function refusal(key, args = {}) {
  return { error: key, args };
}

/** fn() as a result: {value} with what it returned, or the failure it threw.
 *  @template T @param {() => T} fn @returns {Result<T>} */
export function attempt(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    return failure(e);
  }
}

/** A promise as a result: {value} with what it resolved to, or the failure it was rejected with.
 *  @template T @param {Promise<T> | T} promise @returns {Promise<Result<T>>} */
export function settle(promise) {
  return Promise.resolve(promise).then(success, failure);
}
