// Reading the boards and playing, on one page (1280x720) that every test of this file
// shares, each from a position opened by link: a check across levels drawn from every
// checking piece to the King and said in words; captures from afar marked as the piece
// cards mark them (red sights); arrows that change level drawn as a hop, never across
// another board; the piece label after a capture (plain, from afar, in a puzzle); the
// engine card against the computer; help used between people noted in the game; takebacks
// asked on one device; Hint and the review agreeing move for move; a game file opened with
// its players; a premove against the computer.
// Run: cd tests/browser && node --test play.test.mjs   (build the test site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launch,
  openGame,
  clickSquare,
  dragSquare,
  squarePoint,
  state,
  watchErrors,
  decodePng,
  frames,
} from './helpers.mjs';

let server, b, page, errors;
before(async () => {
  server = await startServer();
  b = await launch({ width: 1280, height: 720 });
  page = b.page;
  errors = watchErrors(page);
  await openGame(page, server.url);
});
after(async () => {
  await b?.close();
  await server?.close();
});

// A position string from its 24 ranks (level 3 rank 8 first) and the side to move; ranks
// not given are empty.
function fen(ranks, side) {
  const all = Array(24).fill('12');
  for (const [i, r] of Object.entries(ranks)) all[i] = r;
  return `${all.join('/')} ${side} 0 1`;
}
const L3 = (rank) => 8 - rank,
  L2 = (rank) => 16 - rank; // index of a rank
const sqOf = (name) =>
  (name.charCodeAt(0) - 49) * 96 + (name.charCodeAt(2) - 49) * 12 + (name.charCodeAt(1) - 97);

const history = () => page.evaluate(() => window.__dc.history());
const typeMove = async (move) => {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
};
const waitPlies = (n) => page.waitForFunction((k) => window.__dc.history().length === k, n);
// Opens a game link on the shared page (a new address in the same page: the page reads it).
async function show(hash, plies = 0) {
  const said = await page.evaluate(() => window.__dc.announcements.length);
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction(
    ([k, n]) => window.__dc.history().length === k && window.__dc.announcements.length > n,
    [plies, said],
  );
  await page.mouse.move(2, 2);
  await frames(page, 12); // the slides are over
}
const shot = async () => decodePng(await page.screenshot());
const rect = (name) => page.evaluate((s) => window.__dc.board().squareRect(s), sqOf(name));
// Pixels of the square's middle (inset: its edges belong to the neighbours' marks too) that
// differ between two pictures.
function changed(a, c, r, inset = 0.15) {
  let n = 0;
  for (let y = Math.ceil(r.y + r.height * inset); y < r.y + r.height * (1 - inset); y++) {
    for (let x = Math.ceil(r.x + r.width * inset); x < r.x + r.width * (1 - inset); x++) {
      const i = (y * a.width + x) * 4;
      if (
        Math.max(
          Math.abs(a.data[i] - c.data[i]),
          Math.abs(a.data[i + 1] - c.data[i + 1]),
          Math.abs(a.data[i + 2] - c.data[i + 2]),
        ) > 40
      )
        n++;
    }
  }
  return n;
}
const tipText = () =>
  page.evaluate(() => {
    const t = document.querySelector('.piece-tip');
    return t && !t.hidden ? t.querySelector('span').textContent : '';
  });

