// The pages in every language (docs/page.md, "Languages"): for each language beside English,
// the embed with lang=<code> and the rules page in the language of its menu show no English
// sentence (no message of the English catalogue, none of a few English words) outside what
// is marked lang="en", nor do the boards' titles the embed's canvas draws, and their
// <html lang> is the language. In German (the longest), the
// rules page and an embed at 360x640 and 1280x720 are no wider than the window and their
// caption is not cut; screenshots for a person to look at go to $DC_SHOTS (default
// /tmp/dc-shots/languages). The language menu changes the rules page at once, without a
// reload, and is remembered. One browser for the file; an embed loaded per language, the
// rules page once (opened in German, then each language by its menu).
// Run: cd tests/browser && node --test languages.test.mjs   (build the site first:
// scripts/build-site --test)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, watchErrors, ROOT } from './helpers.mjs';
import { LANGUAGE_CODES, LANGUAGE_KEY, SOURCE_LANGUAGE } from '../../web/app/util/i18n.js';

const catalogueOf = (code, part = '') =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `public/i18n/${part}${code}.json`), 'utf8'));
const english = catalogueOf('en');
const SHOTS = process.env.DC_SHOTS || '/tmp/dc-shots/languages';
const LANGS = LANGUAGE_CODES.filter((c) => c !== SOURCE_LANGUAGE);

