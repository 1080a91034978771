// The session layer whole under Node (docs/architecture.md, "Folders"): the controller,
// the game model over the real rules engine (the wasm Node build), the store over a
// Storage in memory, which game is open (open-game.js) with an address bar in memory, the
// offers and the links, the analysis and its review (over an engine that answers at once)
// and the position editor. No browser, no DOM: what the page's ui/page/main.js hands the
// session (storage, the address bar, toasts), the test hands it here.
//   node --test tests/node/session.test.mjs   (after scripts/build-wasm)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { useFacts } from '../../web/app/facts/facts.js';
import { createGameModel } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import { createStore, cleanSettings, DEFAULT_SETTINGS } from '../../web/app/session/game/store.js';
import { offerDraw, acceptDraw, resign } from '../../web/app/session/game/offers.js';
import { createOpening } from '../../web/app/session/share/open-game.js';
import { recordText, openedGame } from '../../web/app/session/share/record.js';
import { createAnalysisCtrl } from '../../web/app/session/analysis/analysis-ctrl.js';
import { createEditor } from '../../web/app/session/analysis/editor.js';
import { decodeHash } from '../../web/app/session/share/links.js';
import { reason } from '../../web/app/util/i18n.js';
import { readLink, linkFor } from '../../web/app/ui/share/share.js';

const M = await loadEngine();
useFacts(M);
const BASE = 'https://example.org/dragonchess/';

// A Storage in memory (entries: what it holds at first, [key, value] pairs).
function memoryStorage(entries = []) {
  const m = new Map(entries);
  return {
    entries: () => m.entries(),
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
  };
}

// The analysis's engine, answering at once as the worker does (docs/worker-protocol.md):
// its lines are the position's first legal moves; its review finds the first move a
// blunder (Gold's chance 50% before it, 31% after), every other move even.
function instantEngine() {
  const legalAt = ({ fen, moves, rules }) => {
    const g = new M.Game();
    try {
      g.setPosition(fen, moves, rules);
      return g.legalMoves();
    } finally {
      g.delete();
    }
  };
  return {
    analyse(p, { multipv, onInfo }) {
      const lines = legalAt(p)
        .slice(0, multipv)
        .map((m) => ({ move: m, pv: [m], pvCoordinate: [m], score: 0 }));
      onInfo({ depth: 1, lines });
      return new Promise(() => {}); // an infinite analysis: it ends by stop()
    },
    async review({ fen, moves, rules }, { onProgress }) {
      const entries = [];
      for (let k = 0; k <= moves.length; k++) {
        const pos = { fen, moves: moves.slice(0, k), rules };
        const side = k % 2 ? 'scarlet' : 'gold';
        const best = legalAt(pos).find((m) => m !== moves[k]);
        const score = k === 0 ? 0 : side === 'gold' ? -400 : 400;
        entries.push({ ply: k, side, score, mate: null, best, bestAlgebraic: best, pv: [best] });
        onProgress({ entry: entries[k], done: k + 1, total: moves.length + 1 });
      }
      return { entries, stopped: false };
    },
    stop: async () => null,
  };
}