test('a check across levels: a line from every checking piece to the King, said in the status and read out', async () => {
  // Scarlet's Griffon leaves 2f6 for the Sky (3e5): from there it attacks 2f4, and it
  // uncovers the Oliphant on 2f8. Two checkers, one across levels.
  const start = fen({ [L2(8)]: 'k4o6', [L2(6)]: '5g6', [L2(4)]: '5K6' }, 's');
  await show('#fen=' + start.replace(/ /g, '_'));
  await typeMove('2f63e5');
  await waitPlies(1);
  await page.mouse.move(2, 2);
  await frames(page, 12);
  assert.match(await page.textContent('#status-main'), /^Check!/);
  const sub = await page.textContent('#status-sub');
  assert.match(
    sub,
    /King on 2f4 is attacked by the Scarlet Oliphant on 2f8 and the Scarlet Griffon on 3e5 \(Sky, level 3\)/,
  );
  const said = await page.evaluate(() => window.__dc.announcements.join(' | '));
  assert.match(
    said,
    /Scarlet Griffon 2f6 to 3e5, check by the Scarlet Oliphant on 2f8 and the Scarlet Griffon on 3e5 \(Sky, level 3\)/,
  );
  // The lines: what the board draws with the checkers, against the same board without them.
  const withLines = await shot();
  await page.evaluate(() => window.__dc.board().set({ checkers: [] }));
  await frames(page, 2);
  const without = await shot();
  const at = async (name) => changed(withLines, without, await rect(name));
  for (const name of ['2f6', '2f5', '3e5', '2e5'])
    assert.ok((await at(name)) > 0, `the check lines mark ${name}`);
  // across levels: a hop from 3e5 to the King's level, nothing on the e-file between the
  // two boards, nothing on the Underworld
  for (const name of ['3e4', '3e3', '3e1', '2e8', '2e7', '2e6', '1f4', '1e5'])
    assert.equal(await at(name), 0, `nothing drawn on ${name}`);
});

test('captures from afar: the live board marks them with the red sights of the piece cards; the label goes with the piece', async () => {
  // Gold's Dragon on 3h5 can capture the Thief on 2h4 from afar.
  const start = fen({ [L3(5)]: '7R4', [L2(8)]: '11k', [L2(4)]: '7t4', [L2(1)]: 'K11' }, 'g');
  await show('#fen=' + start.replace(/ /g, '_'));
  const dragon = sqOf('3h5'),
    thief = sqOf('2h4');
  const p = await squarePoint(page, '3h5');
  await page.mouse.move(p.x, p.y);
  // the piece card's marks (a move diagram), drawn on this board
  await page.evaluate(
    ([d, t]) =>
      window.__dc.board().set({ dests: null, selected: d, diagram: { move: [], capture: [], afar: [t] } }),
    [dragon, thief],
  );
  await frames(page, 2);
  const card = await shot();
  await page.evaluate(() => window.__dc.board().set({ selected: null, diagram: null }));
  await clickSquare(page, '3h5'); // the Dragon selected in play
  assert.ok((await state(page)).dests.includes('2h4'), 'the capture from afar is a destination');
  await frames(page, 2);
  const live = await shot();
  const r = await rect('2h4');
  const differ = changed(card, live, r, 0);
  assert.ok(
    differ <= r.width * r.height * 0.02,
    `the live mark on 2h4 is the card's red sight (${differ} pixels differ)`,
  );
  // the label follows the capture
  const q = await squarePoint(page, '2h4');
  await page.mouse.move(q.x, q.y, { steps: 3 });
  await page.waitForFunction(() =>
    /Scarlet Thief/.test(document.querySelector('.piece-tip')?.textContent || ''),
  );
  await page.mouse.click(q.x, q.y);
  await waitPlies(1);
  await frames(page, 2);
  assert.doesNotMatch(await tipText(), /Thief/, 'the captured Thief is no longer named');
});

test('the piece label after a plain capture and in a puzzle names the capturer', async () => {
  const start = fen({ [L2(8)]: '11k', [L2(6)]: 'w11', [L2(4)]: 'O11', [L2(1)]: '11K' }, 'g');
  await show('#fen=' + start.replace(/ /g, '_'));
  await dragSquare(page, '2a4', '2a6');
  await waitPlies(1);
  await frames(page, 2);
  assert.equal(await tipText(), 'Gold Oliphant');
  // a puzzle whose first move is a Gold Cleric's plain capture (the first of the shipped set)
  const pz = await page.evaluate(async () =>
    (await (await fetch('puzzles.json')).json()).puzzles.find(
      (p) => p.fen.split(' ')[1] === 'g' && /^Cx/.test(p.line[0]) && !p.tags.includes('afar'),
    ),
  );
  assert.ok(pz, 'a puzzle that opens with a Cleric capture');
  await page.evaluate((id) => window.__dc.learn.enter('puzzles', id), pz.id);
  await page.waitForFunction((id) => window.__dc.learn.puzzle()?.id === id, pz.id);
  await frames(page, 4);
  await dragSquare(page, pz.moves[0].slice(0, 3), pz.moves[0].slice(3));
  await page.waitForFunction(() => window.__dc.learn.puzzle().phase !== 'play');
  await frames(page, 2);
  assert.equal(await tipText(), 'Gold Cleric');
  await page.evaluate(() => window.__dc.learn.exit());
  await page.mouse.move(2, 2);
});

