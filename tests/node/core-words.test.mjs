// A move core refuses reaches the page as core's name of the reason and its arguments
// (core/result.h; wasm/post.js's Error.reason), which the page words from its catalogues
// (facts/terms.js coreRefusal, util/i18n.js reason). One fact across the C++/JS line:
// English's message (public/i18n/en.json "core.<key>") with core's arguments is core's own
// English message, for a refusal of every key; another language says it otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf, readCatalogue, START } from './helpers.mjs';
import { attempt } from '../../web/app/util/result.js';
import { reason } from '../../web/app/util/i18n.js';
import { coreRefusal } from '../../web/app/facts/terms.js';
import { parseSquare } from '../../web/app/facts/squares.js';

// [position ('' = the start), move text, the key core names]: one refusal of each key.
const FROZEN =
  '1R10/s3s1s1s1s1/1s2p7/8g3/3G8/1S9r/S3SgS1S1S1/6K3G1/o1htcmk1th1o/ww1wwwwwwwww/u1w8u/9H2/12/10W1/WWWWWWWWWW1W/OUHTCM2T1UO/2b1e7/1d1d1d1dd2d/12/9b2/12/12/1D2DD1D1D1D/2B5EPB1 g 6 22';
const IN_CHECK =
  '6g3g1/2s1s5s1/1s3s1s4/12/G11/1S5R4/1HS1S1S3S1/5C1r2G1/ou1tc1kmthuo/wwww1w1wwpww/4w4w2/6w5/12/4WP4W1/WWWW1WWWWW1W/OU1T2K1T1UO/2b3e3b1/d2d1d1d1d1d/12/3h8/12/9D2/1DBDDD2H2D/5ME3B1 g 6 27';
const REFUSED = [
  ['', '2c42c5', 'move.noPiece'],
  ['', '2c72c6', 'move.notYours'],
  [FROZEN, '2j52c3', 'move.frozen'],
  [IN_CHECK, '2b12c3', 'move.leavesCheck'],
  ['', '2c22c5', 'move.cannotGo'],
  ['', 'S3b3', 'move.ambiguous'],
  ['', 'U/2c1-2d3', 'move.notThatPiece'],
  ['', 'W2c2x2c3', 'move.nothingToCapture'],
  ['', 'W2c2xS2c7', 'move.notThere'],
  ['', 'W2c2-2c3(H)', 'move.noPromotion'],
  ['', 'W2c5', 'move.noneGoes'],
  ['', 'Wcc5M', 'move.noneGoes'],
  ['', '2c5', 'move.noPieceGoes'],
  ['', 'WxO', 'move.noneCaptures'],
  ['', ':O', 'move.noPieceCaptures'],
  ['', '', 'move.empty'],
  ['', 'W'.repeat(45), 'move.tooLong'],
  ['', '2c22c3(H)', 'move.notPromotion'],
  ['', 'Q2f3', 'move.notPieceLetter'],
  ['', 'WxQ2c3', 'move.notPieceLetter'],
];

