// Learning the game in the browser: piece names on hover and long press, a piece card with
// a diagram for each of the 15 types, a lesson completed by playing it (entered from the
// New game dialog), a wrong move explained, a puzzle solved and the next one loaded, both
// said in German once the page's language is German, and all of it offline after one visit.
// Run: cd tests/browser && node --test learn.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  serverAndBrowser,
  watchErrors,
  openGame,
  waitReady,
  clickSquare,
  squarePoint,
  decodePng,
} from './helpers.mjs';

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context
// The lessons' and puzzles' words in a language (public/i18n/learn/<code>.json).
const learnCatalogue = (code) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `public/i18n/learn/${code}.json`), 'utf8'));

const learn = (page, expr, arg) =>
  page.evaluate(([e, a]) => new Function('L', 'a', `return (${e})`)(window.__dc.learn, a), [expr, arg]);

// The colour of a pixel of a screenshot of the whole viewport.
// The pixels of the page's rectangle `rect` (CSS px, as page coordinates): (x, y) -> [r, g, b].
async function pixels(page, rect) {
  const clip = {
    x: Math.floor(rect.x),
    y: Math.floor(rect.y),
    width: Math.ceil(rect.width) + 1,
    height: Math.ceil(rect.height) + 1,
  };
  const png = decodePng(await page.screenshot({ clip }));
  return (x, y) => {
    const i =
      (Math.min(png.height - 1, Math.round(y - clip.y)) * png.width +
        Math.min(png.width - 1, Math.round(x - clip.x))) *
      4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
}
const name = (sq) => `${Math.floor(sq / 96) + 1}${'abcdefghijkl'[sq % 12]}${Math.floor((sq % 96) / 12) + 1}`;
// Two animation frames: what was set on a board is drawn.
const frames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const differ = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 40;

test('hovering a piece names it; a selected piece offers its card', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    const p = await squarePoint(b.page, '2c2');
    await b.page.mouse.move(p.x, p.y);
    await b.page.waitForFunction(() => window.__dc.learn.tip() !== null);
    assert.equal((await learn(b.page, 'L.tip()')).text, 'Gold Warrior');
    const tipBox = await b.page.locator('.piece-tip').boundingBox();
    assert.ok(tipBox.y + tipBox.height <= p.y, 'the name is shown above the square');
    const e = await squarePoint(b.page, '2e5'); // an empty square: no name
    await b.page.mouse.move(e.x, e.y);
    await b.page.waitForFunction(() => window.__dc.learn.tip() === null);
    // a selected piece: the piece-info button opens its card, with core's words
    await clickSquare(b.page, '3g1');
    await b.page.locator('#piece-info').click();
    await b.page.waitForFunction(() => window.__dc.learn.card()?.drawn);
    assert.deepEqual(await learn(b.page, 'L.card()'), { letter: 'R', level: 3, levels: [3], drawn: true });
    assert.match(await b.page.locator('#piece-card-words').innerText(), /capture from afar/);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('a long press on a touch screen names the piece and opens its card', async () => {
  const b = await shared.browser.page({
    width: 390,
    height: 844,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    await b.page.evaluate(
      () => window.__dc.squarePoint('3c1') && document.getElementById('app').scrollTo(0, 0),
    );
    const p = await squarePoint(b.page, '3c1');
    const cdp = await b.context.newCDPSession(b.page);
    // the finger stays down until the name shows (a press held long enough), then lifts
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y }] });
    await b.page.waitForFunction(() => window.__dc.learn.tip() !== null);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    assert.notEqual(
      await b.page.evaluate(() => window.__dc.learn.tip()),
      null,
      'the name stays after the finger lifts',
    );
    assert.equal((await learn(b.page, 'L.tip()')).text, 'Gold Griffon');
    await b.page.locator('.piece-tip-more').tap();
    await b.page.waitForFunction(() => window.__dc.learn.card()?.drawn);
    assert.equal((await learn(b.page, 'L.card()')).letter, 'G');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('a piece card with a move diagram for each of the 15 types, from the help dialog', async () => {
  const b = await shared.browser.page({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    await b.page.locator('#btn-help').click();
    const buttons = b.page.locator('#help-pieces [data-piece-card]');
    assert.equal(await buttons.count(), 15);
    for (let i = 0; i < 15; i++) {
      if (i > 0) await b.page.locator('#btn-help').click();
      await buttons.nth(i).click();
      await b.page.waitForFunction(() => window.__dc.learn.card()?.drawn);
      const card = await learn(b.page, 'L.card()');
      const data = await learn(b.page, 'L.cardData(a)', card.letter);
      const words = await b.page.locator('#piece-card-words li').count();
      assert.equal(words, data.diagrams.length, `${data.name}: a sentence per level`);
      for (const d of data.diagrams) {
        if (d.level !== card.level) {
          await b.page.locator(`[data-card-level="${d.level}"]`).click();
          await frames(b.page);
        }
        // a marked square of the diagram looks different from an unmarked one of its colour
        const marks = [...d.diagram.move, ...d.diagram.afar, ...d.diagram.capture];
        const marked = marks[0];
        const colour = (q) => ((q % 12) + Math.floor((q % 96) / 12)) % 2;
        const lvl = Math.floor(marked / 96) * 96;
        let ref = null;
        for (let q = lvl; q < lvl + 96 && ref === null; q++) {
          if (colour(q) === colour(marked) && !marks.includes(q) && d.pieces[q] === '.' && q !== d.square)
            ref = q;
        }
        const m = await learn(b.page, 'L.cardSquareRect(a)', name(marked));
        assert.ok(m && ref !== null, `${data.name}: squares to compare`);
        const r = await learn(b.page, 'L.cardSquareRect(a)', name(ref));
        await frames(b.page);
        // one screenshot of the box holding both squares (a screenshot costs more than its size)
        const x = Math.min(m.x, r.x),
          y = Math.min(m.y, r.y);
        const both = {
          x,
          y,
          width: Math.max(m.x + m.width, r.x + r.width) - x,
          height: Math.max(m.y + m.height, r.y + r.height) - y,
        };
        const pm = await pixels(b.page, both),
          pr = pm;
        const spots = (rect) => [
          [rect.x + rect.width / 2, rect.y + rect.height / 2],
          [rect.x + rect.width * 0.93, rect.y + rect.height / 2],
        ];
        const different = spots(m).some(([x, y], k) => differ(pm(x, y), pr(...spots(r)[k])));
        assert.ok(different, `${data.name} on level ${d.level}: ${name(marked)} is marked`);
      }
      await b.page.keyboard.press('Escape');
      await b.page.waitForFunction(() => window.__dc.learn.card() === null);
    }
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('a lesson from the New game dialog: a wrong move explained, then completed by playing it', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    await b.page.locator('#btn-new').click();
    await b.page.locator('#dlg-new [data-learn="lessons"]').click();
    await b.page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    assert.equal((await learn(b.page, 'L.lesson()')).id, 'sylph', 'the first lesson first');
    // the Oliphant lesson, from the list
    await b.page.locator('[data-learn-act="lessons-list"]').click();
    await b.page.locator('[data-learn-act="open"][data-id="oliphant"]').click();
    assert.equal((await learn(b.page, 'L.lesson()')).id, 'oliphant');
    // a wrong move: explained in the panel
    await clickSquare(b.page, '2b2');
    await clickSquare(b.page, '2b5');
    await b.page.waitForFunction(() => window.__dc.learn.lesson().phase === 'failed');
    assert.match(
      await b.page.locator('#learn-note').innerText(),
      /cannot reach the goal: 2 targets are left \(2b7 and 2h7\) and only 1 move/,
    );
    await b.page.locator('[data-learn-act="restart"]').click();
    // the solution, played with the mouse
    for (const [from, to] of [
      ['2b2', '2b7'],
      ['2b7', '2h7'],
    ]) {
      await clickSquare(b.page, from);
      await clickSquare(b.page, to);
    }
    await b.page.waitForFunction(() => window.__dc.learn.lesson().phase === 'done');
    assert.equal((await learn(b.page, 'L.lesson()')).note.kind, 'ok');
    assert.ok((await learn(b.page, 'L.lesson()')).progress.includes('oliphant'));
    // kept after a reload
    await b.page.reload();
    await waitReady(b.page);
    await learn(b.page, 'L.enter("lessons")');
    assert.ok((await learn(b.page, 'L.lesson()')).progress.includes('oliphant'));
    // back to the game: the start position again
    await b.page.locator('[data-learn-act="exit"]').click();
    assert.equal(await learn(b.page, 'L.mode()'), null);
    assert.equal(await b.page.evaluate(() => window.__dc.board().selected()), null);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('a puzzle solved (the replies played), then the next one loads', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    await b.page.locator('#btn-help').click();
    await b.page.locator('#dlg-help [data-learn="puzzles"]').click();
    await b.page.waitForFunction(() => window.__dc.learn.mode() === 'puzzles');
    // a puzzle of at least two solver moves
    const id = await b.page.evaluate(
      async () => (await (await fetch('puzzles.json')).json()).puzzles.find((p) => p.moves.length >= 3).id,
    );
    await learn(b.page, 'L.enter("puzzles", a)', id);
    const pz = await learn(b.page, 'L.puzzle()');
    for (let i = 0; i < pz.moves.length; i += 2) {
      await b.page.waitForFunction(() => !window.__dc.learn.puzzle().replyPending);
      await clickSquare(b.page, pz.moves[i].slice(0, 3));
      await clickSquare(b.page, pz.moves[i].slice(3, 6));
      await b.page.waitForFunction((k) => window.__dc.learn.puzzle().k >= k, i + 1);
    }
    await b.page.waitForFunction(() => window.__dc.learn.puzzle().phase === 'solved');
    assert.ok((await learn(b.page, 'L.puzzle()')).solved.includes(id));
    assert.match(await b.page.locator('#status-sub').innerText(), /Solved/);
    await b.page.locator('[data-learn-act="next"]').click();
    await b.page.waitForFunction((old) => window.__dc.learn.puzzle().id !== old, id);
    assert.equal((await learn(b.page, 'L.puzzle()')).phase, 'play');
    // The page's language becomes German (its <html lang>, as its language menu sets it):
    // the puzzle on show is said again in German at once, and a lesson opened is German.
    const de = learnCatalogue('de');
    const text = (sel) => b.page.locator(sel).textContent(); // as written (the CSS may upper-case)
    await b.page.evaluate(() => (document.documentElement.lang = 'de'));
    await b.page.waitForFunction(
      (h) => document.getElementById('learn-heading').textContent === h,
      de['puzzles.heading'],
    );
    const shown = await learn(b.page, 'L.puzzle()');
    const difficulty = await b.page.evaluate(
      async (pid) =>
        (await (await fetch('puzzles.json')).json()).puzzles.find((p) => p.id === pid).difficulty,
      shown.id,
    );
    assert.ok(
      (await text('#learn-title')).includes(de[`puzzles.level.${difficulty}`]),
      await text('#learn-title'),
    );
    assert.equal(await text('[data-learn-act="next"]'), de['puzzles.next']);
    await learn(b.page, 'L.enter("lessons", "griffon")');
    assert.equal(await text('#learn-intro'), de['learn.griffon.intro']);
    assert.equal(await text('#learn-task'), de['learn.griffon.1.task']);
    assert.ok((await text('#status-sub')).startsWith(de['learn.griffon.1.task']));
    assert.equal(await text('#learn-heading'), de['lessons.heading']);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('lessons, puzzles and piece cards work offline after one visit', async () => {
  const b = await shared.browser.page({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  try {
    await openGame(b.page, shared.server.url);
    await b.page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { polling: 200 });
    await b.context.setOffline(true);
    await b.page.reload();
    await waitReady(b.page);
    assert.ok(await learn(b.page, 'L.enter("lessons", "mate")'));
    await clickSquare(b.page, '2b1');
    await clickSquare(b.page, '2b8');
    await b.page.waitForFunction(() => window.__dc.learn.lesson().phase === 'done');
    assert.ok(await learn(b.page, 'L.enter("puzzles")'));
    assert.equal((await learn(b.page, 'L.puzzle()')).phase, 'play');
    await learn(b.page, 'L.openCard("E")');
    assert.equal((await learn(b.page, 'L.card()')).letter, 'E');
    assert.deepEqual(errors, []);
  } finally {
    await b.context.setOffline(false);
    await b.close();
  }
});
