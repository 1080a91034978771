// Loads the Dragonchess SDL2 board view (dragonchess_ui.mjs + .wasm) into a container
// element, hands it the piece atlas (pieces/pieces.bin, made at build time by
// scripts/make-pieces.mjs; the renderer decodes it) and keeps the canvas sized to the
// container. See docs/renderer.md.

let viewCounter = 0;

function parseCssColor(text) {
  const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(text || '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Creates the board view inside `container` (which it fills, any aspect).
 * options:
 *   moduleUrl  URL of dragonchess_ui.mjs (default: next to this file)
 *   wasmUrl    URL of dragonchess_ui.wasm (default: next to the .mjs)
 *   piecesUrl  URL of the directory holding pieces.bin (default: 'pieces/' of the page)
 *   flipped    initial orientation (false: Gold at the bottom)
 *   still      true: the view only draws still pictures to copy (no WebGL: see view.cpp's init)
 * Resolves to { canvas, module, ready, destroy }: board.js drives the module's typed API
 * (setState, events through Module.onBoardEvent, fit, geometry, squareRect, squareAt).
 */
export async function createBoardView(container, options = {}) {
  const moduleUrl = options.moduleUrl ?? new URL('./dragonchess_ui.mjs', import.meta.url).href;
  const piecesUrl = new URL(options.piecesUrl ?? 'pieces/', document.baseURI).href.replace(/\/?$/, '/');

  // The piece atlas downloads while the module loads; the first frame has the pieces.
  const atlas = fetch(piecesUrl + 'pieces.bin')
    .then((res) => {
      if (!res.ok) throw new Error(`${piecesUrl}pieces.bin: HTTP ${res.status}`);
      return res.arrayBuffer();
    })
    .then(
      (buf) => ({ buf, error: undefined }),
      (e) => ({ buf: undefined, error: String((e && e.message) || e) }),
    );

  const canvas = document.createElement('canvas');
  canvas.id = `dragonchess-ui-${++viewCounter}`;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Dragonchess boards');
  Object.assign(canvas.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    width: '100%',
    height: '100%',
    display: 'block',
    touchAction: 'none',
    userSelect: 'none',
    webkitUserSelect: 'none',
    outline: 'none',
    webkitTapHighlightColor: 'transparent',
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
  container.appendChild(canvas);

  const { default: factory } = await import(moduleUrl);
  const mod = await factory({
    canvas,
    locateFile: (path, prefix) =>
      path.endsWith('.wasm') && options.wasmUrl ? options.wasmUrl : prefix + path,
  });
  if (!mod.init('#' + canvas.id, !!options.still)) throw new Error('dragonchess_ui: init failed');
  if (options.flipped) mod.setFlipped(true);

  const textColor = () => {
    const c = parseCssColor(getComputedStyle(container).color);
    if (c) mod.setTextColor(c[0], c[1], c[2]);
    // The first opaque background up the tree; only used without WebGL (opaque canvas).
    for (let el = container; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      const a = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg);
      const rgb = parseCssColor(bg);
      if (rgb && !(a && Number(a[1]) === 0)) {
        mod.setBackground(rgb[0], rgb[1], rgb[2]);
        return;
      }
    }
    mod.setBackground(255, 255, 255);
  };
  textColor();

  let destroyed = false;
  let pending = 0;
  const applySize = () => {
    pending = 0;
    if (destroyed) return;
    mod.resize(container.clientWidth, container.clientHeight, window.devicePixelRatio || 1);
  };
  const scheduleSize = () => {
    if (!pending) pending = requestAnimationFrame(applySize);
  };
  // The container's size taken at once, not at the next frame (a still picture drawn right
  // after its box is sized).
  const fitNow = () => {
    if (pending) cancelAnimationFrame(pending);
    applySize();
  };
  const observer = new ResizeObserver(scheduleSize);
  observer.observe(container);
  let dprQuery = null;
  const watchDpr = () => {
    dprQuery?.removeEventListener('change', onDpr);
    dprQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDpr);
  };
  function onDpr() {
    watchDpr();
    scheduleSize();
  }
  watchDpr();
  applySize();

  // Pieces: without the atlas the view still works (lettered tokens); `ready` says why: a
  // result, {} or {error} (the page shows it).
  const ready = atlas.then((a) => {
    if (a.error) return a;
    const problem = mod.setPieceAtlas(new Uint8Array(a.buf));
    return problem ? { error: problem } : {};
  });
  await ready;

  return {
    /** Re-reads the container's text and background colours (labels; no-WebGL fallback). */
    refreshTheme: textColor,
    fitNow,
    canvas,
    module: mod,
    ready,
    destroy: () => {
      destroyed = true;
      observer.disconnect();
      dprQuery?.removeEventListener('change', onDpr);
      canvas.remove();
    },
  };
}