// A position's refusals: [board squares {name: letter} or a position string, the key].
const board = (pieces) => {
  const b = Array(288).fill('.');
  for (const [name, letter] of Object.entries(pieces)) b[parseSquare(name)] = letter;
  return b.join('');
};
const KINGS = { '2a1': 'K', '2l8': 'k' };
// the start position with its first rank (level 3, rank 8) or its `field` changed
const startWith = (rank, fields = {}) => {
  const [placement, ...rest] = START.split(' ');
  const ranks = placement.split('/');
  if (rank !== null) ranks[0] = rank;
  const f = [ranks.join('/'), ...rest];
  for (const [i, v] of Object.entries(fields)) f[Number(i)] = v;
  return f.join(' ');
};
const BOARDS = [
  [{ '2l8': 'k' }, 'position.noKing'],
  [{ ...KINGS, '2b1': 'K' }, 'position.kings'],
  [{ ...KINGS, '2c4': 'R' }, 'position.wrongLevel'],
  [{ ...KINGS, '2c8': 'W' }, 'position.warriorLastRank'],
  [
    Object.fromEntries(
      [...Array(48)].map((_, i) => [`2${'abcdefghijkl'[i % 12]}${2 + Math.floor(i / 12)}`, 'W']),
    ),
    'position.tooManyPieces',
  ],
  [{ ...KINGS, '2c3': 'X' }, 'position.unknownLetterOn'],
  ['.'.repeat(10), 'position.boardSize'],
];
const STRINGS = [
  ['x'.repeat(2001), 'position.tooLong'],
  ['   ', 'position.empty'],
  [START.replace(' ', '  '), 'position.spaces'],
  ['not a position', 'position.fields'],
  ['12/12 g 0 1', 'position.ranks'],
  [startWith('0'), 'position.emptyCount'],
  [startWith('X11'), 'position.unknownLetter'],
  [startWith('12S'), 'position.tooManySquares'],
  [startWith('11'), 'position.tooFewSquares'],
  [startWith(null, { 1: 'x' }), 'position.sideToMove'],
  [startWith(null, { 2: '-1' }), 'position.quietMoves'],
  [startWith(null, { 3: '0' }), 'position.moveNumber'],
  [IN_CHECK.replace(' g ', ' s '), 'position.notToMoveInCheck'],
];
// Move text core cannot read: [move, the key, what it expected].
const UNREAD = [
  ['2c', 'move.unreadable', 'expected.pieceOrSquare'],
  ['tW2c5', 'move.unreadable', 'expected.squareAfterPiece'],
  ['Dr', 'move.unreadableEnd', 'expected.squareAfterPiece'],
  ['W4c3', 'move.unreadableSquare', 'expected.squareAfterPiece'],
  ['W/x', 'move.unreadable', 'expected.originAfterSlash'],
  ['W/2c2', 'move.unreadableEnd', 'expected.markAfterOrigin'],
  ['W2c2x', 'move.unreadableEnd', 'expected.squareOrTaken'],
  ['W2c2-', 'move.unreadableEnd', 'expected.squareAfterDash'],
  ['WxO/', 'move.unreadable', 'expected.squareAfterTaken'],
  ['W2c3z', 'move.unreadable', 'expected.end'],
];
// P1: a Griffon's straight step on the Ground (2g3-2g4) is Board Game Arena's only, the
// Oliphant's 2b6-2k6 passes over the square above a Basilisk (Gygax's only).
const P1 = '12/12/9M2/12/12/12/12/12/11k/12/1O8h1/12/6w5/6G5/12/K11/12/12/5b3b2/12/12/12/12/2B9 g 0 1';

/** Every key in a refusal from core, its own and those of the refusals among its args. */
const keysOf = ({ key, args }) => [
  key,
  ...Object.values(args).flatMap((v) => (v && typeof v === 'object' ? keysOf(v) : [])),
];

// Each refusal: core's English is English's words for it, German has its own.
function saysIt(r, what, en, de) {
  assert.ok(r.error && r.core, `${what}: refused with core's reason`);
  const said = coreRefusal(r);
  assert.equal(said.error, `core.${r.core.key}`, what);
  assert.equal(reason(en, said), r.error, `${what}: English is core's message`);
  const german = reason(de, said);
  assert.notEqual(german, r.error, `${what}: German has its own words`);
  assert.ok(
    !/illegal move|cannot|Warrior|Gold's|expected|position string|rules/.test(german),
    `${what}: "${german}" has no English`,
  );
  return said;
}

const GIVEN = new Set(); // the keys core gave in these tests

test("English's words for a refused move are core's; German's are its own", async () => {
  const M = await loadEngine();
  const en = translatorOf('en'),
    de = translatorOf('de');
  const g = new M.Game();
  try {
    for (const [fen, move, key] of REFUSED) {
      g.setPosition(fen, []);
      const r = attempt(() => g.play(move));
      assert.equal(r.core && r.core.key, key, move);
      assert.equal(saysIt(r, move, en, de).code, 'bad-move', move);
      keysOf(r.core).forEach((k) => GIVEN.add(k));
    }
    g.setPosition('', []);
    for (const [move, key, wanted] of UNREAD) {
      const r = attempt(() => g.play(move));
      assert.deepEqual(keysOf(r.core), [key, wanted], move);
      saysIt(r, move, en, de);
      keysOf(r.core).forEach((k) => GIVEN.add(k));
    }
    // a link's moves: refused by the move that is not legal there, numbered, in the reader's words
    const link = attempt(() => g.setPosition('', ['2c22c3', '2c22c5']));
    assert.equal(link.error, "move 2: illegal move '2c22c5': no piece on 2c2");
    assert.equal(
      reason(de, coreRefusal(link)),
      'Zug 2: unzulässiger Zug „2c22c5“: auf 2c2 steht keine Figur',
    );
    keysOf(link.core).forEach((k) => GIVEN.add(k));
  } finally {
    g.delete();
  }
});