// English that must not be seen: each English message's stretches of fixed text of three
// words or more (between its placeholders), and words no other of the languages uses.
const PHRASES = [
  ...new Set(
    Object.values(english).flatMap((m) =>
      m
        .split(/\{[^{}]*\}/)
        .map((s) => s.trim())
        .filter((s) => s.split(/\s+/).length >= 3),
    ),
  ),
];
const WORDS = [
  'the',
  'and',
  'with',
  'which',
  'moves',
  'capture',
  'captures',
  'level',
  'levels',
  'board',
  'boards',
];
WORDS.push(
  'piece',
  'pieces',
  'square',
  'squares',
  'rules',
  'from',
  'afar',
  'play',
  'copy',
  'embed',
  'reset',
  'loading',
);
const wordsRe = (words) => new RegExp(`(?<!\\p{L})(${words.join('|')})(?!\\p{L})`, 'iu');
const WORD = wordsRe(WORDS);
// The words, less those the language's own lessons say (outside placeholders): Portuguese's
// "Capture" (the imperative of "capturar"); none in the other languages.
const wordsOf = (code) => {
  const own = Object.values(catalogueOf(code, 'learn/')).join(' ').replace(/\{\w+/g, '');
  return wordsRe(WORDS.filter((w) => !wordsRe([w]).test(own)));
};

// The text a reader meets: visible text and the names of controls and pictures, outside
// <code> (embed snippets: addresses) and outside elements marked as another language. The
// text inside an element matching one of `apart` (selectors) is handed back apart, by selector.
const readerTextApart = (page, apart = []) =>
  page.evaluate((apart) => {
    const lang = document.documentElement.lang;
    const out = [];
    const aside = Object.fromEntries(apart.map((s) => [s, []]));
    const foreign = (el) => {
      const l = el.closest('[lang]');
      return (
        (l && l.getAttribute('lang') !== lang) ||
        el.closest('code, script, style, noscript, option, [aria-hidden="true"]')
      );
    };
    const put = (el, text) => {
      const s = apart.find((sel) => el.closest(sel));
      (s ? aside[s] : out).push(text);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || foreign(el) || !el.checkVisibility()) continue;
      put(el, n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title]'))
      if (!foreign(el))
        (put(el, el.getAttribute('aria-label') || ''), put(el, el.getAttribute('title') || ''));
    (apart.includes('title') ? aside.title : out).push(document.title); // 'title': the document's
    return { texts: out.filter(Boolean), apart: aside };
  }, apart);
const readerText = async (page) => (await readerTextApart(page)).texts;

// Names, the same in every language.
const NAMES = /Board Game Arena|Gygax \(Dragon #100\)/g;

function englishIn(texts, words = WORD) {
  const found = [];
  for (const text of texts.map((s) => s.replace(NAMES, ''))) {
    const p = PHRASES.find((s) => text.includes(s));
    if (p) found.push(`"${text}" says "${p}"`);
    const w = words.exec(text);
    if (w) found.push(`"${text}" has the English word "${w[1]}"`);
  }
  return found;
}

// What is cut: the page wider than its window, or the embed's caption text cut off.
const cut = (page) =>
  page.evaluate(() => {
    const out = [];
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) out.push(`the page is ${d.scrollWidth} px wide in ${d.clientWidth}`);
    for (const el of document.querySelectorAll('#cap-text, #cap-legend, #cap-tools, h1, h2, h3, .lang'))
      if (el.checkVisibility() && el.scrollWidth > el.clientWidth + 0.5)
        out.push(`${el.id || el.tagName} is cut: ${el.scrollWidth} px in ${el.clientWidth}`);
    return out;
  });

// A Dragon on 3f4 (its diagram: every mark of the legend) and the Kings.
const EMBED =
  'embed.html#fen=12/12/12/12/5R6/12/12/12/12/12/12/12/12/12/12/12/11k/12/12/12/12/12/12/K11_g_0_1&show=3f4';
const PHONE = { width: 360, height: 640, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 720 };

let server, browser;
test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

// Opens `address` in a fresh context of `size` (the language menu's choice `stored`, if
// given), waits for `ready`, runs check(page), and asserts no console error came of it.
async function onPage(address, { size = DESKTOP, stored = null, ready }, check) {
  const b = await browser.page(size);
  if (stored) await b.context.addInitScript(([k, v]) => localStorage.setItem(k, v), [LANGUAGE_KEY, stored]);
  const errors = watchErrors(b.page);
  try {
    await b.page.goto(server.url + address);
    await b.page.waitForFunction(ready);
    await check(b.page);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
}
const embedReady = () => window.__embed && (window.__embed.ready || window.__embed.failed);
const rulesReady = () => window.__rules && (window.__rules.ready || window.__rules.errors.length);

test('the English embed is caught by the check (the check can fail)', async () => {
  await onPage(EMBED, { ready: embedReady }, async (page) => {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const drawn = await page.evaluate(() => window.__embed.labels().map((l) => l.text));
    const found = englishIn([...(await readerText(page)), ...drawn]);
    assert.ok(
      found.some((f) => f.includes('"level 3"')),
      found.join('\n'),
    );
    assert.ok(found.length >= 3, found.join('\n'));
    assert.ok(
      found.some((f) => f.includes('capture from afar')),
      found.join('\n'),
    );
  });
});

for (const code of LANGS) {
  test(`${code}: the embed with lang=${code} says nothing in English`, async () => {
    await onPage(`${EMBED}&lang=${code}`, { ready: embedReady }, async (page) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), code);
      assert.equal(await page.evaluate(() => !!window.__embed.failed), false);
      // with the boards' titles the canvas draws ("Himmel Ebene 3")
      const drawn = await page.evaluate(() => window.__embed.labels().map((l) => l.text));
      assert.ok(
        drawn.some((l) => l.length > 2),
        drawn.join(' | '),
      );
      const texts = [...(await readerText(page)), ...drawn];
      assert.ok(texts.length > 8, texts.join(' | '));
      assert.deepEqual(englishIn(texts, wordsOf(code)), [], `${code}: ${texts.join(' | ')}`);
    });
  });
}

