// The page's one convention for what can fail (docs/architecture.md): a function that can
// fail because of what a person, a file, a link, the stored data, the browser or the
// engine gave it returns a result: {error: a sentence for people, code?} when it failed,
// else its value (an object without `error`, or {} when there is none). Nothing is half
// done when it fails. Throwing is left to programming errors (input no page produces).
//
// The engine speaks its own way (an Error with a code, a rejected promise: the worker
// protocol); attempt() and settle() turn that into a result where the page calls it.

/**
 * What a fallible call answers, one shape: `error` (a sentence for people) when it failed,
 * with a `code` where callers tell failures apart and a record's `line`; else no `error`,
 * and what it gives in `value` (attempt, settle) or in fields of its own.
 * @template [T=any]
 * @typedef {{error?: string, code?: string, line?: number, value?: T}} Result
 */

/** A failure as a result: from an Error (its message, its code, a record's line) or from a sentence.
 *  @param {any} e @param {string} [code] @returns {Result<never>} */
export function failure(e, code) {
  if (typeof e === 'string') return code ? { error: e, code } : { error: e };
  /** @type {Result<never>} */
  const r = { error: String((e && e.message) || e) };
  if (code || (e && e.code)) r.code = code || e.code;
  if (e && e.line !== undefined) r.line = e.line;
  return r;
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
  return Promise.resolve(promise).then(
    (value) => ({ value }),
    (e) => failure(e),
  );
}