test("a position core refuses, and a move only the other rule set allows, are said in the reader's words", async () => {
  const M = await loadEngine();
  const en = translatorOf('en'),
    de = translatorOf('de');
  const g = new M.Game();
  const said = (r, what) => {
    keysOf(r.core).forEach((k) => GIVEN.add(k));
    return saysIt(r, what, en, de);
  };
  try {
    for (const [pieces, key] of BOARDS) {
      const r = attempt(() =>
        M.positionFromBoard(typeof pieces === 'string' ? pieces : board(pieces), 'gold'),
      );
      assert.equal(r.core && r.core.key, key, key);
      assert.equal(said(r, key).code, 'bad-position');
    }
    for (const [fen, key] of STRINGS) {
      const r = attempt(() => g.setPosition(fen, []));
      assert.deepEqual(keysOf(r.core), ['game.badPosition', key], key);
      said(r, key);
    }
    const oliphant = attempt(() => M.positionFromBoard(board({ ...KINGS, '3c4': 'O' }), 'gold'));
    assert.equal(oliphant.error, 'Gold Oliphant on 3c4: the Oliphant can never stand on level 3');
    assert.equal(
      reason(translatorOf('fr'), coreRefusal(oliphant)),
      'Oliphant (Or) en 3c4 : cette pièce ne peut jamais se tenir au niveau 3',
    );
    // the other rule set's moves: each refusal names the rule set
    const pin = M.positionFromBoard(board({ ...KINGS, '2b2': 'C', '1c3': 'B', '2e5': 't' }), 'gold', 'gygax');
    for (const [fen, rules, move, key] of [
      [P1, 'gygax', '2g32g4', 'move.underGriffon'],
      [P1, 'bga', '2b62k6', 'move.underGaze'],
      [P1, 'bga', 'Mx1j6', 'move.underGaze'],
      [pin, 'gygax', '2b22b3', 'move.underLeavesCheck'],
    ]) {
      g.setPosition(fen, [], rules);
      const r = attempt(() => g.play(move));
      assert.equal(r.core && r.core.key, key, move);
      said(r, move);
    }
    // a game that cannot go on under the other rule set: the wrapper names the refusal inside
    g.setPosition(P1, ['2g32g4'], 'bga');
    const under = attempt(() => g.setRules('gygax'));
    assert.deepEqual(keysOf(under.core), ['game.notUnder', 'game.move', 'move.underGriffon']);
    assert.match(
      reason(de, said(under, 'setRules')),
      /^die Partie kann nach den Regeln von Gygax nicht gespielt werden: Zug 1: unzulässiger Zug „2g32g4“/,
    );
  } finally {
    g.delete();
  }
});

// A move after the end, and the end it names: [how the game ends, its state].
const WARRIORS = { ...KINGS, '2f3': 'W', '2f6': 'w' };
const BACK_AND_FORTH = ['2a12a2', '2l82l7', '2a22a1', '2l72l8'];

test("a move after the game's end says how it ended, in the reader's words", async () => {
  const M = await loadEngine();
  const en = translatorOf('en'),
    de = translatorOf('de');
  const g = new M.Game();
  const from = (pieces, side, moves = []) => g.setPosition(M.positionFromBoard(board(pieces), side), moves);
  const ENDS = [
    [() => from({ '2e3': 'K', '2e5': 'k', '1e5': 'B', '3a8': 's' }, 'gold', ['2e32e4']), 'checkmate'],
    [() => from({ '2a1': 'K', '2e5': 'k', '1e5': 'B' }, 'scarlet'), 'stalemate'],
    [() => from(WARRIORS, 'gold', [...BACK_AND_FORTH, ...BACK_AND_FORTH]), 'repetition'],
    [() => g.setPosition(startWith(null, { 2: '100' }), []), 'quiet-moves'],
    [() => from(KINGS, 'gold'), 'bare-kings'],
    [() => (g.setPosition('', []), g.resign('gold')), 'resignation'],
    [() => (g.setPosition('', []), g.agreeDraw()), 'draw-agreed'],
    [() => (g.setPosition('', []), g.flag()), 'timeout'],
    [() => (from({ ...KINGS, '2c3': 'W' }, 'gold'), g.flag()), 'timeout-draw'],
  ];
  try {
    for (const [end, state] of ENDS) {
      end();
      assert.equal(g.status().state, state);
      const r = attempt(() => g.play('2c22c3'));
      assert.equal(r.code, 'game-over', state);
      assert.deepEqual(keysOf(r.core), ['game.over', `status.${state}`]);
      saysIt(r, state, en, de);
      keysOf(r.core).forEach((k) => GIVEN.add(k));
    }
    assert.equal(
      reason(de, coreRefusal(attempt(() => g.play('2c22c3')))),
      'die Partie ist vorbei (die Zeit von Gold ist abgelaufen, Scharlach hat nur noch den König: Remis)',
    );
    // a link's moves past the end: numbered
    const link = attempt(() => g.setPosition(M.positionFromBoard(board(KINGS), 'gold'), ['2a12a2']));
    assert.deepEqual(keysOf(link.core), ['game.move', 'game.over', 'status.bare-kings']);
    saysIt(link, 'a move past the end', en, de);
    // the search of a finished game
    const s = new M.Search();
    try {
      s.setPosition(M.positionFromBoard(board(KINGS), 'gold'), 0, []);
      const r = attempt(() => s.start({ depth: 1 }, 1));
      assert.deepEqual(keysOf(r.core), ['game.over', 'status.bare-kings']);
      saysIt(r, 'a search after the end', en, de);
    } finally {
      s.delete();
    }
  } finally {
    g.delete();
  }
});

