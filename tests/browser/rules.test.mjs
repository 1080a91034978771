// The rule set in the page (issue 31): a Board Game Arena game by link (its Griffon's
// straight step, which Gygax's rules refuse, naming them), a bad rules= value refused by
// name with the game untouched, a game through a record (Variant "Dragonchess (BGA)"),
// the new-game dialog, the computer playing under the game's rule set, and the embed's
// rules option. One browser, one page.
// Run: cd tests/browser && node --test rules.test.mjs   (build the site first: scripts/build-site --test)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, clickSquare, state, watchErrors } from './helpers.mjs';

// tests/perft/rules.txt, first position: a Gold Griffon on the Ground (2g3).
const P1 = '12/12/9M2/12/12/12/12/12/11k/12/1O8h1/12/6w5/6G5/12/K11/12/12/5b3b2/12/12/12/12/2B9 g 0 1';
// Mate in one for Board Game Arena's Griffon only: 2l6-2l7, a straight step.
const MATE_BGA = '11s/10S1/12/12/12/12/12/12/10ok/10w1/9U1G/12/12/12/12/K11/11d/12/12/12/12/12/12/12 g 0 1';
const h = (fen) => fen.replace(/ /g, '_');

let server, browser, errors;
before(async () => {
  server = await startServer();
  browser = await launch({ width: 1280, height: 720 });
  errors = watchErrors(browser.page);
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const fresh = async (url) => {
  await browser.page.goto('about:blank');
  await openGame(browser.page, url, { pieces: false });
};
// the rule set's whole name, as a screen reader says it (what shows is its longest form that fits)
const shownRules = () => browser.page.textContent('#game-rules .sr-only');

test('a Board Game Arena game by link: shown beside the players; its Griffon steps straight', async () => {
  const page = browser.page;
  await fresh(server.url + '#fen=' + h(P1) + '&rules=bga');
  assert.equal((await state(page)).rules, 'bga');
  assert.equal(await shownRules(), 'Rules: Board Game Arena');
  await clickSquare(page, '2g3');
  await page.waitForFunction(() => window.__dc.state().selected === '2g3');
  assert.ok((await state(page)).dests.includes('2g4'), 'the straight step is a destination');
  await clickSquare(page, '2g3'); // deselect
  // the same step typed: played; the address holds the rule set
  await page.fill('#move-input', '2g32g4');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => window.__dc.history().length === 1);
  assert.match(await page.evaluate(() => location.hash), /&rules=bga/);
  // the record names the rule set, and opens as a Board Game Arena game
  const text = await page.evaluate(() => window.__dc.recordText());
  assert.match(text, /\[Variant "Dragonchess \(BGA\)"\]/);
  await fresh(server.url); // a Gygax game in between
  await page.evaluate((t) => window.__dc.openRecordText(t), text);
  await page.waitForFunction(() => window.__dc.history().length === 1);
  assert.equal((await state(page)).rules, 'bga');
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), ['2g32g4']);
  assert.equal(await shownRules(), 'Rules: Board Game Arena');
  assert.deepEqual(errors, []);
});

test("under Gygax's rules the same step is refused, naming the rule set; a bad rules= is named", async () => {
  const page = browser.page;
  await fresh(server.url + '#fen=' + h(P1));
  assert.equal((await state(page)).rules, 'gygax');
  assert.equal(await shownRules(), 'Rules: Gygax (Dragon #100)');
  await clickSquare(page, '2g3');
  await page.waitForFunction(() => window.__dc.state().selected === '2g3');
  assert.ok(!(await state(page)).dests.includes('2g4'));
  await page.fill('#move-input', '2g32g4');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#move-feedback:not([hidden])');
  assert.match(
    await page.textContent('#move-feedback'),
    /under Gygax's rules a Griffon on the Ground moves only diagonally/,
  );
  assert.equal((await state(page)).length, 0);
  // a link with an unknown rule set: refused by name, the game on the page untouched
  const before = await page.evaluate(() => window.__dc.fen());
  await page.evaluate(() => {
    location.hash = '#moves=2c22c3&rules=zillions';
  });
  await page.waitForFunction(() => window.__dc.linkError);
  assert.match(await page.evaluate(() => window.__dc.linkError), /rules=.*'zillions' is not a rule set/);
  assert.equal(await page.evaluate(() => window.__dc.fen()), before);
  assert.equal((await state(page)).rules, 'gygax');
  assert.deepEqual(errors, []);
});

test('the new-game dialog starts a Board Game Arena game; the computer plays under its rules', async () => {
  const page = browser.page;
  await fresh(server.url);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  assert.equal(await page.textContent('[data-rules-name="bga"]'), 'Board Game Arena');
  await page.check('input[name="rules"][value="bga"]', { force: true });
  assert.match(
    await page.textContent('#rules-desc'),
    /Griffon on the Ground steps one square in any direction/,
  );
  await page.check('input[name="mode"][value="hotseat"]', { force: true });
  await page.click('#btn-new-start');
  await page.waitForFunction(() => window.__dc.state().rules === 'bga');
  assert.equal(await shownRules(), 'Rules: Board Game Arena');
  // the computer (Gold, to move) mates with the straight Griffon step, legal only here: the
  // worker searched under the game's rules
  await fresh(server.url + '#fen=' + h(MATE_BGA) + '&rules=bga&vs=computer&strength=5&to=s');
  await page.waitForFunction(() => window.__dc.history().length === 1, null, { timeout: 20000 });
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), ['2l62l7']);
  assert.equal((await state(page)).status.state, 'checkmate');
  assert.deepEqual(errors, []);
});

test("the embed's rules option: the diagram and the caption under Board Game Arena's rules", async () => {
  const page = browser.page;
  const openEmbed = async (hash) => {
    await page.goto('about:blank');
    await page.goto(server.url + 'embed.html' + hash);
    await page.waitForFunction(
      () => window.__embed && (window.__embed.ready || window.__embed.failed),
      null,
      { timeout: 20000 },
    );
  };
  await openEmbed('#fen=' + h(P1) + '&rules=bga&show=2g3');
  const reach = (d) => [...d.move, ...d.capture, ...d.both];
  const bga = await page.evaluate(() => window.__embed.state());
  assert.ok(reach(bga.diagram).includes('2g4'));
  assert.match(await page.textContent('#cap-text'), /Board Game Arena rules/);
  assert.match(await page.getAttribute('#cap-open', 'href'), /&rules=bga/);
  await openEmbed('#fen=' + h(P1) + '&show=2g3');
  assert.ok(!reach((await page.evaluate(() => window.__embed.state())).diagram).includes('2g4'));
  await openEmbed('#fen=' + h(P1) + '&rules=zillions&show=2g3');
  const msgs = await page.evaluate(() => window.__embed.messages);
  assert.ok(
    msgs.some((m) => /'zillions' is not a rule set/.test(m)),
    msgs.join(' | '),
  );
  assert.deepEqual(errors, []);
});
