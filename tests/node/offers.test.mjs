// Resignation, draw offers and game records on the page, under Node over the real rules
// engine: who may resign or offer in each mode, what becomes of an offer when moves are
// played, the computer's answer (core's rule through the facade), the controller's end()
// and what a reload keeps, the links' resign=/draw= parameters (old links unchanged),
// and the record texts the page writes and reads (record-io.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './helpers.mjs';
import { GameModel } from '../../web/app/game/model.js';
import { Controller } from '../../web/app/game/controller.js';
import * as offers from '../../web/app/game/offers.js';
import { encodeGame, decodeHash } from '../../web/app/share/links.js';
import { recordTags, recordText, recordNotes, fileName, gameLine, readGame } from '../../web/app/share/record-io.js';

const M = await loadEngine();
const make = (o = {}) => {
  const ctl = new Controller(new GameModel(M), { mode: 'ai', human: 'gold', level: 3, flipped: false, ...o });
  const said = [];
  ctl.on('announce', (t) => said.push(t));
  ctl.reset({ settings: ctl.settings });
  return { ctl, said };
};

test('an offer goes with its side\'s moves; moving on declines it; a decline is seen once', () => {
  const g = { kind: 'offer', by: 'gold' };
  assert.deepEqual(offers.offerAfterMove(g, 'gold'), g);
  assert.deepEqual(offers.offerAfterMove(g, 'scarlet'), { kind: 'declined', by: 'scarlet' });
  const d = { kind: 'declined', by: 'scarlet' };
  assert.deepEqual(offers.offerAfterMove(d, 'scarlet'), d);
  assert.equal(offers.offerAfterMove(d, 'gold'), null);
  assert.equal(offers.offerAfterMove(null, 'gold'), null);
});

test('who may resign or offer: the person\'s side, the side to move on one device, nobody when the computer plays both', () => {
  const { ctl } = make({ mode: 'watch' });
  assert.equal(offers.actingSide(ctl), null);
  assert.deepEqual(offers.offersState(ctl), { canResign: false, canOffer: false, prompt: null, note: '' });
  assert.match(offers.resign(ctl).error, /computer plays both/);

  const hs = make({ mode: 'hotseat' }).ctl;
  assert.equal(offers.actingSide(hs), 'gold');
  assert.deepEqual(hs.play('2c22c3'), {});
  assert.equal(offers.actingSide(hs), 'scarlet');
  assert.deepEqual(offers.offerDraw(hs), {});
  assert.deepEqual(offers.offersState(hs).prompt, { text: 'Scarlet offers a draw.', answerer: 'gold' });
  assert.match(offers.offerDraw(hs).error, /already on the table/);
  assert.deepEqual(offers.declineDraw(hs), {});
  assert.equal(offers.offersState(hs).note, 'Gold declined the draw offer.');
  assert.deepEqual(offers.offerDraw(hs), {});
  assert.deepEqual(offers.acceptDraw(hs), {});
  assert.equal(hs.model.status().state, 'draw-agreed');
  assert.match(offers.acceptDraw(hs).error, /no draw offer/);
  assert.deepEqual(offers.offersState(hs), { canResign: false, canOffer: false, prompt: null, note: '' });

  const link = make({ mode: 'link', human: 'scarlet' }).ctl;
  assert.equal(offers.actingSide(link), 'scarlet', 'by link: this device\'s side, whoever is to move');
  assert.deepEqual(offers.offerDraw(link), {});
  assert.equal(offers.offersState(link).note, 'Your draw offer is in the link to send.');
  assert.deepEqual(offers.resign(link), {});
  assert.deepEqual(link.model.ending(), { state: 'resignation', winner: 'gold' });
  assert.equal(link.endedHere, true);
  assert.equal(link.offer, null, 'an ending clears the offer');
  assert.equal(link.undoCount(), 0, 'no undo once the game has ended by link');
});