// The rules page once, opened in German (the menu's stored choice), then in every other
// language by its menu: at once, without a reload, remembered.
test('the rules page in every language: nothing in English; the menu changes it at once', async () => {
  const title = (code) => catalogueOf(code)['rules.title'];
  await onPage('rules.html', { ready: rulesReady, stored: 'de' }, async (page) => {
    assert.deepEqual(await page.evaluate(() => window.__rules.errors), []);
    await page.evaluate(() => (window.__sameDocument = true));
    const select = page.getByLabel('Sprache');
    await select.focus(); // reachable as a named control
    for (const code of ['de', ...LANGS.filter((c) => c !== 'de')]) {
      if (code !== 'de') {
        await page.locator('#rules-lang select').selectOption(code); // as a keyboard's choice: a change event
        await page.waitForFunction((c) => document.documentElement.lang === c, code);
      }
      assert.equal(await page.evaluate(() => document.documentElement.lang), code);
      assert.equal(await page.locator('#rules-title').textContent(), title(code));
      assert.equal(await page.locator('#rules-lang select').inputValue(), code);
      assert.equal(
        await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_KEY),
        code === 'de' ? 'de' : code,
      );
      // The lang attribute changes once the page is all said again in the language.
      const texts = await readerText(page);
      assert.ok(texts.length > 100, `${code}: the whole page is read`);
      assert.deepEqual(englishIn(texts, wordsOf(code)), [], code);
      // How the pieces move is in the language (core's keys, the catalogue's words): the
      // Griffon on the Ground, and Board Game Arena's other words for it.
      const catalogue = catalogueOf(code);
      const griffon = await page.locator('figure[data-fig="griffon-2"] figcaption').innerText();
      for (const k of ['move.griffon.ground', 'move.griffon.ground.bga'])
        assert.ok(griffon.includes(catalogue[k]), `${code}: ${k} in «${griffon}»`);
      // The lessons' introductions are the language's learn catalogue's (fetched with the
      // language, before the lang attribute changes), and nothing is marked English.
      const intros = Object.entries(catalogueOf(code, 'learn/'))
        .filter(([k]) => /^learn\.[^.]+\.intro$/.test(k))
        .map(([, v]) => v);
      const shown = await page.evaluate(
        (theirs) =>
          [...document.querySelectorAll('#rules-main section.rule > p')].filter((p) =>
            theirs.includes(p.textContent),
          ).length,
        intros,
      );
      assert.ok(shown >= 3, `${code}: ${shown} lessons' introductions in the language`);
      const marked = await page.evaluate(() => document.querySelectorAll('#rules-main [lang="en"]').length);
      assert.equal(marked, 0, `${code}: ${marked} parts marked English`);
    }
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  });
});

test('a garbled lang= is named in the message; an unknown language falls back quietly', async () => {
  await onPage(`${EMBED}&lang=d%20e`, { ready: embedReady }, async (page) => {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const said = await page.evaluate(() => window.__embed.messages.join(' '));
    assert.match(said, /'lang' should be a language code such as de or pt-BR, not 'd e'/);
  });
  await onPage(`${EMBED}&lang=ja`, { ready: embedReady }, async (page) => {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.deepEqual(await page.evaluate(() => window.__embed.messages), []);
  });
});