// Record texts core's reader refuses: [text, the keys of its refusal after the line's].
const RECORDS = [
  [new Uint8Array([0xff, 0xfe, 0x2a, 0]), ['record.utf16']],
  ['1. W2h3 % x', ['record.percent']],
  ['1. W2h3 $ 1-0', ['record.dollar']],
  ['1. W2h3 $300', ['record.glyph']],
  ['1. W2h3 }', ['record.unexpected']],
  ['1. W2h3 \u0001', ['record.control']],
  ['[ "x"]', ['record.tagName']],
  ['[Event x]', ['record.tagValue']],
  ['[Event "x\n', ['record.tagQuote']],
  ['[Event "x"\n', ['record.tagBracket']],
  ['1. W2h3 { open', ['record.comment']],
  ['W'.repeat(120), ['record.longWord']],
  ['1234567. W2h3', ['record.bigNumber']],
  ['   ', ['record.noGame']],
  ['[Event "a"]\n[Event "b"]\n*', ['record.tagTwice']],
  ['[Result "x"]\n*', ['record.resultTag']],
  ['[SetUp "2"]\n*', ['record.setUpTag']],
  ['[Variant "Chess"]\n*', ['record.variant']],
  ['[1x "a"]\n*', ['tag.name']],
  ['[Date "x"]\n*', ['tag.date']],
  ['[TimeControl "x"]\n*', ['tag.timeControl', 'timeControl.bad', 'timeControl.base']],
  ['!? 1. W2h3', ['record.glyphFirst']],
  ['2. W2h3', ['record.moveNumber']],
  ['1. W2c5', ['record.move', 'move.noneGoes']],
  ['[Result "1-0"]\n1. W2h3 0-1', ['record.resultNotTag']],
  ['[Termination "time forfeit"]\n1. W2h3 0-1', ['record.resultFlag', 'status.timeout']],
  ['[SetUp "1"]\n*', ['record.setUpNoFen']],
  ['[SetUp "0"]\n[FEN "x"]\n*', ['record.fenNoSetUp']],
  ['[FEN "x"]\n*', ['record.fen', 'game.badPosition', 'position.fields']],
  ['1. W2h3 { [%clk 0:01:00 }', ['record.clockBracket']],
  ['1. W2h3 { [%clk 1m] }', ['record.clockForm']],
  ['{ [%clk 0:01:00] } 1. W2h3', ['record.clockFirst']],
  ['1. W2h3 { [%clk 0:01:00] [%clk 0:01:00] }', ['record.clockTwice']],
];

