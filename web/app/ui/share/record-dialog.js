// Game records on the page: save the game (download a file, copy the text) and open one
// (a file chosen or dropped onto the page, or pasted text), with a list to choose from
// when a file holds several games. Core reads and writes the records (Game.record,
// M.RecordList, M.readRecord: docs/notation.md, "Game records"); record.js makes their
// text and what opens of them; this module carries them between the page and the person.
// The dialog is made here, the first time it is opened.
import { $, el } from '../../util/dom.js';
import { refusal, settle, success } from '../../util/result.js';
import { reason, browserReason } from '../../util/i18n.js';
import { coreRefusal } from '../../facts/terms.js';
import { copyText } from './clipboard.js';
import { recordTags, recordText, fileName, openedGame, gameLine } from '../../session/share/record.js';
import { translateDom } from '../../util/dom-words.js';
import { createRecordLister } from '../../session/share/record-lister.js';
import { gameRows } from './game-rows.js';
import { wireFileDrop } from './file-drop.js';

// The dialog's words are the catalogue's (data-i18n: the page's translateDom says them again
// on a change of language).
function makeDialog(t) {
  const d = el(
    'dialog',
    { className: 'dialog dialog-record', id: 'dlg-record', 'aria-labelledby': 'dlg-record-title' },
    `<form method="dialog" class="dialog-body">
    <h2 id="dlg-record-title" data-i18n="record.title"></h2>
    <section class="rec-part" aria-labelledby="rec-save-title">
      <h3 id="rec-save-title" data-i18n="record.thisGame"></h3>
      <label class="sr-only" for="rec-text" data-i18n="record.thisGameLabel"></label>
      <textarea class="rec-text" id="rec-text" readonly rows="6" spellcheck="false"></textarea>
      <div class="dialog-actions">
        <button type="button" class="btn" id="rec-copy" data-i18n="record.copy"></button>
        <button type="button" class="btn btn-primary" id="rec-download" data-i18n="record.download"></button>
      </div>
    </section>
    <section class="rec-part" aria-labelledby="rec-open-title">
      <h3 id="rec-open-title" data-i18n="record.openTitle"></h3>
      <p class="rec-hint" data-i18n="record.openHint"></p>
      <label class="sr-only" for="rec-paste" data-i18n="record.pasteLabel"></label>
      <textarea class="rec-text" id="rec-paste" rows="4" spellcheck="false" placeholder="[Event &quot;…&quot;] 1. W2h3 W2e6 …"></textarea>
      <div class="rec-error" id="rec-error" role="alert" hidden></div>
      <div class="rec-games" id="rec-games" hidden></div>
      <input type="file" id="rec-file-input" accept=".dgn,.pgn,.txt,text/plain" hidden>
      <div class="dialog-actions">
        <button type="submit" class="btn btn-ghost" value="close" data-i18n="dialog.close"></button>
        <button type="button" class="btn" id="rec-file" data-i18n="record.chooseFile"></button>
        <button type="button" class="btn btn-primary" id="rec-open" data-i18n="record.open"></button>
      </div>
    </section>
  </form>`,
  );
  translateDom(d, t);
  document.body.append(d);
  return d;
}

