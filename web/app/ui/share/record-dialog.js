// Game records on the page: save the game (download a file, copy the text) and open one
// (a file chosen or dropped onto the page, or pasted text), with a list to choose from
// when a file holds several games. Core reads and writes the records (Game.record,
// M.RecordList, M.readRecord: docs/notation.md, "Game records"); record.js makes their
// text and what opens of them; this module carries them between the page and the person.
// The dialog is made here, the first time it is opened.
import { $, el } from '../../util/dom.js';
import { failure, settle, success } from '../../util/result.js';
import { copyText } from './clipboard.js';
import { recordTags, recordText, fileName, openedGame } from '../../session/share/record.js';
import { createRecordLister } from '../../session/share/record-lister.js';
import { gameRows } from './game-rows.js';
import { wireFileDrop } from './file-drop.js';

function makeDialog() {
  const d = el(
    'dialog',
    { className: 'dialog dialog-record', id: 'dlg-record', 'aria-labelledby': 'dlg-record-title' },
    `<form method="dialog" class="dialog-body">
    <h2 id="dlg-record-title">Save or open a game</h2>
    <section class="rec-part" aria-labelledby="rec-save-title">
      <h3 id="rec-save-title">This game</h3>
      <label class="sr-only" for="rec-text">This game as a record</label>
      <textarea class="rec-text" id="rec-text" readonly rows="6" spellcheck="false"></textarea>
      <div class="dialog-actions">
        <button type="button" class="btn" id="rec-copy">Copy the text</button>
        <button type="button" class="btn btn-primary" id="rec-download">Download</button>
      </div>
    </section>
    <section class="rec-part" aria-labelledby="rec-open-title">
      <h3 id="rec-open-title">Open a game</h3>
      <p class="rec-hint">Choose a file, drop one onto the page, or paste a game record here.</p>
      <label class="sr-only" for="rec-paste">A game record to open</label>
      <textarea class="rec-text" id="rec-paste" rows="4" spellcheck="false" placeholder="[Event &quot;…&quot;] 1. W2h3 W2e6 …"></textarea>
      <div class="rec-error" id="rec-error" role="alert" hidden></div>
      <div class="rec-games" id="rec-games" hidden></div>
      <input type="file" id="rec-file-input" accept=".dgn,.pgn,.txt,text/plain" hidden>
      <div class="dialog-actions">
        <button type="submit" class="btn btn-ghost" value="close">Close</button>
        <button type="button" class="btn" id="rec-file">Choose a file…</button>
        <button type="button" class="btn btn-primary" id="rec-open">Open</button>
      </div>
    </section>
  </form>`,
  );
  document.body.append(d);
  return d;
}

// ctl: the Controller; M: the engine module; opening: createOpening();
// ui: {toast(text, ms?)}. Returns {open(), openText(text), openFile(file), text(), download(), copy()}.
export function createRecordIO(ctl, M, opening, ui) {
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
    dialog = makeDialog();
    $('rec-copy').addEventListener('click', copy);
    $('rec-download').addEventListener('click', download);
    $('rec-file').addEventListener('click', () => $('rec-file-input').click());
    $('rec-file-input').addEventListener('change', (e) => {
      const f = e.target.files && e.target.files[0];
      e.target.value = '';
      if (f) openFile(f);
    });
    $('rec-open').addEventListener('click', () => {
      const t = $('rec-paste').value;
      if (!t.trim()) {
        showError('Paste a game record first (or choose a file).');
        return;
      }
      openText(t);
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
    ui.toast(ok ? 'The game record is copied.' : 'Select the text and copy it (Ctrl+C).');
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

  // A failure said where it belongs (the dialog, else a toast): the result, passed on.
  const said = (r, what) => {
    showError(`${what}: ${r.error}.`);
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
        shown = { ...parts, rows: gameRows(parts.box.querySelector('.rec-scroll'), lister.lines) };
      }
      const { rows, bar, count } = shown;
      rows.grow(chunk.listed, chunk.done);
      bar.max = chunk.total || 1;
      bar.value = rows.length();
      bar.hidden = chunk.done;
      const n = rows.length();
      count.textContent = chunk.done
        ? `${n} games: choose one.`
        : `Listing the games… ${n} of ${chunk.total}; choose one at any time.`;
      if (made) rows.focus(0);
    };
    const r = await lister.list(text, { counting: (at) => (counted = showCount(counted, at)), grown });
    if (r.error && r.code === 'rest') {
      shown.count.textContent = `${shown.rows.length()} games listed.`;
      shown.bar.hidden = true;
      return said(r, 'The rest of this record could not be read');
    }
    if (r.error) {
      clearList();
      return said(r, 'This record could not be read');
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
    const mb = (bytes) => (bytes / 1048576).toFixed(1);
    parts.count.textContent = `Counting the games… ${mb(at.counted)} of ${mb(at.size)} MB read.`;
    parts.bar.max = at.size || 1;
    parts.bar.value = at.counted;
    return parts;
  }

  function openIndex(index) {
    const read = lister.read(index);
    if (read.error) return said(read, 'This game could not be opened');
    const game = openedGame(M, read.value);
    const opened = opening.openGame(game, game.what);
    if (opened.error) return said(opened, 'This game could not be opened');
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
      return said(
        failure(`more than ${M.MAX_RECORD_TEXT >> 20} MB`),
        `${file.name} is too large for a game record`,
      );
    }
    const read = await settle(file.arrayBuffer());
    if (read.error) return said(read, `${file.name} could not be read`);
    return openText(new Uint8Array(read.value));
  }

  wireFileDrop(openFile);

  return { open: dialogOpen, openText, openFile, download, copy, text: () => recordText(ctl) };
}
