// The message formatter (web/app/util/messages.js): ICU MessageFormat's text, arguments,
// plurals by each language's rules, select, quoting, and errors that name the problem.
//   node --test tests/node/messages.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseMessage,
  formatParts,
  messageShape,
  chooseLanguage,
  createTranslator,
  MessageSyntaxError,
} from '../../web/app/util/messages.js';

const fmt = (src, args = {}, locale = 'en') => formatParts(parseMessage(src), args, locale);

test('text and arguments', () => {
  assert.equal(fmt('Gold to move'), 'Gold to move');
  assert.equal(fmt('{side} to move', { side: 'Scarlet' }), 'Scarlet to move');
  assert.equal(fmt('{ side }!', { side: 'Gold' }), 'Gold!');
  assert.equal(fmt('{n} plies', { n: 12345 }), '12,345 plies');
  assert.equal(fmt('{n} Züge', { n: 12345 }, 'de'), '12.345 Züge');
  assert.equal(fmt('{x, number, percent}', { x: 0.605 }, 'en'), '61%');
  assert.equal(fmt('{x, number, integer}', { x: 2.6 }, 'en'), '3');
});

test('apostrophes: doubled, quoting braces, and plain ones left alone', () => {
  assert.equal(fmt("l'échiquier"), "l'échiquier");
  assert.equal(fmt("it''s"), "it's");
  assert.equal(fmt("'{'name'}' is literal"), '{name} is literal');
  assert.equal(fmt("{n, plural, other {'#' is # }}", { n: 3 }), '# is 3 ');
});

test('plurals follow each language: English, Polish, Russian, French, Chinese', () => {
  const en = '{n, plural, one {# move} other {# moves}}';
  assert.deepEqual(
    [0, 1, 2, 1000].map((n) => fmt(en, { n })),
    ['0 moves', '1 move', '2 moves', '1,000 moves'],
  );
  const pl = '{n, plural, one {# ruch} few {# ruchy} many {# ruchów} other {# ruchu}}';
  assert.deepEqual(
    [1, 2, 5, 22, 25, 1.5].map((n) => fmt(pl, { n }, 'pl')),
    ['1 ruch', '2 ruchy', '5 ruchów', '22 ruchy', '25 ruchów', '1,5 ruchu'],
  );
  const ru = '{n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}';
  assert.deepEqual(
    [1, 3, 11, 21].map((n) => fmt(ru, { n }, 'ru')),
    ['1 ход', '3 хода', '11 ходов', '21 ход'],
  );
  // French counts 0 and 1 as "one".
  const fr = '{n, plural, one {# coup} other {# coups}}';
  assert.deepEqual(
    [0, 1, 2].map((n) => fmt(fr, { n }, 'fr')),
    ['0 coup', '1 coup', '2 coups'],
  );
  assert.equal(fmt('{n, plural, other {# 步}}', { n: 1 }, 'zh'), '1 步');
});

test('exact matches, offset, selectordinal and select', () => {
  const m = '{n, plural, =0 {no move} one {# move} other {# moves}}';
  assert.equal(fmt(m, { n: 0 }), 'no move');
  assert.equal(fmt(m, { n: 1 }), '1 move');
  const o = '{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}';
  assert.equal(fmt(o, { n: 1, who: 'Ann' }), 'Ann');
  assert.equal(fmt(o, { n: 2, who: 'Ann' }), 'Ann and 1 other');
  assert.equal(fmt(o, { n: 4, who: 'Ann' }), 'Ann and 3 others');
  const ord = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}';
  assert.deepEqual(
    [1, 2, 3, 4, 11, 22].map((n) => fmt(ord, { n })),
    ['1st', '2nd', '3rd', '4th', '11th', '22nd'],
  );
  const s = '{side, select, gold {Gold wins} scarlet {Scarlet wins} other {Nobody wins}}';
  assert.equal(fmt(s, { side: 'gold' }), 'Gold wins');
  assert.equal(fmt(s, { side: 'draw' }), 'Nobody wins');
  assert.equal(fmt('{s, select, a {# stays} other {x}}', { s: 'a' }), '# stays');
});

test('a message that does not parse names its problem and where', () => {
  const bad = [
    ['{side', /the argument "side" is not closed/],
    ['side}', /a "}" closes nothing/],
    ['{n, plural, one {x}}', /has no "other" option/],
    ['{n, plural, single {x} other {y}}', /"single" is not a plural category/],
    ['{n, date}', /"date" is not a kind of argument/],
    ['{n, number, money}', /number style "money"/],
    ['{n, select, a {x} a {y} other {z}}', /"a" is given twice/],
    ["'{ never closed", /quoted text is not closed/],
    ['{}', /a name is expected/],
    ['{n, plural, other {x}', /is not closed/],
  ];
  for (const [src, re] of bad) {
    assert.throws(
      () => parseMessage(src),
      (e) => e instanceof MessageSyntaxError && re.test(e.message),
      src,
    );
  }
  assert.throws(() => fmt('{side} to move'), /needs the argument "side"/);
});

test('the shape of a message: its arguments and the options of each choice', () => {
  const shape = messageShape(
    parseMessage('{who} took {n, plural, one {# piece} other {# pieces}} {s, select, a {{x}} other {}}'),
  );
  assert.deepEqual(shape.args, ['n', 's', 'who', 'x']);
  assert.deepEqual(shape.choices, { 'n plural': ['one', 'other'], 's select': ['a', 'other'] });
});

test('the language chosen from what the reader asks for', () => {
  const have = ['en', 'de', 'pt', 'zh-Hans', 'pl'];
  assert.equal(chooseLanguage(['de-AT', 'en'], have), 'de');
  assert.equal(chooseLanguage(['pt-BR'], have), 'pt');
  assert.equal(chooseLanguage(['zh-CN'], have), 'zh-Hans');
  assert.equal(chooseLanguage(['ZH-hans'], have), 'zh-Hans');
  assert.equal(chooseLanguage(['ja', 'pl-PL'], have), 'pl');
  assert.equal(chooseLanguage(['ja'], have), 'en');
  assert.equal(chooseLanguage([], have), 'en');
  assert.equal(chooseLanguage(['', null, 'xx-'], have), 'en');
});

test('a translator says its catalogue’s messages and refuses an id it lacks', () => {
  const de = { move: '{n, plural, one {# Zug} other {# Züge}}', broken: '{oops' };
  const t = createTranslator({ locale: 'de', catalogue: de });
  assert.equal(t('move', { n: 1 }), '1 Zug');
  assert.equal(t('move', { n: 1234 }), '1.234 Züge');
  assert.throws(() => t('nothing'), /no message "nothing"/);
  assert.throws(() => t('broken'));
});
