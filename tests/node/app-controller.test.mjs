// The page's game controller (web/app/session/game/controller.js) under Node, over the real rules
// engine (the wasm Node build) and fake players: no browser, no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { reason, liveTranslator } from '../../web/app/util/i18n.js';
import { createGameModel, START } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import { parseSquare as squareIndex } from '../../web/app/facts/squares.js';
import { playersFor, human, computer, remote } from '../../web/app/session/game/players.js';

const M = await loadEngine();
const en = translatorOf('en');
const fr = translatorOf('fr');
const settings = (o = {}) => ({ mode: 'ai', human: 'gold', level: 3, flipped: false, ...o });

// A controller with every event recorded.
function make(s = settings()) {
  const ctl = createController(createGameModel(M), s, { t: translatorOf('en') });
  const events = [];
  for (const e of ['interrupt', 'turn', 'moved', 'record', 'change', 'announce', 'over'])
    ctl.on(e, (a) => events.push([e, a]));
  return { ctl, events, names: () => events.map((e) => e[0]) };
}

// A fake computer: answers every 'turn' where a computer is to move with the first legal
// move (the engine's list), as ai.js does with the worker's answer.
function fakeComputer(ctl) {
  let moves = 0;
  ctl.on('turn', () => {
    if (!ctl.computerToMove()) return;
    const legal = ctl.model.game.legalMoves();
    moves++;
    assert.deepEqual(ctl.play(legal[0]), { value: undefined });
  });
  return () => moves;
}

test('players: each mode is two player objects; a bad mode is refused by name', () => {
  assert.deepEqual(playersFor(settings()), { gold: human(), scarlet: computer(3) });
  assert.deepEqual(playersFor(settings({ mode: 'link', human: 'scarlet' })), {
    scarlet: human(),
    gold: remote(),
  });
  assert.deepEqual(playersFor(settings({ mode: 'watch', level: 7 })), {
    gold: computer(7),
    scarlet: computer(7),
  });
  assert.deepEqual(playersFor(settings({ mode: 'hotseat' })), { gold: human(), scarlet: human() });
  assert.throws(() => playersFor(settings({ mode: 'chess' })), /unknown game mode 'chess'/);
});

test('select and click: destinations from the engine, a click on one plays it', () => {
  const { ctl, names } = make(settings({ mode: 'hotseat' }));
  assert.equal(ctl.select('2c2'), true);
  assert.deepEqual(
    ctl.dests.map((d) => d.to),
    ctl.model.destinations('2c2').map((d) => d.to),
  );
  assert.ok(ctl.dests.some((d) => d.to === '2c3'));
  assert.deepEqual(ctl.click('2c3'), { value: undefined });
  assert.deepEqual(ctl.model.coordinates(), ['2c22c3']);
  assert.equal(ctl.selected, null);
  assert.equal(ctl.sideToMove(), 'scarlet');
  assert.ok(names().includes('moved') && names().includes('record') && names().includes('announce'));
  assert.match(ctl.statusLine().sub, /Gold played 1\. /);
});