// ctl: the Controller; M: the engine module; opening: createOpening();
// ui: {toast(text, ms?), t (the page's words)}. Returns {open(), openText(text), openFile(file),
// text(), download(), copy()}.
export function createRecordIO(ctl, M, opening, ui) {
  /** @type {import('../../util/i18n.js').Translator} */
  const t = ui.t;
  let dialog = null;

  function showError(text) {
    const e = $('rec-error');
    if (!e) {
      ui.toast(text, 9000);
      return;
    }
    e.hidden = !text;
    e.textContent = text || '';
    if (text && !dialog.open) ui.toast(text, 9000);
  }

  function dialogOpen() {
    if (!dialog) wire();
    $('rec-text').value = recordText(ctl);
    showError('');
    if (!dialog.open) dialog.showModal();
    $('rec-download').focus();
  }

  function wire() {
    dialog = makeDialog(t);
    $('rec-copy').addEventListener('click', copy);
    $('rec-download').addEventListener('click', download);
    $('rec-file').addEventListener('click', () => $('rec-file-input').click());
    $('rec-file-input').addEventListener('change', (e) => {
      const f = e.target.files && e.target.files[0];
      e.target.value = '';
      if (f) openFile(f);
    });
    $('rec-open').addEventListener('click', () => {
      const text = $('rec-paste').value;
      if (!text.trim()) {
        showError(t('record.pasteFirst'));
        return;
      }
      openText(text);
    });
    $('rec-games').addEventListener('click', (e) => {
      const b = e.target.closest('[data-game]');
      if (b && lister.has()) openIndex(Number(b.dataset.game));
    });
    $('rec-text').addEventListener('focus', (e) => e.target.select());
    // closed without a choice: the list and its text are let go
    dialog.addEventListener('close', clearList);
  }

  async function copy() {
    const text = recordText(ctl);
    const ok = !(await copyText(text)).error;
    if (!ok && $('rec-text')) {
      $('rec-text').focus();
      $('rec-text').select();
    }
    ui.toast(t(ok ? 'record.copied' : 'record.selectToCopy'));
  }

  function download() {
    const tags = recordTags(ctl);
    const blob = new Blob([recordText(ctl)], { type: 'text/plain;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = fileName(tags);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  // A failure said where it belongs (the dialog, else a toast), by the message `key` with
  // the reason {why} (core's, said by reason(): coreRefusal) and `args`: the result, passed on.
  const said = (r, key, args = {}) => {
    showError(reason(t, refusal(key, { ...args, why: coreRefusal(r) })));
    return r;
  };

  // The games of a text, listed a few hundred at a time (session/share/record-lister.js).
  const lister = createRecordLister(M);

  // The list let go and its box emptied: the dialog closed, or another text to read (whose
  // count may take a while, or end in an error: no list of the old text meanwhile).
  function clearList() {
    lister.drop();
    const box = $('rec-games');
    if (box) {
      box.hidden = true;
      box.replaceChildren();
    }
  }

  // Opens the game of a text (a string, or a file's bytes: core reads them as they are and
  // tells a UTF-16 or binary file), or lists its games when it holds several, the count
  // and then the list shown as they come. Resolves to {} once a game is open or the list
  // complete, or {error} (said) when the text is refused.
  async function openText(text) {
    clearList();
    let counted = null; // the list box while the games are counted
    /** @type {any} the list box and its rows once the games are listed */
    let shown = null;
    const grown = (chunk) => {
      const made = !shown;
      if (made) {
        const parts = listBox();
        parts.box.insertAdjacentHTML('beforeend', '<div class="rec-scroll"><ol class="rec-list"></ol></div>');
        const lines = (from, to) => lister.games(from, to).map((g) => gameLine(t, g));
        shown = { ...parts, rows: gameRows(parts.box.querySelector('.rec-scroll'), lines) };
      }
      const { rows, bar, count } = shown;
      rows.grow(chunk.listed, chunk.done);
      bar.max = chunk.total || 1;
      bar.value = rows.length();
      bar.hidden = chunk.done;
      const n = rows.length();
      count.textContent = chunk.done
        ? t('record.list.done', { count: n })
        : t('record.list.growing', { n, total: chunk.total });
      if (made) rows.focus(0);
    };
    const r = await lister.list(text, { counting: (at) => (counted = showCount(counted, at)), grown });
    if (r.error && r.code === 'rest') {
      shown.count.textContent = t('record.list.partial', { count: shown.rows.length() });
      shown.bar.hidden = true;
      return said(r, 'record.error.rest');
    }
    if (r.error) {
      clearList();
      return said(r, 'record.error.unreadable');
    }
    if (r.value === 'one') return openIndex(0);
    return success();
  }

  // The dialog open with an empty list box: its line of words and its progress bar.
  function listBox() {
    if (!dialog) wire();
    if (!dialog.open) dialog.showModal();
    showError('');
    const box = $('rec-games');
    box.hidden = false;
    box.innerHTML =
      '<p class="rec-count" aria-live="polite"></p><progress class="rec-progress" max="1" value="0"></progress>';
    return { box, count: box.querySelector('.rec-count'), bar: box.querySelector('.rec-progress') };
  }

  // How far the count of a text has come (`at`: RecordList.next()'s progress), in the list
  // box (`shown`: the box's parts, made on the first call and returned).
  function showCount(shown, at) {
    const parts = shown || listBox();
    const mb = new Intl.NumberFormat(t.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const read = (/** @type {number} */ bytes) => mb.format(bytes / 1048576);
    parts.count.textContent = t('record.counting', { read: read(at.counted), size: read(at.size) });
    parts.bar.max = at.size || 1;
    parts.bar.value = at.counted;
    return parts;
  }

  function openIndex(index) {
    const read = lister.read(index);
    if (read.error) return said(read, 'record.error.game');
    const game = openedGame(M, read.value, t);
    const opened = opening.openGame(game, game.what);
    if (opened.error) return said(opened, 'record.error.game');
    lister.drop();
    if (dialog && dialog.open) dialog.close();
    if (dialog) $('rec-paste').value = '';
    return success();
  }

  // A file is given to core as its bytes (not decoded here: core tells UTF-8 from UTF-16
  // and binary files, as the command line does); one larger than core reads is refused
  // before it is read.
  async function openFile(file) {
    if (file.size > M.MAX_RECORD_TEXT) {
      const large = refusal('record.error.tooLarge', { file: file.name, mb: M.MAX_RECORD_TEXT >> 20 });
      showError(reason(t, large));
      return large;
    }
    const read = await settle(file.arrayBuffer());
    if (read.error) return said(browserReason(read), 'record.error.file', { file: file.name });
    return openText(new Uint8Array(read.value));
  }

  wireFileDrop(openFile);

  return { open: dialogOpen, openText, openFile, download, copy, text: () => recordText(ctl) };
}