// A session as ui/page/main.js makes one, over a Storage and an address bar in memory (the
// address: the part after '#', as the page's location.hash), speaking the language `code`.
function session(storage, hash = '', code = 'en') {
  const address = { hash };
  const said = [];
  const t = translatorOf(code);
  const ctl = createController(createGameModel(M), cleanSettings({ ...DEFAULT_SETTINGS, mode: 'hotseat' }), {
    t,
  });
  const store = createStore(storage);
  const opening = createOpening(ctl, store, {
    toast: (text) => said.push(text),
    announce: () => {},
    download: () => {},
    t,
    address: {
      read: () => readLink(address.hash),
      write: (game) => (address.hash = new URL(linkFor(game, BASE)).hash),
      urlFor: (game) => linkFor(game, BASE),
    },
  });
  const modes = {
    redraw: () => {},
    take: () => {},
    release: () => {},
    toast: (text) => said.push(text),
    announce: () => {},
    t,
  };
  const analysis = createAnalysisCtrl(ctl, modes, { createEngine: instantEngine });
  const editor = createEditor(ctl, { ...modes, analysis }, M);
  opening.restore();
  return { ctl, store, opening, address, said, analysis, editor };
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
  assert.deepEqual(reason(ctl.t, offerDraw(ctl)), 'A draw offer is already on the table.');
  assert.deepEqual(acceptDraw(ctl), { value: undefined });
  assert.equal(ctl.isOver(), true);
  assert.deepEqual(ctl.model.ending(), { state: 'draw-agreed', winner: null });
  assert.equal(store.load().value.ending.state, 'draw-agreed', 'the ending is saved');
  assert.equal(decodeHash(address.hash).value.ending.state, 'draw-agreed', 'and in the link');
  assert.match(reason(ctl.t, ctl.mayMove()), /The game is over/, 'no move after the game ended');
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
  assert.ok(other.said.includes('Your previous game (3 plies) was kept.'), other.said.join(' | '));
  other.opening.restorePrevious();
  assert.deepEqual(other.ctl.model.coordinates(), moves, 'and comes back');
  assert.deepEqual(other.store.peekPrevious().moves, ['2c22c3'], 'the linked game takes its place');

  // the same news in the page's language
  const de = session(storage, new URL(linkFor({ moves: ['2e22e3'] }, BASE)).hash, 'de');
  assert.deepEqual(de.store.peekPrevious().moves, moves);
  assert.ok(de.said.includes('Deine vorige Partie (3 Halbzüge) wurde aufbewahrt.'), de.said.join(' | '));
  de.opening.restorePrevious();
  assert.ok(
    de.said.includes(
      'Deine vorige Partie ist zurück; die andere wurde aufbewahrt (Neue Partie → Vorige Partie wiederherstellen).',
    ),
    de.said.join(' | '),
  );
});

// --- a new game starts clean (issue 47) ---------------------------------------------------

