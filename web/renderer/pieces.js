// The piece icons: which file draws each piece (public/pieces/<name>.svg, drawn in Gold's
// colours) and Scarlet's colours for the same drawings. The one place of both: the build
// rasterises the icons for the renderer from here (scripts/make-pieces.mjs), and the page's
// panels show them from here.

/** Piece letter -> icon file name (without .svg) in the pieces directory (public/pieces). */
export const PIECE_FILES = Object.freeze({
  S: 'sylph',
  G: 'griffon',
  R: 'dragon',
  W: 'warrior',
  O: 'oliphant',
  U: 'unicorn',
  H: 'hero',
  T: 'thief',
  C: 'cleric',
  M: 'mage',
  K: 'king',
  P: 'paladin',
  D: 'dwarf',
  B: 'basilisk',
  E: 'elemental',
});

// An icon's <style>, for its ink, its light parts and its three gradient stops.
function pieceStyle(ink, light, s1, s2, s3) {
  return (
    `.b{fill:url(#g);stroke:${ink};stroke-width:4;stroke-linejoin:round;stroke-linecap:round}` +
    `.l{fill:none;stroke:${ink};stroke-width:3;stroke-linejoin:round;stroke-linecap:round}` +
    `.k{fill:${ink}}.w{fill:${light};stroke:${ink};stroke-width:2.5;stroke-linejoin:round}` +
    `.to{fill:none;stroke:${ink};stroke-width:19;stroke-linecap:round;stroke-linejoin:round}` +
    `.ti{fill:none;stroke:url(#g);stroke-width:11;stroke-linecap:round;stroke-linejoin:round}` +
    `.s1{stop-color:${s1}}.s2{stop-color:${s2}}.s3{stop-color:${s3}}`
  );
}
/** Scarlet's palette: the <style> of a Scarlet icon. */
export const SCARLET_STYLE = pieceStyle('#2b0604', '#ffe2d8', '#ff8f7a', '#d42a22', '#7d0c0c');

const STYLE_RE = /<style>[\s\S]*?<\/style>/;
/** A Gold icon's SVG text redrawn in Scarlet's colours (null when it has no <style> to swap). */
export function scarletSvg(goldSvg) {
  return STYLE_RE.test(goldSvg) ? goldSvg.replace(STYLE_RE, `<style>${SCARLET_STYLE}</style>`) : null;
}

// --- the icons as images, for the page's panels -----------------------------------------
const icons = {}; // letter -> image URL
let loading = null;
/** The piece icons as image URLs (letter -> URL; Gold's the files, Scarlet's recoloured
 *  data URLs): a promise, loaded once. An icon that cannot be fetched has no Scarlet URL:
 *  the panels show its letter instead. */
export function pieceIcons() {
  if (!loading) {
    loading = Promise.all(
      Object.entries(PIECE_FILES).map(async ([letter, file]) => {
        const url = `pieces/${file}.svg`;
        icons[letter] = url;
        // An icon that cannot be fetched is no failure of the page: it is shown by its letter.
        const svg = await fetch(url)
          .then((r) => (r.ok ? r.text() : null))
          .catch(() => null);
        const red = svg === null ? null : scarletSvg(svg);
        if (red) icons[letter.toLowerCase()] = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(red);
      }),
    ).then(() => icons);
  }
  return loading;
}
/** The icons loaded so far (letter -> URL), without waiting. */
export const loadedIcons = () => icons;