test('a piece that may not move gets a reason and no destinations', () => {
  const { ctl } = make();
  assert.equal(ctl.select('2c7'), false); // Scarlet Warrior: the computer's
  assert.match(ctl.note.text, /That is the computer's Warrior: you play Gold/);
  assert.equal(ctl.select('2a1'), false); // the Oliphant, boxed in at the start (selected, no destinations)
  assert.equal(ctl.note.text, 'Your Oliphant on 2a1 has no legal move.');
  assert.deepEqual(ctl.dests, []);
  // in the reader's language: the same reasons, German's words and terms
  const de = createController(createGameModel(M), settings(), { t: translatorOf('de') });
  de.select('2c7');
  assert.equal(de.note.text, 'Das ist eine Figur des Computers (Krieger): Du spielst Gold.');
  de.select('2a1');
  assert.equal(de.note.text, 'Deine Figur auf 2a1 (Olifant) hat keinen legalen Zug.');
  // a note on show is said again in the language the page's live translator changes to,
  // the piece's and the side's names too
  const live = liveTranslator(translatorOf('en'));
  const again = createController(createGameModel(M), settings(), { t: live.t });
  again.select('2c7');
  const note = again.note;
  assert.match(note.text, /computer's Warrior: you play Gold/);
  live.set(translatorOf('fr'));
  assert.equal(note.text, fr('note.computersPiece', { piece: fr('piece.W'), side: fr('side.gold') }));
  const link = make(settings({ mode: 'link' })).ctl;
  assert.equal(link.select('2c7'), false);
  assert.match(link.note.text, /your opponent's Warrior/);
  const watch = make(settings({ mode: 'watch' })).ctl;
  assert.equal(watch.select('2c2'), false);
  assert.match(watch.note.text, /watching/);
});

test("an illegal move is refused with the engine's reason and changes nothing", () => {
  const { ctl, names } = make(settings({ mode: 'hotseat' }));
  const r = ctl.play('2c22c5');
  assert.match(reason(en, r), /illegal|not a legal|cannot/i);
  assert.equal(ctl.model.length, 0);
  assert.deepEqual(names(), []);
  assert.match(reason(en, ctl.playTyped('')), /Type a move/);
  assert.deepEqual(ctl.playTyped('W2c3'), { value: undefined });
  assert.equal(ctl.model.length, 1);
});

test('against the computer: it answers every move; undo takes back both, redo puts both back', () => {
  const { ctl } = make();
  const answered = fakeComputer(ctl);
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined });
  assert.equal(answered(), 1);
  assert.equal(ctl.model.length, 2);
  assert.equal(ctl.sideToMove(), 'gold');
  assert.match(ctl.statusLine().text, /Your turn \(Gold\)/);
  assert.match(ctl.statusLine().sub, /^Computer played 1… /);
  assert.equal(ctl.undoCount(), 2);
  assert.equal(ctl.undo(), 2);
  assert.equal(ctl.model.length, 0);
  assert.equal(ctl.redoCount(), 2);
  assert.equal(ctl.redo(), 2);
  assert.equal(ctl.model.length, 2);
  assert.equal(answered(), 1, 'redo does not make the computer move again');
});

test('by link: only your own move can be taken back, before the answer', () => {
  const { ctl } = make(settings({ mode: 'link' }));
  assert.equal(ctl.undoCount(), 0);
  ctl.play('2c22c3');
  assert.equal(ctl.statusLine().text, "Waiting for your opponent's move");
  assert.equal(ctl.undoCount(), 1);
  assert.match(reason(en, ctl.mayMove()), /Waiting for your opponent/);
  ctl.reset({ settings: ctl.settings, startFen: START, moves: ['2c22c3', '2c72c6'] });
  assert.equal(ctl.undoCount(), 0, 'the opponent has answered');
});

test('AI vs AI: the computer plays both sides; undo pauses it; pause stops and resumes', () => {
  const { ctl } = make(settings({ mode: 'watch' }));
  let turns = 0;
  ctl.on('turn', () => {
    if (ctl.computerToMove() && turns < 4) {
      turns++;
      ctl.play(ctl.model.game.legalMoves()[0]);
    }
  });
  ctl.reset({ settings: ctl.settings });
  assert.equal(ctl.model.length, 4);
  ctl.undo();
  assert.equal(ctl.paused, true);
  assert.equal(ctl.computerToMove(), false);
  assert.match(ctl.statusLine().text, /paused/);
  turns = 3;
  ctl.togglePause();
  assert.equal(ctl.paused, false);
  assert.equal(ctl.model.length, 4);
});

test("reset is all or nothing: a bad game is refused with the engine's reason and leaves the game as it was", () => {
  const { ctl, names } = make(settings({ mode: 'hotseat' }));
  ctl.play('2c22c3');
  ctl.select('2d7');
  const before = ctl.model.coordinates();
  const n = names().length;
  const refused = ctl.reset({ settings: settings({ mode: 'ai' }), moves: ['2c22c3', '2c22c4'] });
  // core's reason, for the page to word, with the number of the move it refused
  assert.equal(refused.error, 'core.game.move');
  assert.equal(refused.args?.number, '2');
  assert.equal(refused.args?.reason.error, 'core.move.noPiece');
  assert.equal(refused.args?.reason.args.move, '2c22c4');
  assert.equal(reason(en, refused), "move 2: illegal move '2c22c4': no piece on 2c2");
  assert.equal(
    reason(translatorOf('de'), refused),
    'Zug 2: unzulässiger Zug „2c22c4“: auf 2c2 steht keine Figur',
  );
  assert.deepEqual(ctl.model.coordinates(), before);
  assert.equal(ctl.settings.mode, 'hotseat');
  // a flag said to fall for the side not to move: refused with both sides named in the terms
  const flag = ctl.reset({
    settings: settings({ mode: 'hotseat' }),
    moves: ['2c22c3'],
    ending: { state: 'timeout', winner: 'scarlet', flagged: 'gold' },
  });
  assert.equal(
    reason(fr, flag),
    fr('open.bad.flagTurn', { flagged: fr('side.gold'), side: fr('side.scarlet') }),
  );
  assert.deepEqual(ctl.model.coordinates(), before);
  assert.throws(() => ctl.reset({ settings: settings({ mode: 'nope' }) }), /unknown game mode/);
  assert.equal(ctl.settings.mode, 'hotseat');
  assert.deepEqual(
    names()
      .slice(n)
      .filter((e) => e !== 'interrupt'),
    [],
  );
  ctl.reset({ settings: settings({ mode: 'ai' }), moves: ['2c22c3'] });
  assert.equal(ctl.selected, null);
  assert.equal(ctl.viewPly, 1);
  assert.equal(ctl.humanSide(), 'gold');
});

test('browsing: goTo shows earlier positions, a click goes back to the live one', () => {
  const { ctl } = make(settings({ mode: 'hotseat' }));
  ctl.reset({ settings: ctl.settings, moves: ['2c22c3', '2c72c6', '2d22d3'] });
  ctl.goTo(1);
  assert.equal(ctl.isLive(), false);
  assert.equal(ctl.shown().fen, ctl.model.snap(1).fen);
  assert.match(ctl.statusLine().sub, /Viewing move 1 of 3/);
  assert.equal(ctl.select('2e7') && ctl.isLive(), false);
  ctl.click('2e7');
  assert.equal(ctl.isLive(), true);
  ctl.goTo(-5);
  assert.equal(ctl.viewPly, 0);
});

test('the board config: last move, selection and a hint arrow as square numbers', () => {
  const { ctl } = make(settings({ mode: 'hotseat' }));
  ctl.play('2c22c3');
  assert.deepEqual(ctl.boardConfig().lastMove, [squareIndex('2c2'), squareIndex('2c3')]);
  ctl.select('2c7');
  assert.equal(ctl.boardConfig().selected, squareIndex('2c7'));
  assert.ok(ctl.boardConfig().dests.get(squareIndex('2c7')).includes(squareIndex('2c6')));
  ctl.deselect();
  ctl.setHint({ best: '2d72d6', bestAlgebraic: 'W2d6' }, ctl.model.length);
  assert.deepEqual(
    ctl.boardConfig().arrows.map((x) => [x.from, x.to]),
    [[squareIndex('2d7'), squareIndex('2d6')]],
  );
});

// Counts the engine's legal-move generations of a model's game (Game.legalMovesDetailed,
// what model.dests() asks the engine for) from now on: .n
function generations(model) {
  const g = model.game,
    ask = g.legalMovesDetailed,
    count = { n: 0 };
  g.legalMovesDetailed = (...a) => {
    count.n++;
    return ask.apply(g, a);
  };
  return count;
}

test('one legal-move generation per position, however many pieces are clicked', () => {
  const { ctl } = make(settings({ mode: 'hotseat' }));
  const m = ctl.model;
  const gen = generations(m);
  for (const sq of ['2c2', '2d2', '2a1', '3c1', '2f1', '1c1', '2c2']) ctl.click(sq);
  assert.equal(gen.n, 1);
  // the same destinations as the engine's per-square query, in the same order
  for (const sq of ['2c2', '3c1', '2f1', '1c1', '2a1']) {
    assert.deepEqual(m.destinations(sq), m.game.destinations(sq));
  }
  assert.equal(ctl.selected, '2c2');
  ctl.click('2c3'); // plays
  assert.equal(m.length, 1);
  ctl.click('2c7');
  ctl.click('2d7');
  assert.equal(gen.n, 2, 'one more for the new position');
  ctl.undo();
  ctl.click('2c2');
  assert.equal(gen.n, 3, 'and one after the undo');
});

test('players are named from their kinds (the top bar and beside the boards)', async () => {
  const { playerLabel, matchupHtml } = await import('../../web/app/session/game/players.js');
  const ai = playersFor(settings({ human: 'scarlet', level: 4 }));
  assert.deepEqual(playerLabel(en, ai, 'scarlet'), { name: 'You', sub: 'Scarlet' });
  assert.deepEqual(playerLabel(en, ai, 'gold'), { name: 'Computer', sub: 'Gold · strength 4' });
  assert.equal(matchupHtml(en, ai), '<b>You</b> (Scarlet) vs <b>Computer</b> · strength 4');
  assert.equal(
    matchupHtml(en, playersFor(settings({ mode: 'watch', level: 2 }))),
    '<b>Computer</b> vs <b>Computer</b> · strength 2',
  );
  assert.equal(
    matchupHtml(en, playersFor(settings({ mode: 'link' }))),
    '<b>You</b> (Gold) vs <b>Opponent</b> · play by link',
  );
  assert.equal(
    matchupHtml(en, playersFor(settings({ mode: 'hotseat' }))),
    '<b>Gold</b> vs <b>Scarlet</b> · two players on this device',
  );
  assert.deepEqual(playerLabel(en, playersFor(settings({ mode: 'link' })), 'scarlet'), {
    name: 'Opponent',
    sub: 'Scarlet · plays by link',
  });
  // the game summary: the computer's setting is its strength
  const { opponentText } = await import('../../web/app/session/game/players.js');
  assert.equal(opponentText(en, ai, 4), 'Computer, strength 4');
  assert.equal(
    opponentText(en, playersFor(settings({ mode: 'watch', level: 2 })), 2),
    'AI vs AI, strength 2',
  );
  // in German: the players' words and the sides' names are the catalogue's
  const de = translatorOf('de');
  assert.equal(matchupHtml(de, ai), '<b>Du</b> (Scharlach) gegen <b>Computer</b> · Spielstärke 4');
  assert.deepEqual(playerLabel(de, ai, 'gold'), { name: 'Computer', sub: 'Gold · Spielstärke 4' });
  assert.equal(opponentText(de, ai, 4), 'Computer, Spielstärke 4');
  // a name is escaped, the message's words are not marked up
  const named = playersFor(settings({ mode: 'hotseat' }), { gold: '<Ann>' });
  assert.equal(matchupHtml(en, named), '<b>&lt;Ann&gt;</b> vs <b>Scarlet</b> · two players on this device');
});

test("the board component's config: integers, dests from one generation, null when nobody here moves", async () => {
  const { ctl } = make();
  const gen = generations(ctl.model),
    g0 = gen.n;
  const c = ctl.boardConfig();
  assert.equal(c.pieces.length, 288);
  assert.equal(c.orientation, 'gold');
  assert.equal(c.lastMove, null);
  const from = squareIndex('2c2');
  assert.deepEqual(
    c.dests.get(from),
    ctl.model.game.destinations('2c2').map((d) => squareIndex(d.to)),
  );
  assert.equal([...c.dests.values()].flat().length, ctl.model.game.legalMoves().length);
  ctl.click('2d2');
  ctl.boardConfig();
  assert.equal(gen.n - g0, 1);
  // a move from the board: squares in, the game moves on; then the computer is to move
  assert.match(reason(en, ctl.playSquares(from, squareIndex('2c6'))), /not a legal move/);
  assert.deepEqual(ctl.playSquares(from, squareIndex('2c3')), { value: undefined });
  const after = ctl.boardConfig();
  assert.deepEqual(after.lastMove, [from, squareIndex('2c3')]);
  assert.equal(
    [...after.dests.values()].flat().length,
    ctl.model.game.premoves().length,
    'the computer is to move: only moves to queue (premoves)',
  );
  assert.equal(after.dests.has(squareIndex('2c7')), false, "none of the computer's pieces");
  ctl.goTo(0);
  assert.equal(ctl.boardConfig().dests, null, 'browsing: nothing to drag');
});

test('premoves: queued while the other side thinks, played when the turn comes if legal, dropped with a word if not', async () => {
  const { ctl } = make(settings({ mode: 'link', human: 'gold' }));
  ctl.reset({ settings: ctl.settings });
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined });
  assert.equal(ctl.canPremove(), true);
  assert.equal(ctl.select('2d2'), true, 'your own piece, while the opponent is to move');
  assert.ok(ctl.dests.some((d) => d.to === '2d3'));
  assert.equal(ctl.boardConfig().dests.get(squareIndex('2d2')).includes(squareIndex('2d3')), true);
  assert.deepEqual(ctl.playSquares(squareIndex('2d2'), squareIndex('2d3')), { value: undefined });
  assert.deepEqual(ctl.boardConfig().premove, [squareIndex('2d2'), squareIndex('2d3')]);
  assert.deepEqual(ctl.model.coordinates(), ['2c22c3'], 'queued, not played');
  assert.deepEqual(ctl.play('2c72c6'), { value: undefined }); // the opponent's answer
  await Promise.resolve();
  assert.deepEqual(ctl.model.coordinates(), ['2c22c3', '2c72c6', '2d22d3'], 'played at once');
  // one that the answer makes illegal: dropped, said
  assert.deepEqual(ctl.playSquares(squareIndex('2d3'), squareIndex('2d4')), { value: undefined });
  assert.deepEqual(ctl.play('2d72d6'), { value: undefined });
  await Promise.resolve();
  assert.deepEqual(ctl.model.coordinates(), ['2c22c3', '2c72c6', '2d22d3', '2d72d6', '2d32d4']);
  assert.deepEqual(ctl.playSquares(squareIndex('2d4'), squareIndex('2d5')), { value: undefined });
  assert.deepEqual(ctl.play('2d62d5'), { value: undefined }); // onto the queued move's square
  await Promise.resolve();
  assert.equal(ctl.model.length, 6);
  assert.match(ctl.note.text, /premove W2d5 was dropped: .*/i);
  // cancelled
  assert.deepEqual(ctl.play('2e22e3'), { value: undefined });
  assert.deepEqual(ctl.playSquares(squareIndex('2e3'), squareIndex('2e4')), { value: undefined });
  assert.equal(ctl.cancelPremove(), true);
  assert.equal(ctl.premove, null);
  assert.equal(ctl.cancelPremove(), false);
});

