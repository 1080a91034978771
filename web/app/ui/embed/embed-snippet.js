// A ready <iframe> snippet for embed.html (the game page's and the position editor's
// "Embed" buttons). Pure: no DOM, no engine; the address is links.js's encodeGame, so the
// embed reads it exactly as a game link.
//
//   embedSnippet({ fen, moves, rules, show, levels, flip }, siteUrl)
//     fen      position string to start from ('' / 'startpos' / omitted: the start)
//     moves    coordinate moves played from there (the last one is marked in the embed)
//     rules    the rule set: 'bga' for Board Game Arena's (omitted or 'gygax': Gygax's)
//     show     a square ('3c4'): draw the move diagram of the piece there
//     levels   e.g. [3, 2]: show only these levels (omitted: the embed shows the levels the
//              position or the diagram needs)
//     flip     true: Scarlet at the bottom
//     also, optional: interactive (false: a still picture), theme ('dark'), caption (false),
//     layout ('row', 'column', 'sideways', 'focus'; default: the embed's choice),
//     lang (a language tag such as 'de': the caption's language; omitted or English: the
//     reader's browser's),
//     width, height (px; default 480 wide and a height that suits the levels), title
//   siteUrl: any address on the site (the game page's location.href, the site root); the
//   snippet points at embed.html beside it.
// Throws TypeError for input no page should produce (a bad square, level or move).
import { encodeGame } from '../../session/share/links.js';
import { parseSquare } from '../../facts/squares.js';
import { LAYOUTS } from './embed-layout.js';
import { esc } from '../../util/dom.js';
import { isLanguageTag, SOURCE_LANGUAGE } from '../../util/i18n.js';

export const EMBED_WIDTH = 480;
// Heights for n shown levels at EMBED_WIDTH, the frame a little taller than the boards need
// as the embed arranges them (measured: one board, 36 px squares; two side by side, turned
// sideways, 22 px; three as a pyramid, 16 px; each with the caption line). Unknown: three.
const HEIGHT_FOR_LEVELS = { 1: 370, 2: 300, 3: 360 };

function levelList(levels) {
  if (levels === undefined || levels === null) return null;
  if (
    !Array.isArray(levels) ||
    !levels.length ||
    levels.some((l) => l !== 1 && l !== 2 && l !== 3) ||
    new Set(levels).size !== levels.length
  ) {
    throw new TypeError('levels should be a list of distinct levels 1..3, such as [3, 2]');
  }
  return [...levels].sort((a, b) => b - a);
}

function size(v, dflt, what) {
  if (v === undefined || v === null) return dflt;
  if (!Number.isInteger(v) || v < 50 || v > 4000)
    throw new TypeError(`${what} should be a whole number of pixels, 50..4000`);
  return v;
}

/** The embed's address: siteUrl's embed.html plus the game and the options after '#'. */
export function embedUrl(o = {}, siteUrl) {
  const { fen, moves = [], rules, show, flip, interactive, theme, caption, layout, lang } = o || {};
  const levels = levelList(o && o.levels);
  if (show !== undefined && show !== null && parseSquare(show) === null) {
    throw new TypeError(`show should be a square such as 3c4, not ${JSON.stringify(show)}`);
  }
  const extra = {};
  if (show) extra.show = show;
  if (levels) extra.level = levels.join(',');
  if (flip) extra.flip = 1;
  if (interactive === false) extra.interactive = 0;
  if (theme === 'dark') extra.theme = 'dark';
  if (caption === false) extra.caption = 0;
  if (layout !== undefined && layout !== 'auto') {
    if (!LAYOUTS.includes(layout))
      throw new TypeError(`layout should be one of ${LAYOUTS.join(', ')}, not ${JSON.stringify(layout)}`);
    extra.layout = layout;
  }
  if (lang !== undefined && lang !== null && lang !== SOURCE_LANGUAGE) {
    if (!isLanguageTag(lang))
      throw new TypeError(`lang should be a language tag such as de, not ${JSON.stringify(lang)}`);
    extra.lang = lang;
  }
  const base = new URL('embed.html', String(siteUrl || ''));
  base.hash = '';
  return base.href.replace(/#$/, '') + encodeGame({ fen, moves, rules, extra });
}

/** The <iframe> element as HTML text, ready to paste into a page. */
export function embedSnippet(o = {}, siteUrl) {
  const levels = levelList(o && o.levels);
  const width = size(o && o.width, EMBED_WIDTH, 'width');
  const height = size(o && o.height, HEIGHT_FOR_LEVELS[levels ? levels.length : 3], 'height');
  const title =
    o && o.title
      ? String(o.title)
      : o && o.show
        ? `Dragonchess: the moves of the piece on ${o.show}`
        : 'Dragonchess diagram';
  return (
    `<iframe src="${esc(embedUrl(o, siteUrl))}" width="${width}" height="${height}" ` +
    `style="border:0" loading="lazy" title="${esc(title)}"></iframe>`
  );
}