test('the computer answers on its move from its search: lost accepts, even declines (core\'s rule)', () => {
  const { ctl, said } = make();
  assert.deepEqual(ctl.play('2c22c3'), {});
  // the human offered; the computer's search says it is even
  ctl.offer = { kind: 'offer', by: 'gold' };
  assert.equal(offers.computerAnswers(ctl, M, { score: 10, mate: null }, 'scarlet'), false);
  assert.deepEqual(ctl.offer, { kind: 'declined', by: 'scarlet' });
  assert.ok(said.includes('The computer declines the draw offer.'));
  assert.equal(offers.offersState(ctl).note, 'The computer declined the draw offer.');
  // an offer of its own side is not answered; nor is anything without an offer
  ctl.offer = null;
  assert.equal(offers.computerAnswers(ctl, M, { score: -900, mate: null }, 'scarlet'), false);
  ctl.offer = { kind: 'offer', by: 'gold' };
  assert.equal(offers.computerAnswers(ctl, M, { score: -900, mate: null }, 'scarlet'), true);
  assert.equal(ctl.model.status().state, 'draw-agreed');
  // the facade's rule: mates and the game's length
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: -2 }, 1), true);
  assert.equal(M.computerAcceptsDraw({ score: -5000, mate: 3 }, 1), false);
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: null }, 39), false);
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: null }, 40), true);
  assert.throws(() => M.computerAcceptsDraw({ mate: null }, 4), (e) => e.code === 'bad-argument');
});

test('the ending and the offer are part of the record: reset, reload and undo', () => {
  const { ctl } = make({ mode: 'hotseat' });
  for (const m of ['2c22c3', '2c72c6', '2d22d3']) assert.deepEqual(ctl.play(m), {});
  assert.deepEqual(offers.offerDraw(ctl), {});  // Scarlet offers
  let rec = ctl.record();
  assert.deepEqual(rec.offer, { kind: 'offer', by: 'scarlet' });
  const again = make({ mode: 'hotseat' }).ctl;
  again.reset(JSON.parse(JSON.stringify(rec)));
  assert.deepEqual(again.offer, rec.offer);
  assert.deepEqual(offers.resign(ctl), {});  // Scarlet resigns
  rec = ctl.record();
  assert.deepEqual(rec.ending, { state: 'resignation', winner: 'gold' });
  assert.equal(rec.offer, undefined);
  again.reset(JSON.parse(JSON.stringify(rec)));
  assert.equal(again.model.status().reason, 'Scarlet resigns, Gold wins');
  assert.notEqual(again.recordKey(), make({ mode: 'hotseat' }).ctl.recordKey());
  // an ending that the board does not allow is refused (nothing changed)
  const over = make({ mode: 'hotseat' }).ctl;
  assert.match(over.reset({ ...rec, ending: { state: 'checkmate', winner: 'gold' } }).error, /unknown ending/);
  assert.deepEqual(over.model.coordinates(), []);
  // undo takes the resignation back with the last move
  assert.equal(ctl.undo(), 1);
  assert.equal(ctl.model.status().state, 'ongoing');
  assert.equal(ctl.offer, null);
});

