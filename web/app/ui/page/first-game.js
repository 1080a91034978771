// The first game against the computer: once, before the player's first move, a sentence
// under the status line on how the pieces of the Sky attack the boards below (what costs a
// newcomer the first games), with the lesson on checks across levels a click away. Once
// the player has moved with it on show it is remembered (the preferences) and not said again.
//
//   watchFirstGame({ ctl, prefs });   the page's action 'lesson-check-levels' opens the lesson
import { other } from '../../facts/facts.js';
import { levelTerm } from '../../facts/terms.js';
import { sayNote } from '../../session/game/controller.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

// The sentence and its button, in the reader's words (note.first.*).
const skyWords = (/** @type {Translator} */ t) =>
  t('note.first.sky', { sky: levelTerm(t, 3), ground: levelTerm(t, 2) });
const lessonLabel = (/** @type {Translator} */ t) => t('note.first.lesson');
export const LESSON_ACT = 'lesson-check-levels';
export const LESSON_ID = 'check-levels';
const PREF = 'skyTold';

// ctl: the Controller; prefs: {load(), save(patch)} (store.js). The sentence stays under
// the status line until the player's first move (a welcome or a dialog may cover it before);
// that move makes it said.
export function watchFirstGame({ ctl, prefs }) {
  const firstPly = (me) => (me === 'gold' ? 0 : 1);
  const vsComputer = () => {
    const me = ctl.humanSide();
    return me && ctl.aiPlays(other(me)) ? me : null;
  };
  let shown = false;
  ctl.on('change', () => {
    const me = vsComputer();
    if (!me || prefs.load()[PREF]) return;
    const before = ctl.model.length <= firstPly(me);
    if (before && ctl.sideToMove() === me && ctl.isLive() && !ctl.isOver() && !ctl.note) {
      shown = true;
      ctl.setNote(
        sayNote('note', () => skyWords(ctl.t), {
          get label() {
            return lessonLabel(ctl.t);
          },
          act: LESSON_ACT,
        }),
      );
    } else if (shown && !before) prefs.save({ [PREF]: true });
  });
}