test('arrows that change level are drawn as a hop: nothing across the boards in between', async () => {
  await frames(page, 2);
  const arrows = [
    { from: sqOf('2e1'), to: sqOf('3e1'), color: 'blue' },
    { from: sqOf('1f3'), to: sqOf('3f4'), color: 'green' },
  ];
  await page.evaluate((a) => window.__dc.board().set({ arrows: a }), arrows);
  await frames(page, 2);
  const drawn = await shot();
  await page.evaluate(() => window.__dc.board().set({ arrows: [] }));
  await frames(page, 2);
  const bare = await shot();
  const at = async (name) => changed(drawn, bare, await rect(name));
  for (const name of ['2e1', '3e1', '1f3']) assert.ok((await at(name)) > 0, `the hop marks ${name}`);
  assert.ok((await at('3f3')) + (await at('3f4')) > 0, 'the landing on 3f4 is marked');
  for (const name of ['2e3', '2e5', '2e7', '2f2', '2f4', '2f6', '2f8', '1f5', '1f7', '3f1'])
    assert.equal(await at(name), 0, `nothing drawn on ${name}`);
});

test('against the computer the engine card shows nothing of its thinking unless the analysis is open', async () => {
  await show('#vs=computer&strength=1&to=g');
  assert.equal((await state(page)).mode, 'ai');
  await typeMove('2c22c3');
  await waitPlies(2);
  await page.waitForFunction(() => !window.__dc.state().aiBusy);
  assert.equal(await page.locator('#eng-pv .pv-m').count(), 0, 'no line of the computer');
  assert.equal(await page.textContent('#eval-score'), 'No evaluation yet');
  await page.keyboard.press('a');
  await page.waitForFunction(() => document.querySelectorAll('#eng-pv .pv-m').length > 0);
  await page.keyboard.press('a');
  await frames(page, 2);
  assert.equal(await page.locator('#eng-pv .pv-m').count(), 0);
});

test('between two players on one device: a hint and the analysis are noted in the game; Undo asks the other side', async () => {
  await show('#moves=2d22d3', 1);
  await page.keyboard.press('h');
  await page.waitForFunction(() => window.__dc.state().hint && !window.__dc.state().aiBusy);
  assert.match(await page.textContent('#status-sub'), /noted in the game/);
  await page.waitForFunction(() =>
    /Scarlet used a hint\./.test(document.querySelector('#moves .mv-comment')?.textContent || ''),
  );
  await page.keyboard.press('a');
  await page.waitForFunction(() =>
    /Scarlet used the analysis\./.test(document.querySelector('#moves')?.textContent || ''),
  );
  await page.keyboard.press('a');
  await page.click('[data-act="record"]');
  const text = await page.inputValue('#rec-text');
  assert.match(text, /\{ ?Scarlet used a hint\. Scarlet used the analysis\. ?\}/);
  await page.keyboard.press('Escape');
  // Undo: Scarlet's last move is taken back only when Gold accepts
  await typeMove('2d72d6');
  await waitPlies(2);
  await page.click('.game-controls [data-act="undo"]');
  await page.waitForSelector('.offers-takeback', { state: 'visible' });
  assert.match(await page.textContent('.offers-takeback'), /Scarlet asks to take back their last move/);
  assert.equal((await history()).length, 2, 'nothing taken back yet');
  await page.click('[data-offer="takeback-decline"]');
  assert.match(await page.textContent('#offers'), /Gold declined the takeback/);
  assert.equal((await history()).length, 2);
  await page.click('.game-controls [data-act="undo"]');
  await page.click('[data-offer="takeback-accept"]');
  await waitPlies(1);
});

