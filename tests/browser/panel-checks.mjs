// Checks of the page around the boards, read in a real browser: words cut, controls that
// overlap or are cut. Used by desktop-edges.test.mjs (the desktop's side panel) and
// phone.test.mjs (a phone's focus view).

/**
 * What of the words under `roots` (a selector) is cut: every element showing words (its own,
 * or in inline elements within it) that is not a scroller (the move list, the engine's line,
 * a field) shows all of them; the engine's empty line too; an empty field's hint (its
 * placeholder) whole. The analysis card's lines are
 * excepted: each is cut with an ellipsis by design (the whole line is a click away).
 * @returns {Promise<string[]>} one line for each element cut
 */
export const cutText = (page, roots = '.side') =>
  page.evaluate((roots) => {
    const out = [];
    const words = (n) =>
      n.nodeType === 3 ? n.textContent.trim() : n.nodeType === 1 && getComputedStyle(n).display === 'inline';
    for (const el of document.querySelectorAll(
      roots
        .split(',')
        .map((r) => `${r} *`)
        .join(','),
    )) {
      // (what is for screen readers only, one pixel wide, is not on view)
      if (!el.getClientRects().length || el.closest('.an-pv, input, select, .sr-only, #moves')) continue;
      if (el.getBoundingClientRect().width <= 1) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'inline' || cs.overflowX === 'auto' || cs.overflowX === 'scroll') continue;
      if ([...el.childNodes].some(words) && el.textContent.trim() && el.scrollWidth > el.clientWidth + 1)
        out.push(
          `${el.id || el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`,
        );
    }
    // a field's hint (its placeholder), shown whole while the field is empty
    const canvas = document.createElement('canvas').getContext('2d');
    for (const el of document.querySelectorAll(
      roots
        .split(',')
        .map((r) => `${r} input[placeholder]`)
        .join(','),
    )) {
      if (!el.getClientRects().length || el.value) continue;
      const ps = getComputedStyle(el, '::placeholder'),
        cs = getComputedStyle(el);
      canvas.font = `${ps.fontStyle} ${ps.fontWeight} ${ps.fontSize} ${ps.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const need = canvas.measureText(el.placeholder).width;
      if (need > room + 1)
        out.push(`${el.id}: its hint ${el.placeholder} (${Math.ceil(need)} > ${Math.floor(room)})`);
    }
    const pv = document.getElementById('eng-pv');
    if (pv.getClientRects().length && pv.querySelector('.pv-empty') && pv.scrollWidth > pv.clientWidth + 1)
      out.push(`eng-pv: ${pv.textContent.trim()}`);
    return out;
  }, roots);

/**
 * The controls on view under `roots` (a selector): any two that overlap, any cut by the edge
 * of its card, and any cut by the window's edge (those in a part of the page that scrolls are
 * scrolled to, not cut). Only controls in one layer are compared: a bar fixed over the part
 * that scrolls covers what scrolls under it by design. The move list's rows, which scroll
 * inside it, are not counted.
 * @returns {Promise<string[]>} one line for each problem
 */
export const crowded = (page, roots = '.side, .status-strip') =>
  page.evaluate((roots) => {
    const sel = 'button, input, select, a[href], [role="button"]';
    const all = roots
      .split(',')
      .map((r) => `${r} :is(${sel})`)
      .join(',');
    const els = [...document.querySelectorAll(all)].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && !el.closest('.sr-only, #moves, .pv, .an-pv, [hidden]');
    });
    const name = (el) =>
      el.id ||
      el.dataset.act ||
      el.dataset.offer ||
      el.dataset.nav ||
      el.getAttribute('aria-label') ||
      el.className;
    const layer = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const p = getComputedStyle(e).position;
        if (p === 'fixed' || p === 'sticky') return e;
      }
      return null;
    };
    // the nearest part of the page that el scrolls in, or null
    const scroller = (el) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const y = getComputedStyle(e).overflowY;
        if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1) return e;
      }
      return null;
    };
    const out = [];
    const rects = els.map((el) => el.getBoundingClientRect());
    const layers = els.map(layer);
    for (let i = 0; i < els.length; i++) {
      const a = rects[i];
      const card = els[i].closest('.card'),
        sc = scroller(els[i]);
      // (a bar fixed to the window, such as a phone's toolbar, is not in its card's box)
      if (card && layer(card) === layers[i] && !(sc && card.contains(sc))) {
        const box = card.getBoundingClientRect();
        if (
          a.left < box.left - 0.5 ||
          a.right > box.right + 0.5 ||
          a.top < box.top - 0.5 ||
          a.bottom > box.bottom + 0.5
        )
          out.push(`${name(els[i])} cut by its card`);
      }
      if (
        !sc &&
        (a.left < -0.5 || a.top < -0.5 || a.right > innerWidth + 0.5 || a.bottom > innerHeight + 0.5)
      )
        out.push(`${name(els[i])} cut by the window`);
      for (let j = i + 1; j < els.length; j++) {
        const b = rects[j];
        if (layers[i] !== layers[j] || els[i].contains(els[j]) || els[j].contains(els[i])) continue;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left),
          h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) out.push(`${name(els[i])} overlaps ${name(els[j])}`);
      }
    }
    return out;
  }, roots);