test('links: resign= and draw= round trip; old links read as before; bad values are refused', () => {
  const base = { moves: ['2c22c3'], mode: 'link', to: 'scarlet' };
  const cases = [
    [{ ending: { state: 'resignation', winner: 'gold' } }, '&resign=s', { ending: { state: 'resignation', winner: 'gold' } }],
    [{ ending: { state: 'resignation', winner: 'scarlet' } }, '&resign=g', { ending: { state: 'resignation', winner: 'scarlet' } }],
    [{ ending: { state: 'draw-agreed', winner: null } }, '&draw=agreed', { ending: { state: 'draw-agreed', winner: null } }],
    [{ offer: { kind: 'offer', by: 'gold' } }, '&draw=offer-g', { offer: { kind: 'offer', by: 'gold' } }],
    [{ offer: { kind: 'declined', by: 'scarlet' } }, '&draw=decline-s', { offer: { kind: 'declined', by: 'scarlet' } }],
  ];
  for (const [extra, suffix, read] of cases) {
    const hash = encodeGame({ ...base, ...extra });
    assert.equal(hash, '#moves=2c22c3&play=link&to=s' + suffix);
    const d = decodeHash(hash);
    assert.deepEqual({ ending: d.ending, offer: d.offer }, { ending: undefined, offer: undefined, ...read });
  }
  // an ending wins over an offer; old links have neither
  assert.equal(encodeGame({ ...base, ending: { state: 'draw-agreed' }, offer: { kind: 'offer', by: 'gold' } }), '#moves=2c22c3&play=link&to=s&draw=agreed');
  const old = decodeHash('#moves=2c22c3.2c72c6&play=link&to=g');
  assert.equal(old.error, undefined);
  assert.equal(old.ending, undefined);
  assert.equal(old.offer, undefined);
  for (const [bad, re] of [['&resign=x', /'resign' must be g/], ['&draw=maybe', /'draw' must be agreed, offer-g/],
    ['&resign=g&draw=agreed', /both a resignation and a draw/], ['&draw=offer-g&draw=agreed', /gives 'draw' twice/]]) {
    assert.match(decodeHash('#moves=2c22c3' + bad).error, re);
  }
  assert.throws(() => encodeGame({ ...base, ending: { state: 'checkmate' } }), TypeError);
  assert.throws(() => encodeGame({ ...base, offer: { kind: 'offer', by: 'blue' } }), TypeError);
});

test('record texts: the page\'s tags, an opened record\'s tags and notes, file names, game lines', () => {
  const { ctl } = make({ mode: 'ai', human: 'scarlet', level: 5 });
  const now = new Date(2025, 2, 14);
  assert.deepEqual(recordTags(ctl, now), {
    Event: 'Game against the computer', Site: 'Dragonchess in the browser', Date: '2025.03.14', Gold: 'Computer, strength 5', Scarlet: '?',
  });
  assert.equal(fileName(recordTags(ctl, now)), 'dragonchess-2025-03-14.dgn');
  assert.equal(fileName({ Date: '????.??.??' }, now), 'dragonchess-2025-03-14.dgn');
  const text = '[Event "Club"]\n[Gold "Ann"]\n[Date "1997.08.31"]\n\n{ start } 1. W2h3 { first } W2e6?! 2. W2e3 *\n';
  const g = readGame(M, text, 0);
  assert.deepEqual(g.moves, ['2h22h3', '2e72e6', '2e22e3']);
  assert.equal(g.ending, null);
  assert.match(g.what, /Opened “Club” \(3 plies\)/);
  ctl.reset({ settings: { ...ctl.settings, mode: 'hotseat' }, startFen: g.startFen, moves: g.moves, meta: g.meta });
  assert.deepEqual(recordTags(ctl), { Event: 'Club', Site: '?', Date: '1997.08.31', Round: '?', Gold: 'Ann', Scarlet: '?' });
  const written = recordText(ctl);
  assert.match(written, /\{ start \} 1\. W2h3 \{ first \} 1\.\.\. W2e6\?! 2\. W2e3 \*/);
  assert.deepEqual(M.readRecord(written).moves, g.moves);
  // a move taken back takes its notes with it
  ctl.reset({ settings: ctl.settings, startFen: g.startFen, moves: ['2h22h3', '2d72d6'], meta: g.meta });
  assert.deepEqual(recordNotes(ctl), { comments: ['start', 'first'], glyphs: [''] });
  assert.doesNotMatch(recordText(ctl), /\?!/);
  assert.equal(gameLine({ tags: { Gold: 'Ann', Scarlet: '?', Event: 'Club', Date: '????.??.??' }, result: '1-0', moves: 1 }), 'Ann – Scarlet · Club · 1-0 · 1 ply');
  const bad = readGame(M, '1. W2c4', 0);
  assert.ok(bad.error && bad.code === 'bad-record' && bad.line === 1, JSON.stringify(bad));
});
