// The games of a record's text, listed a few hundred at a time (core's RecordList: one pass
// over the text, however many games) with the page's turn between slices, so that the page
// stays responsive while a file of 100,000 games is read. No DOM: the record dialog
// (ui/share/record-dialog.js) shows the count and the list as they come, through the hooks
// handed to list(). One list at a time: a newer text, or drop(), lets the older one go.
import { attempt, failure, success } from '../../util/result.js';

const LIST_CHUNK = 500;
const LIST_SLICE_MS = 16; // listed in one go (a frame) before the page takes its turn

// The page's turn (input, drawing) between two slices: a message, not setTimeout, which
// browsers hold back 4 ms after a few in a row.
function messageTurn() {
  const channel = new MessageChannel(),
    waiting = [];
  channel.port1.onmessage = () => waiting.shift()();
  /** @type {any} */ (channel.port1).unref?.(); // (under Node: the port keeps no test alive)
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(0);
    });
}

/**
 * A lister of the games of a record's text. M: the engine module. turn: resolves when the
 * page has had its turn; now: ms (both for tests).
 * @param {any} M @param {{turn?: () => Promise<unknown>, now?: () => number}} [options]
 */
export function createRecordLister(M, { turn = messageTurn(), now = () => performance.now() } = {}) {
  let listed = null; // the RecordList on show (deleted when another text replaces it)
  let listing = 0; // the listing's number: a newer one stops an older one

  function drop() {
    if (listed) listed.delete();
    listed = null;
    listing++;
  }

  /**
   * Lists the games of `text` (a string, or a file's bytes: core reads them as they are and
   * tells a UTF-16 or binary file). A text of more than one chunk is counted before its
   * list is given (one of too many games is refused with no list), `counting(at)` told how
   * far the count has come after each slice (RecordList.next()'s progress); then the list
   * grows, `grown(chunk)` told after each slice and at the end. Resolves to {value: 'one'}
   * (the text holds one game: read(0) opens it), {value: 'listed'} (the list complete),
   * {value: 'gone'} (another text or drop() replaced it), or a failure with code
   * 'unreadable' (no list) or 'rest' (the list as far as it was read stays).
   * @param {string | Uint8Array} text
   * @param {{counting?: (at: any) => void, grown?: (chunk: any) => void}} [hooks]
   * @returns {Promise<import('../../util/result.js').Result<'one' | 'listed' | 'gone'>>}
   */
  async function list(text, { counting = () => {}, grown = () => {} } = {}) {
    drop();
    const mine = listing;
    const made = attempt(() => new M.RecordList(text));
    if (made.error) return failure(made, 'unreadable');
    const games = made.value;
    listed = games;
    let first = null;
    for (let slice = now(); !first || first.counting;) {
      if (now() - slice > LIST_SLICE_MS) {
        if (first) counting(first);
        await turn();
        if (mine !== listing) return success('gone');
        slice = now();
      }
      const read = attempt(() => games.next(LIST_CHUNK));
      if (read.error) {
        drop();
        return failure(read, 'unreadable');
      }
      first = read.value;
    }
    if (first.done && first.listed === 1) return success('one');
    grown(first);
    // a slice of chunks, then the list given as it stands and the page's turn
    for (let chunk = first, slice = now(); !chunk.done;) {
      const more = attempt(() => games.next(LIST_CHUNK));
      if (more.error) return failure(more, 'rest');
      chunk = more.value;
      if (chunk.done || now() - slice > LIST_SLICE_MS) grown(chunk);
      if (!chunk.done && now() - slice > LIST_SLICE_MS) {
        await turn();
        if (mine !== listing) return success('gone');
        slice = now();
      }
    }
    return success('listed');
  }

  return {
    list,
    drop,
    /** Whether a list is on show. */
    has: () => listed !== null,
    /** Games from..to-1 of the list on show, as core lists them (record.js's gameLine says
     *  each in a line; none once the list is let go). */
    games: (from, to) => (listed ? listed.games(from, to) : []),
    /** Game `index` of the list on show, read from its own text alone. @returns {import('../../util/result.js').Result} */
    read: (index) => (listed ? attempt(() => listed.read(index)) : failure('no record is listed')),
  };
}