test('check: the pieces giving it on the board and in the words, across levels', () => {
  const { ctl } = make(settings({ mode: 'hotseat' }));
  const fen = '12/12/12/12/12/12/12/12/k4o6/12/5g6/12/5K6/12/12/12/12/12/12/12/12/12/12/12 s 0 1';
  ctl.reset({ settings: ctl.settings, startFen: fen, moves: ['2f63e5'] });
  const c = ctl.boardConfig();
  assert.equal(c.check, squareIndex('2f4'));
  assert.deepEqual(c.checkers, [squareIndex('2f8'), squareIndex('3e5')]);
  assert.match(
    ctl.statusLine().sub,
    /Gold's King on 2f4 is attacked by the Scarlet Oliphant on 2f8 and the Scarlet Griffon on 3e5 \(Sky, level 3\)/,
  );
  assert.match(
    ctl.lastMoveWords(),
    /check by the Scarlet Oliphant on 2f8 and the Scarlet Griffon on 3e5 \(Sky, level 3\)/,
  );
});

test("a record's players: the way it was played and the people's names, from its tags", async () => {
  const {
    recordedWay,
    recordedNames,
    computerTag,
    playerLabel: label,
  } = await import('../../web/app/session/game/players.js');
  assert.deepEqual(recordedWay({ Gold: 'Ann', Scarlet: computerTag(3) }), {
    mode: 'ai',
    human: 'gold',
    level: 3,
  });
  assert.deepEqual(recordedWay({ Gold: computerTag(7), Scarlet: '?' }), {
    mode: 'ai',
    human: 'scarlet',
    level: 7,
  });
  assert.deepEqual(recordedWay({ Gold: computerTag(2), Scarlet: computerTag(2) }), {
    mode: 'watch',
    level: 2,
  });
  assert.deepEqual(recordedWay({ Gold: 'Ann', Scarlet: 'Bo' }), { mode: 'hotseat' });
  assert.deepEqual(recordedWay({}), { mode: 'hotseat' });
  assert.deepEqual(recordedNames({ Gold: 'Ann', Scarlet: computerTag(3) }), { gold: 'Ann' });
  assert.deepEqual(recordedNames({ Gold: '?', Scarlet: 'Opponent (by link)' }), {});
  const { ctl } = make(settings({ mode: 'hotseat' }));
  ctl.reset({
    settings: ctl.settings,
    meta: { tags: { Gold: 'Ann', Scarlet: 'Bo' }, comments: [], glyphs: [], moves: [] },
  });
  assert.deepEqual(label(en, ctl.players, 'gold'), { name: 'Ann', sub: 'Gold · on this device' });
  assert.deepEqual(label(en, ctl.players, 'scarlet'), { name: 'Bo', sub: 'Scarlet · on this device' });
});
