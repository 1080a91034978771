// A part's state, shown to its readers without handing them the pen: the part keeps its
// state in a plain object and returns its methods with read-only properties over the fields
// others read (docs/architecture.md, "One component style").
//
//   const st = { note: null, moves: [] };
//   return withReadOnly(st, ['note', 'moves'], { play, hint });   // part.note reads st.note

/**
 * `methods`, given a getter for each of `keys` that reads `st` (assigning one throws).
 * @template {object} S
 * @template {keyof S} K
 * @template {object} M
 * @param {S} st
 * @param {K[]} keys
 * @param {M} methods
 * @returns {M & Readonly<Pick<S, K>>}
 */
export function withReadOnly(st, keys, methods) {
  for (const k of keys) Object.defineProperty(methods, k, { get: () => st[k], enumerable: true });
  return /** @type {any} */ (methods);
}
