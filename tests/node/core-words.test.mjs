// A move core refuses reaches the page as core's name of the reason and its arguments
// (core/result.h; wasm/post.js's Error.reason), which the page words from its catalogues
// (facts/terms.js coreRefusal, util/i18n.js reason). One fact across the C++/JS line:
// English's message (public/i18n/en.json "core.<key>") with core's arguments is core's own
// English message, for a refusal of every key; another language says it otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf, readCatalogue } from './helpers.mjs';
import { attempt } from '../../web/app/util/result.js';
import { reason } from '../../web/app/util/i18n.js';
import { coreRefusal } from '../../web/app/facts/terms.js';

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
];

test("English's words for a refused move are core's; German's are its own", async () => {
  const M = await loadEngine();
  const en = translatorOf('en'),
    de = translatorOf('de');
  const g = new M.Game();
  try {
    for (const [fen, move, key] of REFUSED) {
      g.setPosition(fen, []);
      const r = attempt(() => g.play(move));
      assert.ok(r.error && r.core, `${move}: refused with core's reason`);
      assert.equal(r.core.key, key, move);
      const said = coreRefusal(r);
      assert.equal(said.error, `core.${key}`, move);
      assert.equal(said.code, 'bad-move', move);
      assert.equal(reason(en, said), r.error, `${move}: English is core's message`);
      const german = reason(de, said);
      assert.notEqual(german, r.error, `${move}: German has its own words`);
      assert.ok(!/illegal move|cannot|Warrior|Gold's/.test(german), `${move}: "${german}" has no English`);
    }
    // a link's moves: refused by the move that is not legal there, in the reader's words
    const link = attempt(() => g.setPosition('', ['2c22c3', '2c22c5']));
    assert.equal(link.error, "move 2: illegal move '2c22c5': no piece on 2c2");
    assert.equal(reason(de, coreRefusal(link)), 'unzulässiger Zug „2c22c5“: auf 2c2 steht keine Figur');
  } finally {
    g.delete();
  }
});

test('every core.* message of the catalogue is a key core gives', () => {
  const keys = Object.keys(readCatalogue('en')).filter((k) => k.startsWith('core.'));
  assert.deepEqual(new Set(keys), new Set(REFUSED.map(([, , key]) => `core.${key}`)));
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
  const plain = { error: 'a sentence' };
  assert.equal(coreRefusal(plain), plain, 'a failure without core reason is passed on');
});
