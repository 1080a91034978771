// Link support for the game page (index.html), on top of links.js. The page calls:
//
//   import { readLink, createAddressBar, copyLink } from './share.js';
//   const bar = createAddressBar();   // write(game), watch(onLink); read and urlFor too
//
//   // at boot, before restoring the saved game: a link wins over the saved game
//   const link = readLink();            // {value: null} (no link) | {value: {fen, moves, ...}} | {error}
//   if (link.error) toast(t('open.link.unreadable', { why: reason(t, link) }));
//   else if (link.value) { const r = ctl.reset({ startFen: link.value.fen, moves: link.value.moves }); ... }
//
//   // after every change of what is on screen (move, undo, new game, stepping through):
//   bar.write({ fen: model.startFen, moves: shownCoordinateMoves });
//
//   // a Share button:
//   const { url, copied } = await copyLink({ fen: model.startFen, moves });  // copied: false if refused
//
//   // someone pastes another link into the address bar of the open page:
//   bar.watch((link) => { /* same as at boot */ });
//
// The address is only replaced (history.replaceState), never pushed: Back leaves the game.

import { decodeHash, encodeGame } from '../../session/share/links.js';
import { copyText } from './clipboard.js';
import { attempt, failure, success } from '../../util/result.js';

/** The game in the address, a result: {value: null} when the address holds none, {value:
 *  {fen?, moves, rules?, mode?, strength?, to?, ending?, offer?, takeback?, assists?, tc?,
 *  times?}}, or a refusal (links.js's reason: a key and its arguments) when it cannot be read. */
export function readLink(hash = typeof location !== 'undefined' ? location.hash : '') {
  if (!hash || hash === '#') return success(null);
  const read = decodeHash(hash);
  if (read.error) return failure(read); // the reader's reason, a refusal (the page says it in a sentence)
  const d = read.value;
  if (
    d.fen === undefined &&
    !d.moves.length &&
    !d.mode &&
    !d.ending &&
    !d.offer &&
    !d.takeback &&
    !d.rules &&
    !d.tc
  )
    return success(null);
  const out = { moves: d.moves };
  if (d.rules) out.rules = d.rules;
  if (d.ending) out.ending = d.ending;
  if (d.offer) out.offer = d.offer;
  if (d.takeback) out.takeback = d.takeback;
  if (d.assists) out.assists = d.assists;
  if (d.fen !== undefined) out.fen = d.fen;
  if (d.mode) out.mode = d.mode;
  if (d.strength) out.strength = d.strength;
  if (d.to) out.to = d.to;
  if (d.tc !== undefined) out.tc = d.tc;
  if (d.times) out.times = d.times;
  return success(out);
}

/** The full address of a game ({fen, moves, mode, strength, to}) on this page. */
export function linkFor(game, base = typeof location !== 'undefined' ? location.href : '') {
  const b = String(base);
  const i = b.indexOf('#');
  return (i < 0 ? b : b.slice(0, i)) + encodeGame(normal(game));
}

function normal(game = {}) {
  const fen = game.fen === 'startpos' ? undefined : game.fen;
  return {
    fen,
    moves: game.moves || [],
    rules: game.rules,
    mode: game.mode,
    strength: game.strength,
    to: game.to,
    ending: game.ending,
    offer: game.offer,
    takeback: game.takeback,
    assists: game.assists,
    tc: game.tc,
    times: game.times,
  };
}

/** Copies the game's address to the clipboard: {url, copied} (copied false: the browser
 *  refused, and the caller shows the address for copying by hand). */
export async function copyLink(game) {
  const url = linkFor(game);
  return { url, copied: !(await copyText(url)).error };
}

/**
 * The page's address bar: write(game) makes the address describe the game on screen (no new
 * history entry, no reload) -> {value} or {error}; watch(onLink) calls onLink(link) when the
 * address changes to another game (typed or pasted), not when write() changed it; read()
 * and urlFor(game) as readLink and linkFor.
 */
export function createAddressBar() {
  /** @type {string | null} the hash write() wrote last (not a person's new link) */
  let lastWritten = null;
  function write(game) {
    if (typeof history === 'undefined' || typeof location === 'undefined') return success();
    const hash = encodeGame(normal(game));
    lastWritten = hash;
    const url = location.pathname + location.search + hash;
    if (location.hash === hash || (!hash && !location.hash)) return success();
    // a sandboxed frame may not change its address: then the page keeps its own, and its
    // link is offered by the Share button alone (the result says so; nothing else changes)
    return attempt(() => history.replaceState(history.state, '', url || location.pathname));
  }
  function watch(onLink) {
    const handler = () => {
      if (location.hash === lastWritten) return;
      const read = readLink(location.hash);
      if (read.error || read.value) onLink(read);
    };
    window.addEventListener('hashchange', handler);
    return () => window.removeEventListener('hashchange', handler);
  }
  return { read: () => readLink(), write, urlFor: (game) => linkFor(game), watch };
}
