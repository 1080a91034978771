// Game records on the page: save the game (download a file, copy the text) and open one
// (a file chosen or dropped onto the page, or pasted text), with a list to choose from
// when a file holds several games. Core reads and writes the records (Game.record,
// M.RecordList, M.readRecord: docs/notation.md, "Game records"); record.js makes their
// text and what opens of them; this module carries them between the page and the person.
// The dialog is made here, the first time it is opened.
import { $, el, esc } from '../../util/dom.js';
import { attempt, failure, settle } from '../../util/result.js';
import { copyText } from './clipboard.js';
import { recordTags, recordText, fileName, gameLine, openedGame } from '../../session/share/record.js';

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

// The list of a text's games, however many: the games stay in core's list, and only the
// rows in view (and a few around them) are in the page, their lines asked for as they come
// into view (`linesOf(from, to)`), so a list of 100,000 costs what one of 30 does. Rows are
// ROW_PX high (style.css .rec-list); the arrow keys, Home and End move between games,
// scrolling the list as they go.
const ROW_PX = 34;
const ROWS_AROUND = 10;
function gameRows(scroll, linesOf) {
  const ol = scroll.querySelector('ol');
  let length = 0;
  let shown = '',
    wanted = 0; // the rows in the page; the end of the rows in view (not yet cut to the list)
  function draw() {
    const first = Math.max(0, Math.floor(scroll.scrollTop / ROW_PX) - ROWS_AROUND);
    wanted = Math.ceil((scroll.scrollTop + (scroll.clientHeight || 10 * ROW_PX)) / ROW_PX) + ROWS_AROUND;
    const last = Math.min(length, wanted);
    ol.style.height = length * ROW_PX + 'px';
    ol.style.paddingTop = first * ROW_PX + 'px';
    const key = `${first} ${last} ${length}`;
    if (key === shown) return;
    shown = key;
    const lines = linesOf(first, last);
    let html = '';
    for (let i = first; i < first + lines.length; i++) {
      const line = esc(lines[i - first]);
      html += `<li value="${i + 1}" aria-setsize="${length}" aria-posinset="${i + 1}"><button type="button" class="btn btn-ghost rec-game" data-game="${i}" title="${line}">${line}</button></li>`;
    }
    ol.innerHTML = html;
  }
  function focus(i) {
    if (!length) return;
    i = Math.max(0, Math.min(length - 1, i));
    const top = i * ROW_PX,
      h = scroll.clientHeight || ROW_PX;
    if (top < scroll.scrollTop) scroll.scrollTop = top;
    else if (top + ROW_PX > scroll.scrollTop + h) scroll.scrollTop = top + ROW_PX - h;
    draw();
    ol.querySelector(`[data-game="${i}"]`)?.focus();
  }
  scroll.addEventListener('scroll', draw);
  scroll.addEventListener('keydown', (e) => {
    const b = e.target.closest('[data-game]');
    if (!b) return;
    const i = Number(b.dataset.game),
      page = Math.max(1, Math.floor(scroll.clientHeight / ROW_PX) - 1);
    const to = {
      ArrowDown: i + 1,
      ArrowUp: i - 1,
      PageDown: i + page,
      PageUp: i - page,
      Home: 0,
      End: length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focus(to);
  });
  return {
    // More games listed (`n` in all): the rows in view drawn again only when some of them
    // are new (reading the scroll position lays the page out: not at every chunk of a list).
    // The last growth draws them again whatever (their count of rows, aria-setsize).
    grow(n, last) {
      const before = length;
      length = n;
      if (before < wanted || !before || last) draw();
      else ol.style.height = length * ROW_PX + 'px';
    },
    length: () => length,
    focus,
  };
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
      if (b && listed) openIndex(Number(b.dataset.game));
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

  // The games of a text are listed a few hundred at a time (core's RecordList: one pass
  // over the text, however many games), the list growing under a progress bar while the
  // page stays responsive; a game chosen is read from its own text alone.
  const LIST_CHUNK = 500;
  const LIST_SLICE_MS = 16; // listed in one go (a frame) before the page takes its turn
  let listed = null; // the RecordList on show (deleted when another text replaces it)
  let listing = 0; // the listing's number: a newer one stops an older one
  // The page's turn (input, drawing) between two slices: a message, not setTimeout, which
  // browsers hold back 4 ms after a few in a row.
  const turn = new MessageChannel(),
    waiting = [];
  turn.port1.onmessage = () => waiting.shift()();
  const tick = () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      turn.port2.postMessage(0);
    });

  function dropList() {
    if (listed) listed.delete();
    listed = null;
    listing++;
  }

  // The list let go and its box emptied: the dialog closed, or another text to read (whose
  // count may take a while, or end in an error: no list of the old text meanwhile).
  function clearList() {
    dropList();
    const box = $('rec-games');
    if (box) {
      box.hidden = true;
      box.replaceChildren();
    }
  }

  // Opens the game of a text (a string, or a file's bytes: core reads them as they are and
  // tells a UTF-16 or binary file), or lists its games when it holds several. Resolves to {}
  // once a game is open or the list complete, or {error} (said) when the text is refused.
  async function openText(text) {
    clearList();
    const mine = listing;
    const made = attempt(() => new M.RecordList(text));
    if (made.error) return said(made, 'This record could not be read');
    const list = made.value;
    listed = list;
    // A text of more than one chunk is counted before its list is shown (one of too many
    // games is refused with no list), a stretch of text a call, in slices with the page's
    // turns between them; a count of more than a slice is shown in the dialog as it goes.
    let first = null,
      counting = null;
    for (let slice = performance.now(); !first || first.counting;) {
      if (performance.now() - slice > LIST_SLICE_MS) {
        if (first) counting = showCount(counting, first);
        await tick();
        if (mine !== listing) return {}; // another text: this one is gone
        slice = performance.now();
      }
      const read = attempt(() => list.next(LIST_CHUNK));
      if (read.error) {
        clearList();
        return said(read, 'This record could not be read');
      }
      first = read.value;
    }
    if (first.done && first.listed === 1) return openIndex(0);
    const { box, count, bar } = listBox();
    box.insertAdjacentHTML('beforeend', '<div class="rec-scroll"><ol class="rec-list"></ol></div>');
    // (a row drawn after this list is let go, in the moment before the dialog empties: none)
    const rows = gameRows(box.querySelector('.rec-scroll'), (from, to) =>
      listed === list ? list.games(from, to).map(gameLine) : [],
    );
    const add = (chunk) => {
      rows.grow(chunk.listed, chunk.done);
      bar.max = chunk.total || 1;
      bar.value = rows.length();
      bar.hidden = chunk.done;
      const n = rows.length();
      count.textContent = chunk.done
        ? `${n} games: choose one.`
        : `Listing the games… ${n} of ${chunk.total}; choose one at any time.`;
    };
    add(first);
    rows.focus(0);
    // a slice of chunks, then the list shown as it stands and the page's turn
    for (let chunk = first, slice = performance.now(); !chunk.done;) {
      const more = attempt(() => list.next(LIST_CHUNK));
      if (more.error) {
        count.textContent = `${rows.length()} games listed.`;
        bar.hidden = true;
        return said(more, 'The rest of this record could not be read');
      }
      chunk = more.value;
      if (chunk.done || performance.now() - slice > LIST_SLICE_MS) add(chunk);
      if (!chunk.done && performance.now() - slice > LIST_SLICE_MS) {
        await tick();
        if (mine !== listing) return {}; // another text, or a game opened: this list is gone
        slice = performance.now();
      }
    }
    return {};
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
    const read = attempt(() => listed.read(index));
    if (read.error) return said(read, 'This game could not be opened');
    const game = openedGame(M, read.value);
    const opened = opening.openGame(game, game.what);
    if (opened.error) return said(opened, 'This game could not be opened');
    dropList();
    if (dialog && dialog.open) dialog.close();
    if (dialog) $('rec-paste').value = '';
    return {};
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

  // A file dropped anywhere on the page is opened.
  const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  document.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    document.body.classList.add('is-dropping');
  });
  document.addEventListener('dragleave', (e) => {
    if (!e.relatedTarget) document.body.classList.remove('is-dropping');
  });
  document.addEventListener('drop', (e) => {
    document.body.classList.remove('is-dropping');
    if (!hasFiles(e)) return;
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) openFile(f);
  });

  return { open: dialogOpen, openText, openFile, download, copy, text: () => recordText(ctl) };
}
