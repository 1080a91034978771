// replaces: app/ui/embed/start-embed.js
// embed.html's entry in the test build only (scripts/build-site --test): starts the embed
// as app/ui/embed/start-embed.js does, and puts window.__embed over it: read-only views of
// what it shows, including what it handed the board (the marks, square names), and every
// message it showed. None of it is in the site players get.
import { startEmbed } from '../app/ui/embed/embed.js';
import { Emitter } from '../app/util/emitter.js';
import { createBoard } from '../renderer/board.js';
import { squareName } from '../app/facts/squares.js';

const names = (list) => (list || []).map(squareName);
/** @type {Record<string, any>} */
const hook = { ready: false, piecesReady: false, messages: [] }; // failed: why it could not start
/** @type {any} */ (window).__embed = hook;
const messages = new Emitter();
messages.on('say', (t) => hook.messages.push(t));
let handed = {}; // the keys of every board.set, merged: what the board shows
const started = await startEmbed({
  messages,
  createBoard: async (...a) => {
    const b = await createBoard(...a);
    const set = b.set.bind(b);
    b.set = (s) => {
      set(s);
      handed = { ...handed, ...s };
    };
    return b;
  },
});
const r = started.value; // the embed's parts
if (started.error) hook.failed = started.error;
else {
  const model = r.session.model; // the diagram's game (session/game/diagram.js)
  Object.assign(hook, {
    options: r.options,
    fen: () => model.live.fen,
    squarePoint: (name) => r.point(name),
    labels: () => r.board.labels(),
    state: () => {
      r.flush(); // what the last change asked the board to show
      const d = handed.diagram;
      return {
        fen: model.live.fen,
        moves: model.coordinates(),
        selected: r.selected(),
        diagram: r.diagram(),
        // the marks on the boards, by square name
        marks: {
          selected:
            handed.selected === null || handed.selected === undefined ? null : squareName(handed.selected),
          move: names(d && d.move),
          capture: names(d && d.capture),
          afar: names(d && d.afar),
          last: names(handed.lastMove),
          check: handed.check === null || handed.check === undefined ? null : squareName(handed.check),
          frozen: names(handed.frozen),
        },
        message: hook.messages.at(-1) || null,
        levels: r.levels(),
        views: 1,
        layout: r.board.geometry(),
        caption: r.caption(),
      };
    },
  });
  Object.defineProperty(hook, 'diagram', { get: () => r.diagram(), configurable: true });
  hook.ready = true;
  r.board.ready.then(
    () => {
      hook.piecesReady = true;
    },
    () => {},
  );
}
