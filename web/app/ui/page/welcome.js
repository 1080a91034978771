// The welcome: what a first visit sees over the boards (play the computer, learn, puzzles,
// play a friend). Once closed, whichever way, it is remembered (the preferences) and not shown
// again by itself; the top bar's button opens it again.
//
//   const w = createWelcome({ dialogs, learnView, prefs });  w.wire();  w.openIfNew(linkOpened)
import { $ } from '../../util/dom.js';

// dialogs: createDialogs(); learnView: createLearnView(); prefs: {load, save} (store.js)
export function createWelcome({ dialogs, learnView, prefs }) {
  const dlg = $('dlg-welcome');
  const choices = {
    computer: () => dialogs.openNewGame({ mode: 'ai' }),
    friend: () => dialogs.openNewGame({ mode: 'link' }),
    lessons: () => learnView.enter('lessons'),
    puzzles: () => learnView.enter('puzzles'),
  };
  function open() {
    if (!dlg.open) {
      dlg.returnValue = '';
      dlg.showModal();
    }
  }
  function wire() {
    $('btn-welcome').addEventListener('click', open);
    // Off to the rules page: the welcome has done its part.
    $('welcome-rules')?.addEventListener('click', () => prefs.save({ welcomed: true }));
    dlg.addEventListener('close', () => {
      prefs.save({ welcomed: true });
      const go = choices[dlg.returnValue];
      if (go) go();
    });
  }
  // A first visit (never closed, no game link opened, no game under way) gets the welcome.
  function openIfNew({ linkOpened, gameUnderWay }) {
    if (!prefs.load().welcomed && !linkOpened && !gameUnderWay) open();
  }
  return { wire, open, openIfNew };
}
