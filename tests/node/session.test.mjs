// The session layer whole under Node (docs/architecture.md, "Folders"): the controller,
// the game model over the real rules engine (the wasm Node build), the store over a
// Storage in memory, which game is open (open-game.js) with an address bar in memory, the
// offers and the links. No browser, no DOM: what the page's ui/page/main.js hands the
// session (storage, the address bar, toasts), the test hands it here.
//   node --test tests/node/session.test.mjs   (after scripts/build-wasm)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { useFacts } from '../../web/app/facts/facts.js';
import { createGameModel } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import { createStore, cleanSettings, DEFAULT_SETTINGS } from '../../web/app/session/game/store.js';
import { offerDraw, acceptDraw } from '../../web/app/session/game/offers.js';
import { createOpening } from '../../web/app/session/share/open-game.js';
import { decodeHash } from '../../web/app/session/share/links.js';
import { readLink, linkFor } from '../../web/app/ui/share/share.js';

const M = await loadEngine();
useFacts(M);
const BASE = 'https://example.org/dragonchess/';

function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
  };
}

// A session as ui/page/main.js makes one, over a Storage and an address bar in memory (the
// address: the part after '#', as the page's location.hash).
function session(storage, hash = '') {
  const address = { hash };
  const said = [];
  const ctl = createController(createGameModel(M), cleanSettings({ ...DEFAULT_SETTINGS, mode: 'hotseat' }), {
    t: translatorOf('en'),
  });
  const store = createStore(storage);
  const opening = createOpening(ctl, store, {
    toast: (text) => said.push(text),
    announce: () => {},
    download: () => {},
    address: {
      read: () => readLink(address.hash),
      write: (game) => (address.hash = new URL(linkFor(game, BASE)).hash),
      urlFor: (game) => linkFor(game, BASE),
    },
  });
  opening.restore();
  return { ctl, store, opening, address, said };
}

// Plays the engine's first legal move for the side to move; its coordinates.
function playFirst(ctl) {
  const move = ctl.model.game.legalMoves()[0];
  assert.deepEqual(ctl.play(move), { value: undefined });
  return ctl.model.coordinates().at(-1);
}

test('a new game, moves, a takeback and a draw offer: saved and in the address', () => {
  const storage = memoryStorage();
  const { ctl, store, address } = session(storage);
  assert.equal(ctl.model.length, 0, 'nothing saved, no link: a new game');
  assert.equal(ctl.settings.mode, DEFAULT_SETTINGS.mode);
  ctl.setSettings({ mode: 'hotseat' });

  // a move by the board's clicks, then one for each side
  assert.equal(ctl.select('2c2'), true);
  assert.deepEqual(ctl.click('2c3'), { value: undefined });
  playFirst(ctl);
  playFirst(ctl);
  const played = ctl.model.coordinates();
  assert.equal(played.length, 3);
  assert.equal(played[0], '2c22c3');
  assert.deepEqual(store.load().value.moves, played, 'each move is saved');
  assert.deepEqual(decodeHash(address.hash).value.moves, played, 'and written to the address');

  // a takeback: the last move goes, from the game, the store and the address
  assert.equal(ctl.undo(), 1);
  assert.deepEqual(ctl.model.coordinates(), played.slice(0, 2));
  assert.deepEqual(store.load().value.moves, played.slice(0, 2));
  assert.deepEqual(decodeHash(address.hash).value.moves, played.slice(0, 2));

  // a draw offered by the side to move and accepted by the other: the game is over
  assert.deepEqual(offerDraw(ctl), { value: undefined });
  assert.equal(ctl.offer.kind, 'offer');
  assert.deepEqual(offerDraw(ctl).error, 'A draw offer is already on the table.');
  assert.deepEqual(acceptDraw(ctl), { value: undefined });
  assert.equal(ctl.isOver(), true);
  assert.deepEqual(ctl.model.ending(), { state: 'draw-agreed', winner: null });
  assert.equal(store.load().value.ending.state, 'draw-agreed', 'the ending is saved');
  assert.equal(decodeHash(address.hash).value.ending.state, 'draw-agreed', 'and in the link');
  assert.match(ctl.mayMove().error, /The game is over/, 'no move after the game ended');
});

test('a link round trip: the game of one session opens in another', () => {
  const a = session(memoryStorage());
  a.ctl.setSettings({ mode: 'hotseat' });
  const moves = [playFirst(a.ctl), playFirst(a.ctl)];
  const url = a.opening.sendUrl();
  assert.ok(url.startsWith(BASE + '#'), url);

  const b = session(memoryStorage(), new URL(url).hash);
  assert.deepEqual(b.ctl.model.coordinates(), moves, 'the link opens the same game');
  assert.equal(b.ctl.model.startFen, a.ctl.model.startFen);
  assert.equal(b.opening.state.linkError, null);

  const bad = session(memoryStorage(), '#moves=2c22c9');
  assert.equal(bad.ctl.model.length, 0, 'a link that cannot be set up changes nothing');
  assert.match(bad.opening.state.linkError, /./, 'and says why');
});

test('reconciling a link with the saved game', () => {
  const storage = memoryStorage();
  const first = session(storage);
  first.ctl.setSettings({ mode: 'hotseat' });
  const moves = [playFirst(first.ctl), playFirst(first.ctl), playFirst(first.ctl)];
  const link = first.address.hash;

  // a reload with the game's own link: the saved game, unchanged
  const same = session(storage, link);
  assert.deepEqual(same.ctl.model.coordinates(), moves);
  assert.equal(same.ctl.settings.mode, 'hotseat', 'with its settings');

  // an old link of this game (an earlier point): the game stays, on view at that point
  const earlier = session(storage, new URL(linkFor({ moves: moves.slice(0, 1) }, BASE)).hash);
  assert.deepEqual(earlier.ctl.model.coordinates(), moves, 'the game is unchanged');
  assert.equal(earlier.ctl.viewPly, 1, 'on view at the link’s ply');
  assert.match(earlier.said.join(' '), /earlier point of the game on screen/);

  // another game's link: it opens, and the saved game is kept as the previous one
  const other = session(storage, new URL(linkFor({ moves: ['2c22c3'] }, BASE)).hash);
  assert.deepEqual(other.ctl.model.coordinates(), ['2c22c3']);
  assert.deepEqual(other.store.peekPrevious().moves, moves, 'the saved game is kept');
  other.opening.restorePrevious();
  assert.deepEqual(other.ctl.model.coordinates(), moves, 'and comes back');
  assert.deepEqual(other.store.peekPrevious().moves, ['2c22c3'], 'the linked game takes its place');
});