test('German at 360x640 and 1280x720: nothing cut (screenshots for a person)', async () => {
  for (const [name, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    await onPage(`${EMBED}&lang=de`, { ready: embedReady, size }, async (page) => {
      assert.deepEqual(await cut(page), [], `embed ${name}`);
      assert.ok(
        await page.evaluate(() => !document.getElementById('caption').hidden),
        'the caption is shown',
      );
      await page.screenshot({ path: path.join(SHOTS, `embed-de-${name}.png`) });
    });
    await onPage('rules.html', { ready: rulesReady, stored: 'de', size }, async (page) => {
      await page.waitForFunction(() => Object.keys(window.__rules.draws).length > 0);
      assert.deepEqual(await cut(page), [], `rules page ${name}`);
      await page.screenshot({ path: path.join(SHOTS, `rules-de-${name}.png`) });
    });
  }
});

// The game page in German (the menu's stored choice): the welcome, the page, the Help and the
// new game's dialog, and a move played, say nothing in English outside GAME_PAGE_LEFT: the
// parts not translated yet, each named with what still says it in English. Each entry must
// still find English (a part translated since fails the test until its entry goes), so the
// list only shrinks. The Help's language menu then changes the page at once, remembered.
const GAME_PAGE_LEFT = [];
// The game page's words beside the catalogue's: what its session says in English.
const GAME_WORD = new RegExp(
  `(?<!\\p{L})(${[...WORDS, 'you', 'your', 'strength', 'learn'].join('|')})(?!\\p{L})`,
  'iu',
);

const gameReady = () => window.__dc && (window.__dc.ready || window.__dc.errors.length);

async function gamePageEnglish(page, where) {
  const { texts, apart } = await readerTextApart(
    page,
    GAME_PAGE_LEFT.map(([sel]) => sel),
  );
  assert.ok(texts.length > 40, `${where}: the page is read (${texts.length} texts)`);
  assert.deepEqual(englishIn(texts, GAME_WORD), [], `${where}: ${texts.join(' | ')}`);
  return apart;
}

test('the game page in German: nothing in English but what is named; its menu changes it at once', async () => {
  await onPage('index.html', { ready: gameReady, stored: 'de' }, async (page) => {
    assert.deepEqual(await page.evaluate(() => window.__dc.errors), []);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    await page.evaluate(() => (window.__sameDocument = true));
    const seen = new Map(GAME_PAGE_LEFT.map(([sel]) => [sel, []]));
    const look = async (where) => {
      for (const [sel, found] of Object.entries(await gamePageEnglish(page, where)))
        seen.get(sel).push(...found);
    };
    await page.locator('#btn-welcome').click();
    await look('the welcome');
    await page.keyboard.press('Escape');
    await page.locator('#btn-new').click();
    await look('the new game');
    // the strength's description: German's sentence for a level, not an empty line
    const de = catalogueOf('de');
    const names = Object.keys(de)
      .filter((k) => k.startsWith('player.strength.'))
      .map((k) => de[k].split(':')[0] + ':');
    const desc = await page.textContent('#level-desc');
    assert.ok(
      names.some((n) => desc.startsWith(n)),
      desc,
    );
    // a clock the page does not play, refused in German (the form's own checks passed over)
    await page.selectOption('#tc', 'custom');
    await page.fill('#tc-minutes', '200');
    await page.evaluate(() =>
      document.getElementById('form-new').dispatchEvent(new Event('submit', { cancelable: true })),
    );
    const refused = await page.textContent('#tc-error');
    assert.ok(refused.includes('„200+3“'), refused);
    await look('a clock refused');
    await page.locator('#btn-new-cancel').click();
    await page.locator('#btn-help').click();
    await look('the Help');
    // a piece card, from the Help's pieces (the Help closes)
    await page.locator('#help-pieces [data-piece-card="G"]').click();
    await page.waitForSelector('#dlg-piece[data-drawn="true"]');
    await look('a piece card');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-piece:not([open])', { state: 'attached' });
    // a move, typed: refused first (core's reason, in German), then the move list, the
    // players, the engine's card
    const move = await page.evaluate(() => window.__dc.legalMoves()[0]);
    await page.keyboard.press('Escape');
    await page.locator('#move-input').fill('2c22c5');
    await page.locator('#move-input').press('Enter');
    const typedRefusal = await page.textContent('#move-feedback');
    assert.equal(typedRefusal, 'unzulässiger Zug „2c22c5“: Krieger auf 2c2 kann nicht nach 2c5 ziehen');
    await look('a move refused');
    await page.locator('#move-input').fill(move);
    await page.locator('#move-input').press('Enter');
    await page.waitForFunction(() => window.__dc.history().length >= 1);
    await look('a move played');
    // the record dialog, the embed dialog, the analysis and the editor, as a player opens them
    const act = (what) => page.evaluate((w) => document.querySelector(`[data-act="${w}"]`).click(), what);
    await act('record');
    await page.waitForSelector('#dlg-record[open]');
    await look('the record dialog');
    // a record core cannot read: its line and reason in German (core's keys), a tag's and a
    // move's refusal said inside by their own words
    await page.fill('#rec-paste', '[Date "x"]\n*');
    await page.click('#rec-open');
    await page.waitForSelector('#rec-error:not([hidden])');
    assert.equal(
      await page.textContent('#rec-error'),
      'Diese Partie lässt sich nicht öffnen: Zeile 1: das Date-Tag wird JJJJ.MM.TT geschrieben (? für unbekannte Ziffern), nicht „x“.',
    );
    await page.fill('#rec-paste', '1. W2h3 w2h6 2. W2h3');
    await page.click('#rec-open');
    await page.waitForFunction(() =>
      /Zeile 1: Zug 2\./.test(document.getElementById('rec-error').textContent),
    );
    await look('a record refused');
    await page.fill('#rec-paste', '');
    await page.click('#dlg-record button[value="close"]');
    await page.waitForSelector('#dlg-record:not([open])', { state: 'attached' });
    await act('embed');
    await page.waitForSelector('#dlg-embed[open]');
    await look('the embed dialog');
    // the code to paste: its frame named in German, the diagram asked to speak German
    const embedCode = await page.inputValue('#embed-code');
    assert.ok(
      embedCode.includes(`title="${de['embed.title']}"`) && /(#|&amp;)lang=de\b/.test(embedCode),
      embedCode,
    );
    await page.click('#dlg-embed button[value="close"]');
    await page.waitForSelector('#dlg-embed:not([open])', { state: 'attached' });
    await act('analyse');
    await page.waitForFunction(() => window.__dc.analysis.on && !!document.querySelector('#an-state'));
    await look('the analysis');
    await act('analyse');
    await page.waitForFunction(() => !window.__dc.analysis.on);
    await act('editor');
    await page.waitForSelector('#editor-card:not([hidden])');
    await look('the editor');
    await page.evaluate(() => document.querySelector('[data-ed="close"]').click());
    await page.waitForSelector('#editor-card', { state: 'hidden' });
    // a link whose second move is not legal: the note names the move by its number and
    // says core's reason, in German
    await page.evaluate(() => {
      location.hash = '#moves=2c22c3.2c22c4';
    });
    await page.waitForFunction(() => /2c22c4/.test(window.__dc.state().note || ''));
    const moveNote = await page.evaluate(() => window.__dc.state().note);
    assert.ok(
      moveNote.includes(de['core.game.move'].replace('{number}', '2').replace('{reason}', '')),
      moveNote,
    );
    await look('a link with an illegal move');
    // a link that cannot be read: the note says why in German
    await page.evaluate(() => {
      location.hash = '#moves=2c22c3.hello';
    });
    await page.waitForFunction(() => /hello/.test(window.__dc.state().note || ''));
    await look('a link refused');
    for (const [sel, why] of GAME_PAGE_LEFT)
      assert.ok(
        englishIn(seen.get(sel), GAME_WORD).length,
        `${sel} (${why}) is translated now: take it off GAME_PAGE_LEFT`,
      );

    // The menu (in the Help): French at once, without a reload, and remembered.
    await page.locator('#btn-help').click();
    const fr = catalogueOf('fr');
    await page.getByLabel('Sprache').selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    assert.equal(await page.locator('#btn-new span').textContent(), fr['page.newGame']);
    // the note on show (the refused link's) is said again in French, and so is the status line
    const unchanged = fr['open.link.unchanged'].replace('{why} ', '');
    const note = await page.evaluate(() => window.__dc.state().note);
    assert.ok(note.endsWith(unchanged) && note.includes("'hello'"), note);
    assert.ok((await page.textContent('#status')).includes(unchanged), await page.textContent('#status'));
    assert.equal(await page.locator('#page-lang select').inputValue(), 'fr');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_KEY), 'fr');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');

    // a saved game whose second move is not legal, read by a new load (in German: the
    // test's stored choice again): the status line says so, the move by its number
    await page.evaluate(() =>
      localStorage.setItem(
        'dragonchess.game.v1',
        JSON.stringify({ v: 1, startFen: 'startpos', moves: ['2c22c3', '2c22c4'] }),
      ),
    );
    await page.goto(page.url().split('#')[0]);
    await page.waitForFunction(gameReady);
    const restored = await page.textContent('#status-sub');
    assert.ok(
      restored.includes(de['core.game.move'].replace('{number}', '2').replace('{reason}', '')),
      restored,
    );
    await gamePageEnglish(page, 'a saved game refused');

    // a lesson move that puts the goal out of reach: core's reason in German's words (the
    // Oliphant must take 2b7 and 2h7 in two moves; 2b2-2b5 leaves one move)
    await page.evaluate(() => window.__dc.learn.enter('lessons', 'oliphant'));
    await page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'oliphant');
    for (const n of ['2b2', '2b5']) {
      const p = await page.evaluate((s) => window.__dc.squarePoint(s), n);
      await page.mouse.click(p.x, p.y);
    }
    await page.waitForFunction(() => window.__dc.learn.lesson().moves.length === 1);
    const lesson = await page.evaluate(() => window.__dc.learn.lesson());
    const outOfReach = catalogueOf('de', 'learn/')['lesson.unreachable.tooMany'].split(':')[0];
    assert.ok(String(lesson.note && (lesson.note.text || lesson.note)).startsWith(outOfReach), lesson.note);
    await gamePageEnglish(page, 'a lesson move out of reach');
  });
});
