// The end of a game in the reader's words: the move list's and the summary's title, and the
// summary's reason (core's state and winner, the catalogue's words: page.end.*, end.*).
//
//   endTitle(t, status) -> 'Schachmatt · Gold gewinnt'     endReason(t, status)
import { other } from './facts.js';
import { sideTerm, endTerm } from './terms.js';

/** @typedef {import('../util/i18n.js').Translator} Translator */

/** The end in a few words (st: the engine's status {state, winner}). */
export function endTitle(/** @type {Translator} */ t, st) {
  const winner = st.winner ? sideTerm(t, st.winner) : '';
  const loser = st.winner ? sideTerm(t, other(st.winner)) : '';
  if (st.state === 'checkmate') return t('page.end.checkmate', { winner });
  if (st.state === 'timeout') return t('page.end.timeout', { winner });
  if (st.state === 'timeout-draw') return t('page.end.timeoutDraw');
  if (st.winner) return t('page.end.resigned', { winner, loser });
  return t('page.end.draw');
}

/** Why it ended, in sentences: core's reason (end.*), a checkmate's with the trapped King. */
export function endReason(/** @type {Translator} */ t, st) {
  if (st.state !== 'checkmate') return endTerm(t, st);
  return `${endTerm(t, st)} ${t('page.end.kingTrapped', { loser: sideTerm(t, other(st.winner)) })}`;
}
