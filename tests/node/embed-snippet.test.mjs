// The Embed button's snippet (web/app/ui/embed/embed-snippet.js): node --test tests/node/embed-snippet.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { embedSnippet, embedUrl, EMBED_WIDTH } from '../../web/app/ui/embed/embed-snippet.js';
import { decodeHash } from '../../web/app/session/share/links.js';
import { EMBED_KEYS } from '../../web/app/ui/embed/embed-layout.js';

const FEN = '12/12/12/12/2R9/12/12/12/11k/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/12 g 0 1';

// The src attribute of a snippet, its HTML escapes undone (as a browser reads it).
function srcOf(html) {
  const m =
    /^<iframe src="([^"]*)" width="(\d+)" height="(\d+)" style="border:0" loading="lazy" title="([^"]*)"><\/iframe>$/.exec(
      html,
    );
  assert.ok(m, `not a plain iframe snippet: ${html}`);
  return {
    src: m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"'),
    width: Number(m[2]),
    height: Number(m[3]),
    title: m[4],
    raw: m[1],
  };
}

test('the snippet points at embed.html beside the page, whatever address the page has', () => {
  for (const site of [
    'https://example.org/dc/',
    'https://example.org/dc/index.html',
    'https://example.org/dc/index.html#moves=2c22c3',
    'https://example.org/dc/?x=1',
  ]) {
    const { src } = srcOf(embedSnippet({}, site));
    assert.equal(src, 'https://example.org/dc/embed.html', site);
  }
});

test("position, moves, diagram, levels and flip round-trip through the embed's reader", () => {
  const html = embedSnippet(
    { fen: FEN, moves: ['3c43d5'], show: '3d5', levels: [2, 3], flip: true },
    'https://example.org/dc/',
  );
  const { src, raw, width, height } = srcOf(html);
  assert.ok(!/&(?!amp;)/.test(raw), 'every & in the attribute is escaped');
  const r = decodeHash(new URL(src).hash, { extraKeys: EMBED_KEYS });
  assert.equal(r.error, undefined);
  const d = r.value;
  assert.equal(d.fen, FEN);
  assert.deepEqual(d.moves, ['3c43d5']);
  assert.deepEqual(d.params, { show: '3d5', level: '3,2', flip: '1' });
  assert.equal(width, EMBED_WIDTH);
  assert.ok(height >= 150 && height <= 600);
});

test('the start position and no options give a bare address; defaults are left to the embed', () => {
  assert.equal(srcOf(embedSnippet({ fen: 'startpos' }, 'https://h/')).src, 'https://h/embed.html');
  assert.equal(
    srcOf(embedSnippet({ fen: '', moves: ['2c22c3'] }, 'https://h/')).src,
    'https://h/embed.html#moves=2c22c3',
  );
  const all = srcOf(embedSnippet({ interactive: false, theme: 'dark', caption: false }, 'https://h/')).src;
  assert.deepEqual(decodeHash(new URL(all).hash, { extraKeys: EMBED_KEYS }).value.params, {
    interactive: '0',
    theme: 'dark',
    caption: '0',
  });
  assert.equal(embedUrl({ show: '2f4' }, 'https://h/a/b.html'), 'https://h/a/embed.html#show=2f4');
  assert.equal(embedUrl({ layout: 'sideways' }, 'https://h/'), 'https://h/embed.html#layout=sideways');
  assert.equal(embedUrl({ layout: 'auto' }, 'https://h/'), 'https://h/embed.html');
});

test('sizes and titles: given ones are used, the defaults suit the levels, text is escaped', () => {
  const one = srcOf(embedSnippet({ levels: [2] }, 'https://h/'));
  const three = srcOf(embedSnippet({}, 'https://h/'));
  assert.ok(one.height !== three.height, 'the height follows the number of levels');
  const custom = srcOf(embedSnippet({ width: 320, height: 200, title: 'The "Dragon" & co' }, 'https://h/'));
  assert.equal(custom.width, 320);
  assert.equal(custom.height, 200);
  assert.equal(custom.title, 'The &quot;Dragon&quot; &amp; co');
  assert.match(srcOf(embedSnippet({ show: '3c4' }, 'https://h/')).title, /3c4/);
});

test('bad input is refused with a TypeError naming it', () => {
  assert.throws(() => embedSnippet({ show: '4a1' }, 'https://h/'), /show/);
  assert.throws(() => embedSnippet({ levels: [4] }, 'https://h/'), /levels/);
  assert.throws(() => embedSnippet({ levels: [2, 2] }, 'https://h/'), /levels/);
  assert.throws(() => embedSnippet({ moves: ['W2c3'] }, 'https://h/'), /coordinate move/);
  assert.throws(() => embedSnippet({ width: 10 }, 'https://h/'), /width/);
  assert.throws(() => embedSnippet({ layout: 'spiral' }, 'https://h/'), /layout/);
  assert.throws(() => embedSnippet({ fen: '<script>' }, 'https://h/'), TypeError);
});