test("a record core cannot read is said in the reader's words, with its line", async () => {
  const M = await loadEngine();
  const en = translatorOf('en'),
    de = translatorOf('de');
  const said = (r, what, keys) => {
    assert.deepEqual(keysOf(r.core), keys, what);
    keysOf(r.core).forEach((k) => GIVEN.add(k));
    return saysIt(r, what, en, de);
  };
  const kings = M.positionFromBoard(board(KINGS), 'gold');
  const over = `[SetUp "1"]\n[FEN "${kings}"]\n1-0`;
  for (const [text, keys] of [...RECORDS, [over, ['record.resultOver', 'status.bare-kings']]]) {
    const r = attempt(() => M.readRecord(text));
    assert.equal(r.code, 'bad-record', String(text));
    assert.ok(r.line >= 1 && r.core.args.line === String(r.line), String(text));
    said(r, String(text), ['record.line', ...keys]);
  }
  // a text of too many games, or too long: refused by the list
  const many = attempt(() => M.listRecords('*\n'.repeat(100001)));
  said(many, 'too many games', ['record.line', 'record.tooManyGames']);
  const long = attempt(() => M.listRecords(' '.repeat(M.MAX_RECORD_TEXT + 1)));
  said(long, 'too long', ['record.line', 'record.tooLong']);
  const none = attempt(() => M.readRecord('*', 2));
  said(none, 'no such game', ['record.noSuchGame']);
  const move = attempt(() => M.readRecord('[Event "x"]\n\n1. W2h3 w2h6 2. W2c5'));
  assert.equal(
    reason(de, coreRefusal(move)),
    'Zeile 3: Zug 2. „W2c5“: unzulässiger Zug „W2c5“: Krieger (Gold) kann nicht nach 2c5 ziehen',
  );
  // the tags a game is written with (Game.record), and a time control (the TimeControl tag's)
  const g = new M.Game();
  try {
    const roster = 6;
    const extra = Object.fromEntries([...Array(1000 - roster + 1)].map((_, i) => [`T${i}`, 'x']));
    for (const [tags, key] of [
      [{ Result: '1-0' }, 'tag.derived'],
      [{ Event: 'x'.repeat(1001) }, 'tag.tooLong'],
      [{ Event: 'a\nb' }, 'tag.control'],
      [extra, 'tag.tooMany'],
    ]) {
      const r = attempt(() => g.record({ tags }));
      assert.equal(r.code, 'bad-tag', key);
      said(r, key, [key]);
    }
    for (const [text, why] of [
      ['0/60', 'moves'],
      ['x', 'base'],
      ['60+x', 'inc'],
      ['864001', 'baseMax'],
      ['60+86401', 'incMax'],
      ['0', 'none'],
    ]) {
      const r = attempt(() => M.parseTimeControl(text));
      assert.equal(r.code, 'bad-clock', text);
      said(r, text, ['timeControl.bad', `timeControl.${why}`]);
    }
    const rules = attempt(() => g.setPosition('', [], 'chess'));
    assert.equal(rules.code, 'bad-argument');
    said(rules, 'chess', ['rules.unknown']);
  } finally {
    g.delete();
  }
});

test('every core.* message of the catalogue is a key core gives', () => {
  // move.underCannotGo: core's last word on a move only the other rule set allows (none
  // of today's differences reaches it); its words are checked by hand below.
  const keys = Object.keys(readCatalogue('en')).filter((k) => k.startsWith('core.'));
  assert.deepEqual(new Set(keys), new Set([...GIVEN, 'move.underCannotGo'].map((key) => `core.${key}`)));
});

test('a refused move says its piece and side in the terms, its options as a list', () => {
  const r = {
    error: "illegal move 'W2c5': no Gold Warrior can go to 2c5",
    code: 'bad-move',
    core: { key: 'move.noneGoes', args: { move: 'W2c5', side: 'scarlet', file: 'c', piece: 'W', to: '2c5' } },
  };
  const fr = translatorOf('fr');
  assert.equal(
    reason(fr, coreRefusal(r)),
    'coup illégal « W2c5 » : Guerrier (Écarlate) de la colonne c ne peut pas aller en 2c5',
  );
  const amb = coreRefusal({
    error: '',
    core: { key: 'move.ambiguous', args: { move: 'S3b3', options: 'a b c' } },
  });
  assert.equal(
    reason(translatorOf('en'), amb),
    "ambiguous move 'S3b3': it could be a, b, or c; name the origin square",
  );
  assert.equal(
    reason(translatorOf('de'), amb),
    'mehrdeutiger Zug „S3b3“: gemeint sein kann a, b oder c; bitte das Ausgangsfeld angeben',
  );
  // core/rule_set.cpp's last word on a move only the other rule set allows
  const cannot = coreRefusal({
    error: '',
    core: {
      key: 'move.underCannotGo',
      args: { move: 'O2k6', rules: 'bga', piece: 'O', from: '2b6', to: '2k6' },
    },
  });
  assert.equal(
    reason(translatorOf('en'), cannot),
    "illegal move 'O2k6': under Board Game Arena's rules the Oliphant on 2b6 cannot go to 2k6 (Gygax's rules allow it)",
  );
  assert.equal(
    reason(translatorOf('de'), cannot),
    'unzulässiger Zug „O2k6“: nach den Regeln von Board Game Arena kann Olifant auf 2b6 nicht nach 2k6 ziehen (nach den Regeln von Gygax ist der Zug erlaubt)',
  );
  const plain = { error: 'a sentence' };
  assert.equal(coreRefusal(plain), plain, 'a failure without core reason is passed on');
});