// What the page would show of analysis, review and help on the game now on the page.
function leftovers({ ctl, analysis, opening }) {
  return {
    analysisOpen: analysis.on,
    previewed: !!analysis.state.preview, // an engine's line on the boards
    review: analysis.review.state.status,
    reviewedPlies: analysis.reviewedPlies(), // -1: no review of this game ("The review covers ...")
    arrows: analysis.arrows().length,
    marks: analysis.marks().size,
    help: ctl.assists.length,
    helpInRecord: /used (the analysis|a hint)/.test(recordText(ctl)),
    helpInLink: /[&#]help=/.test(opening.sendUrl() || ''),
  };
}
const CLEAN = {
  analysisOpen: false,
  previewed: false,
  review: 'idle',
  reviewedPlies: -1,
  arrows: 0,
  marks: 0,
  help: 0,
  helpInRecord: false,
  helpInLink: false,
};
const settle = () => new Promise((resolve) => setImmediate(resolve)); // the review's answer

// As the issue found it: a game against the computer, resigned and reviewed; the analysis
// open, its arrows and the review's judgement on show.
async function reviewedGame(s) {
  s.ctl.newGame({ mode: 'ai', human: 'gold' });
  for (let i = 0; i < 4; i++) playFirst(s.ctl);
  assert.deepEqual(resign(s.ctl), { value: undefined });
  s.analysis.startReview();
  await settle();
  const shown = leftovers(s);
  assert.equal(shown.analysisOpen, true, 'the review opened the analysis');
  assert.equal(shown.review, 'done');
  assert.equal(shown.reviewedPlies, 4);
  assert.equal(shown.marks, 1, "the review's blunder marked");
  assert.ok(shown.arrows > 0, 'the engine’s arrows on the board');
  s.analysis.chooseLine(0, 1);
  assert.equal(leftovers(s).previewed, true, 'a line of the engine previewed');
}

// Each way a new game starts, as the page starts it: [its name, the way (the session)].
const WAYS = [
  ['new game', (s) => s.ctl.newGame({ mode: 'hotseat' })],
  ['rematch', (s) => s.ctl.rematch()],
  ['play by link', (s) => s.opening.onLink(readLink('#moves=2c22c3&play=link&to=s'))],
  ['a file', (s, file) => s.opening.openGame(file, file.what)],
  [
    'the editor',
    (s) => {
      s.editor.open();
      return s.editor.act('hotseat');
    },
  ],
];

test('every way a new game starts, it starts clean: no analysis, review or help of the game before', async () => {
  const s = session(memoryStorage());
  // the record of a game between two people, to open as a file
  s.ctl.newGame({ mode: 'hotseat' });
  playFirst(s.ctl);
  playFirst(s.ctl);
  const file = openedGame(M, M.readRecord(recordText(s.ctl)), translatorOf('en'));
  // a game between two people on this device, its analysis used: noted in it
  s.ctl.newGame({ mode: 'hotseat' });
  playFirst(s.ctl);
  s.analysis.setOn(true);
  assert.deepEqual(s.ctl.assists, [{ ply: 1, side: 'scarlet', kind: 'analysis' }]);
  assert.match(recordText(s.ctl), /Scarlet used the analysis/);

  for (const [name, start] of WAYS) {
    await reviewedGame(s);
    const before = s.ctl.model.coordinates();
    await start(s, file);
    assert.notDeepEqual(s.ctl.model.coordinates(), before, `${name}: another game`);
    assert.ok(s.ctl.peopleGame() || s.ctl.settings.mode === 'ai', name);
    assert.deepEqual(leftovers(s), CLEAN, name);
    // and it stays clean as it is played: nothing of the game before noted with its moves
    if (!s.ctl.isOver() && s.ctl.humanPlays(s.ctl.sideToMove())) playFirst(s.ctl);
    assert.deepEqual(leftovers(s), CLEAN, `${name}, a move later`);
  }
});

test('help is noted in the game it was used in, and only there', async () => {
  const has = (ctl, ply, side) => ctl.assists.some((a) => a.ply === ply && a.side === side);
  // play by link: Gold moves and sends the link, then looks at the analysis while waiting
  const goldStorage = memoryStorage();
  const gold = session(goldStorage);
  gold.ctl.newGame({ mode: 'link', human: 'gold' });
  playFirst(gold.ctl);
  const toScarlet = new URL(gold.opening.sendUrl()).hash;
  gold.analysis.setOn(true);
  assert.deepEqual(gold.ctl.assists, [{ ply: 1, side: 'gold', kind: 'analysis' }]);

  // Scarlet opens the link, uses the analysis before answering: the answer's link says so
  const scarlet = session(memoryStorage(), toScarlet);
  assert.equal(scarlet.ctl.humanSide(), 'scarlet');
  assert.deepEqual(scarlet.ctl.assists, [], 'Gold’s help came after the link was sent');
  scarlet.analysis.setOn(true);
  scarlet.analysis.setOn(false);
  playFirst(scarlet.ctl);
  const toGold = new URL(scarlet.opening.sendUrl()).hash;
  assert.match(toGold, /[&#]help=/, 'the link tells the opponent');

  // Gold opens the answer in a new page (the saved game and the link): the help noted in
  // the game is all there, Gold's own and Scarlet's
  const reopened = session(memoryStorage([...goldStorage.entries()]), toGold);
  assert.equal(reopened.ctl.model.length, 2, 'the answer played');
  assert.ok(has(reopened.ctl, 1, 'scarlet'), 'Scarlet’s help, from the link');
  assert.ok(has(reopened.ctl, 1, 'gold'), 'Gold’s help while waiting, from the saved game');
  // or in the page where it waited: the same game goes on, the analysis open for it stays
  gold.opening.onLink(readLink(toGold));
  assert.equal(gold.ctl.model.length, 2, 'the answer played');
  assert.equal(gold.analysis.on, true, 'a link continuing the game keeps the analysis open');
  assert.ok(has(gold.ctl, 1, 'scarlet'), 'Scarlet’s help, from the link');
  assert.ok(has(gold.ctl, 1, 'gold'), 'Gold’s help while waiting, not lost to the answer');
  assert.match(recordText(gold.ctl), /Gold used the analysis/);

  // the next game (a rematch) has none of it; help used in it is noted in it
  gold.ctl.rematch();
  assert.deepEqual(leftovers(gold), CLEAN, 'the next game');
  gold.analysis.setOn(true);
  assert.deepEqual(gold.ctl.assists, [{ ply: 0, side: 'scarlet', kind: 'analysis' }]);
  assert.match(recordText(gold.ctl), /Scarlet used the analysis/);

  // a link of another game, whose moves go on from those of the game on the page (none yet),
  // played another way or the same: none of that game's help comes with it, in the page or
  // in a new one over the saved game
  for (const hash of ['#moves=2c22c3&vs=computer&to=s', '#moves=2c22c3&play=link&to=s']) {
    const storage = memoryStorage();
    const t = session(storage);
    t.ctl.newGame({ mode: 'hotseat' });
    t.analysis.setOn(true);
    assert.equal(t.ctl.assists.length, 1, 'help noted in the game on the page');
    const fresh = session(memoryStorage([...storage.entries()]), hash);
    assert.deepEqual(leftovers(fresh), CLEAN, `${hash}, a new page`);
    t.opening.onLink(readLink(hash));
    assert.deepEqual(leftovers(t), CLEAN, `${hash}, the page`);
  }
});
