// Installing the page as an app (it works offline: pwa.js). Where the browser offers it
// (the beforeinstallprompt event) an Install button stands in the welcome (the page's home:
// its top bar's first button, no room taken on the game's screen) until used or the app is
// installed. Where it does not but a person can do it by hand (Safari on iPhone and
// iPad: Share, then Add to Home Screen) a short note says how, once: shown once ever
// (remembered in storage), dismissed by its close button. Nothing when the page already runs
// as an installed app.
//
//   const install = wireInstall({ toast(text, ms), t, win = window, storage = localStorage });
//   install.sayHow()   once the page is up: the note where it is needed
import { attempt } from '../../util/result.js';
const NOTE_KEY = 'dragonchess.install-note.v1';

/** True on a browser that installs only by hand from its Share menu (Safari on iOS, iPadOS). */
function installsByHand(nav) {
  const ios =
    /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  return ios && 'standalone' in nav;
}

// t: the page's words (page.install*)
export function wireInstall({ toast, t, win = window, storage = win.localStorage }) {
  const nav = win.navigator;
  const standalone =
    (win.matchMedia && win.matchMedia('(display-mode: standalone)').matches) || nav.standalone === true;
  if (standalone) return { button: null, sayHow: () => {} };

  const doc = win.document;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-install';
  button.id = 'btn-install';
  button.hidden = true;
  button.dataset.i18n = 'page.install';
  button.dataset.i18nTitle = 'page.install.title';
  // (its words: the page's, put in with the rest of the page's: util/dom-words.js)
  const home = doc.querySelector('#dlg-welcome .welcome-foot');
  if (home) home.after(button);

  let offer = null; // the browser's deferred prompt
  win.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // the page's own button, not the browser's bar
    offer = e;
    button.hidden = false;
  });
  win.addEventListener('appinstalled', () => {
    offer = null;
    button.hidden = true;
  });
  button.addEventListener('click', async () => {
    const o = offer;
    if (!o) return;
    offer = null;
    button.hidden = true; // a prompt is offered once
    await o.prompt();
  });

  // once the page is up (called then by the page): the note, where it is needed, once ever
  function sayHow() {
    if (!installsByHand(nav) || attempt(() => storage.getItem(NOTE_KEY)).value === 'shown') return;
    attempt(() => storage.setItem(NOTE_KEY, 'shown'));
    toast(t('page.install.note'), 0); // stays until closed
  }
  return { button, sayHow };
}