test('Hint and the review agree: a game that follows Hint every move has no hint move judged', async () => {
  await show(
    '#fen=2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1/ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO/2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1_g_0_1',
  );
  const hints = [];
  for (let ply = 0; ply < 8; ply++) {
    await page.keyboard.press('h');
    const h = await page.waitForFunction((k) => {
      const s = window.__dc.state();
      return s.hint && s.hint.ply === k && !s.aiBusy && s.hint;
    }, ply);
    const { from, to } = await h.jsonValue();
    hints.push(from + to);
    await typeMove(from + to);
    await waitPlies(ply + 1);
  }
  await page.keyboard.press('a');
  await page.click('#an-review-start');
  await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'done');
  const best = await page.evaluate(() => window.__dc.analysis.review.state.entries.map((e) => e.best));
  assert.deepEqual(
    best.slice(0, hints.length),
    hints,
    "the review's best move is the hint's in every position",
  );
  assert.equal(await page.locator('#moves .mv .glyph').count(), 0, 'no hint move judged');
  await page.keyboard.press('a');
});

test('a game file opens with its players and the way it was played; nothing of the previous game stays', async () => {
  assert.ok((await page.locator('#eng-pv .pv-m').count()) > 0, 'the engine card holds the last hint');
  const record = (gold, scarlet) =>
    `[Event "Club night"]\n[Site "?"]\n[Date "2025.03.14"]\n[Round "1"]\n[Gold "${gold}"]\n[Scarlet "${scarlet}"]\n[Result "*"]\n\n1. W2h3 W2e6 *\n`;
  const open = async (text) => {
    await page.click('[data-act="record"]');
    await page.fill('#rec-paste', text);
    await page.click('#rec-open');
    await waitPlies(2);
  };
  await open(record('Ann', 'Computer, strength 3'));
  const s = await state(page);
  assert.deepEqual([s.mode, s.human, s.level], ['ai', 'gold', 3]);
  assert.match(await page.textContent('#player-bottom'), /Ann/);
  assert.equal(await page.locator('#eng-pv .pv-m').count(), 0, "no line of the previous game's engine");
  assert.equal(await page.textContent('#eval-score'), 'No evaluation yet');
  await open(record('Ann', 'Bo'));
  assert.equal((await state(page)).mode, 'hotseat');
  assert.match(await page.textContent('#player-bottom'), /Ann/);
  assert.match(await page.textContent('#player-top'), /Bo/);
});

test('premoves against the computer: a move queued while it thinks is played as soon as it has moved', async () => {
  await show('#vs=computer&strength=10&to=g'); // its longest thinking
  // the squares' points first: the clicks follow one another while the computer thinks
  const at = {};
  for (const name of ['2d2', '2d3']) at[name] = await squarePoint(page, name);
  const said = await page.evaluate(() => window.__dc.announcements.length);
  await typeMove('2c22c3');
  await page.waitForFunction(() => window.__dc.state().aiBusy);
  await page.mouse.click(at['2d2'].x, at['2d2'].y);
  await page.mouse.click(at['2d3'].x, at['2d3'].y);
  await waitPlies(3);
  assert.equal((await history())[2], '2d22d3', 'played as soon as the computer had moved');
  // in that order: queued, the computer's move, the premove played
  const words = (await page.evaluate(() => window.__dc.announcements)).slice(said);
  const queued = words.findIndex((w) => /^Premove queued: W2d3/.test(w));
  const answer = words.findIndex((w) => /^Scarlet /.test(w)); // the computer's move, read out
  assert.ok(queued >= 0, `the premove was queued: ${words.join(' | ')}`);
  assert.ok(answer > queued, `queued while the computer thought: ${words.join(' | ')}`);
  assert.deepEqual(errors, []);
});
