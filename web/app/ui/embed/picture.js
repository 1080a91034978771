// Still pictures of diagrams, all drawn by ONE hidden board (the embed gallery's cards and the
// rules page's figures): the board takes a box's size, is handed the diagram, draws at once,
// and the picture is copied into the box's own canvas (canvas.picture, kept: scrolling away
// and back draws nothing again).
//
//   const pictures = createPictures(board, host);   // board: createBoard(host, {interactive: false})
//   await pictures.draw(box, {state, levels, flip, layout});   // state: board.set's keys
//   pictures.park();   // the hidden board shrinks to nothing until the next draw
import { pickArrangement } from './embed-layout.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));

export function createPictures(board, host) {
  /** Draws one picture into `box`; resolves to its canvas. plan: {state, levels, flip, layout}. */
  async function draw(box, plan) {
    const w = box.clientWidth,
      h = box.clientHeight;
    host.style.width = w + 'px';
    host.style.height = h + 'px';
    board.fitNow(); // the renderer would follow its container's size only at the next frame
    for (let i = 0; i < 10; i++) {
      const g = board.geometry();
      if (g.width === w && g.height === h) break;
      await frame();
    }
    const square = (arrangement) => board.fit(w, h, { levels: plan.levels, arrangement }).square;
    const { arrangement } = pickArrangement(square, plan.layout || 'auto');
    board.set({
      ...plan.state,
      levels: plan.levels,
      arrangement,
      orientation: plan.flip ? 'scarlet' : 'gold',
    });
    board.drawNow();
    let pic = box.querySelector('canvas.picture');
    if (!pic) {
      pic = document.createElement('canvas');
      pic.className = 'picture';
      box.prepend(pic);
    }
    pic.width = board.canvas.width;
    pic.height = board.canvas.height;
    pic.getContext('2d').drawImage(board.canvas, 0, 0);
    return pic;
  }
  function park() {
    host.style.width = host.style.height = '0px';
  }
  return { draw, park };
}
