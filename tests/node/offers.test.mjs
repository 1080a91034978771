// Resignation, draw offers and game records on the page, under Node over the real rules
// engine: who may resign or offer in each mode, what becomes of an offer when moves are
// played, the computer's answer (core's rule through the facade), the controller's end()
// and what a reload keeps, the links' resign=/draw= parameters (old links unchanged),
// and the record texts the page writes and reads (record.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { createGameModel } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import * as offers from '../../web/app/session/game/offers.js';
import { encodeGame, decodeHash } from '../../web/app/session/share/links.js';
import { attempt } from '../../web/app/util/result.js';
import { reason } from '../../web/app/util/i18n.js';
import {
  recordTags,
  recordText,
  recordNotes,
  fileName,
  gameLine,
  openedGame,
} from '../../web/app/session/share/record.js';

// Game `index` of a record text as the page opens it: core reads it (M.readRecord), the
// page makes what it opens of it (openedGame); {error, code, line} with core's reason when
// it cannot.
function readGame(M, text, index) {
  const read = attempt(() => M.readRecord(text, index));
  return read.error ? read : openedGame(M, read.value, translatorOf('en'));
}

const M = await loadEngine();
const make = (o = {}) => {
  const ctl = createController(
    createGameModel(M),
    {
      mode: 'ai',
      human: 'gold',
      level: 3,
      flipped: false,
      ...o,
    },
    { t: translatorOf('en') },
  );
  const said = [];
  ctl.on('announce', (t) => said.push(t));
  ctl.reset({ settings: ctl.settings });
  return { ctl, said };
};

test("an offer goes with its side's moves; moving on declines it; a decline is seen once", () => {
  const g = { kind: 'offer', by: 'gold' };
  assert.deepEqual(offers.offerAfterMove(g, 'gold'), g);
  assert.deepEqual(offers.offerAfterMove(g, 'scarlet'), { kind: 'declined', by: 'scarlet' });
  const d = { kind: 'declined', by: 'scarlet' };
  assert.deepEqual(offers.offerAfterMove(d, 'scarlet'), d);
  assert.equal(offers.offerAfterMove(d, 'gold'), null);
  assert.equal(offers.offerAfterMove(null, 'gold'), null);
});

test("who may resign or offer: the person's side, the side to move on one device, nobody when the computer plays both", () => {
  const { ctl } = make({ mode: 'watch' });
  assert.equal(offers.actingSide(ctl), null);
  assert.deepEqual(offers.offersState(ctl), { canResign: false, canOffer: false, prompt: null, note: '' });
  assert.match(reason(ctl.t, offers.resign(ctl)), /computer plays both/);

  const hs = make({ mode: 'hotseat' }).ctl;
  assert.equal(offers.actingSide(hs), 'gold');
  assert.deepEqual(hs.play('2c22c3'), { value: undefined });
  assert.equal(offers.actingSide(hs), 'scarlet');
  assert.deepEqual(offers.offerDraw(hs), { value: undefined });
  assert.deepEqual(offers.offersState(hs).prompt, { text: 'Scarlet offers a draw.', answerer: 'gold' });
  // the same offer to a reader of Russian: the side's name is the catalogue's, the verb agrees
  const ru = createController(createGameModel(M), hs.settings, { t: translatorOf('ru') });
  ru.reset({ settings: hs.settings, moves: ['2c22c3'], offer: hs.offer });
  assert.deepEqual(offers.offersState(ru).prompt, { text: 'Алые предлагают ничью.', answerer: 'gold' });
  assert.match(reason(hs.t, offers.offerDraw(hs)), /already on the table/);
  assert.deepEqual(offers.declineDraw(hs), { value: undefined });
  assert.equal(offers.offersState(hs).note, 'Gold declined the draw offer.');
  assert.deepEqual(offers.offerDraw(hs), { value: undefined });
  assert.deepEqual(offers.acceptDraw(hs), { value: undefined });
  assert.equal(hs.model.status().state, 'draw-agreed');
  assert.match(reason(hs.t, offers.acceptDraw(hs)), /no draw offer/);
  assert.deepEqual(offers.offersState(hs), { canResign: false, canOffer: false, prompt: null, note: '' });

  const link = make({ mode: 'link', human: 'scarlet' }).ctl;
  assert.equal(offers.actingSide(link), 'scarlet', "by link: this device's side, whoever is to move");
  assert.deepEqual(offers.offerDraw(link), { value: undefined });
  assert.equal(offers.offersState(link).note, 'Your draw offer is in the link to send.');
  assert.deepEqual(offers.resign(link), { value: undefined });
  assert.deepEqual(link.model.ending(), { state: 'resignation', winner: 'gold' });
  assert.equal(link.endedHere, true);
  assert.equal(link.offer, null, 'an ending clears the offer');
  assert.equal(link.undoCount(), 0, 'no undo once the game has ended by link');
});

test("the computer answers on its move from its search: lost accepts, even declines (core's rule)", () => {
  const { ctl, said } = make();
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined });
  // the human offered; the computer's search says it is even
  ctl.setOffer({ kind: 'offer', by: 'gold' });
  assert.equal(offers.computerAnswers(ctl, M, { score: 10, mate: null }, 'scarlet'), false);
  assert.deepEqual(ctl.offer, { kind: 'declined', by: 'scarlet' });
  assert.ok(said.includes('The computer declines the draw offer.'));
  assert.equal(offers.offersState(ctl).note, 'The computer declined the draw offer.');
  // an offer of its own side is not answered; nor is anything without an offer
  ctl.setOffer(null);
  assert.equal(offers.computerAnswers(ctl, M, { score: -900, mate: null }, 'scarlet'), false);
  ctl.setOffer({ kind: 'offer', by: 'gold' });
  assert.equal(offers.computerAnswers(ctl, M, { score: -900, mate: null }, 'scarlet'), true);
  assert.equal(ctl.model.status().state, 'draw-agreed');
  // the facade's rule: mates and the game's length
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: -2 }, 1), true);
  assert.equal(M.computerAcceptsDraw({ score: -5000, mate: 3 }, 1), false);
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: null }, 39), false);
  assert.equal(M.computerAcceptsDraw({ score: 0, mate: null }, 40), true);
  assert.throws(
    () => M.computerAcceptsDraw({ mate: null }, 4),
    (e) => e.code === 'bad-argument',
  );
});

test('the ending and the offer are part of the record: reset, reload and undo', () => {
  const { ctl } = make({ mode: 'hotseat' });
  for (const m of ['2c22c3', '2c72c6', '2d22d3']) assert.deepEqual(ctl.play(m), { value: undefined });
  assert.deepEqual(offers.offerDraw(ctl), { value: undefined }); // Scarlet offers
  let rec = ctl.record();
  assert.deepEqual(rec.offer, { kind: 'offer', by: 'scarlet' });
  const again = make({ mode: 'hotseat' }).ctl;
  again.reset(JSON.parse(JSON.stringify(rec)));
  assert.deepEqual(again.offer, rec.offer);
  assert.deepEqual(offers.resign(ctl), { value: undefined }); // Scarlet resigns
  rec = ctl.record();
  assert.deepEqual(rec.ending, { state: 'resignation', winner: 'gold' });
  assert.equal(rec.offer, undefined);
  again.reset(JSON.parse(JSON.stringify(rec)));
  assert.equal(again.model.status().reason, 'Scarlet resigns, Gold wins');
  assert.notEqual(again.recordKey(), make({ mode: 'hotseat' }).ctl.recordKey());
  // an ending that the board does not allow is refused (nothing changed)
  const over = make({ mode: 'hotseat' }).ctl;
  assert.match(
    over.reset({ ...rec, ending: { state: 'checkmate', winner: 'gold' } }).error,
    /unknown ending/,
  );
  assert.deepEqual(over.model.coordinates(), []);
  // undo takes the resignation back with the last move
  assert.equal(ctl.undo(), 1);
  assert.equal(ctl.model.status().state, 'ongoing');
  assert.equal(ctl.offer, null);
});

test('links: resign= and draw= round trip; old links read as before; bad values are refused', () => {
  const base = { moves: ['2c22c3'], mode: 'link', to: 'scarlet' };
  const cases = [
    [
      { ending: { state: 'resignation', winner: 'gold' } },
      '&resign=s',
      { ending: { state: 'resignation', winner: 'gold' } },
    ],
    [
      { ending: { state: 'resignation', winner: 'scarlet' } },
      '&resign=g',
      { ending: { state: 'resignation', winner: 'scarlet' } },
    ],
    [
      { ending: { state: 'draw-agreed', winner: null } },
      '&draw=agreed',
      { ending: { state: 'draw-agreed', winner: null } },
    ],
    [{ offer: { kind: 'offer', by: 'gold' } }, '&draw=offer-g', { offer: { kind: 'offer', by: 'gold' } }],
    [
      { offer: { kind: 'declined', by: 'scarlet' } },
      '&draw=decline-s',
      { offer: { kind: 'declined', by: 'scarlet' } },
    ],
  ];
  for (const [extra, suffix, read] of cases) {
    const hash = encodeGame({ ...base, ...extra });
    assert.equal(hash, '#moves=2c22c3&play=link&to=s' + suffix);
    const d = decodeHash(hash).value;
    assert.deepEqual({ ending: d.ending, offer: d.offer }, { ending: undefined, offer: undefined, ...read });
  }
  // an ending wins over an offer; old links have neither
  assert.equal(
    encodeGame({ ...base, ending: { state: 'draw-agreed' }, offer: { kind: 'offer', by: 'gold' } }),
    '#moves=2c22c3&play=link&to=s&draw=agreed',
  );
  const old = decodeHash('#moves=2c22c3.2c72c6&play=link&to=g');
  assert.equal(old.error, undefined);
  assert.equal(old.value.ending, undefined);
  assert.equal(old.value.offer, undefined);
  for (const [bad, re] of [
    ['&resign=x', /'resign' must be g/],
    ['&draw=maybe', /'draw' must be agreed, offer-g/],
    ['&resign=g&draw=agreed', /both a resignation and a draw/],
    ['&draw=offer-g&draw=agreed', /gives 'draw' twice/],
  ]) {
    assert.match(reason(translatorOf('en'), decodeHash('#moves=2c22c3' + bad)), re);
  }
  assert.throws(() => encodeGame({ ...base, ending: { state: 'checkmate' } }), TypeError);
  assert.throws(() => encodeGame({ ...base, offer: { kind: 'offer', by: 'blue' } }), TypeError);
});

test("record texts: the page's tags, an opened record's tags and notes, file names, game lines", () => {
  const { ctl } = make({ mode: 'ai', human: 'scarlet', level: 5 });
  const now = new Date(2025, 2, 14);
  assert.deepEqual(recordTags(ctl, now), {
    Event: 'Game against the computer',
    Site: 'Dragonchess in the browser',
    Date: '2025.03.14',
    Gold: 'Computer, strength 5',
    Scarlet: '?',
  });
  assert.equal(fileName(recordTags(ctl, now)), 'dragonchess-2025-03-14.dgn');
  assert.equal(fileName({ Date: '????.??.??' }, now), 'dragonchess-2025-03-14.dgn');
  const text =
    '[Event "Club"]\n[Gold "Ann"]\n[Date "1997.08.31"]\n\n{ start } 1. W2h3 { first } W2e6?! 2. W2e3 *\n';
  const g = readGame(M, text, 0);
  assert.deepEqual(g.moves, ['2h22h3', '2e72e6', '2e22e3']);
  assert.equal(g.ending, null);
  assert.match(g.what, /Opened “Club” \(3 plies\)/);
  ctl.reset({
    settings: { ...ctl.settings, mode: 'hotseat' },
    startFen: g.startFen,
    moves: g.moves,
    meta: g.meta,
  });
  assert.deepEqual(recordTags(ctl), {
    Event: 'Club',
    Site: '?',
    Date: '1997.08.31',
    Round: '?',
    Gold: 'Ann',
    Scarlet: '?',
  });
  const written = recordText(ctl);
  assert.match(written, /\{ start \} 1\. W2h3 \{ first \} 1\.\.\. W2e6\?! 2\. W2e3 \*/);
  assert.deepEqual(M.readRecord(written).moves, g.moves);
  // a move taken back takes its notes with it
  ctl.reset({ settings: ctl.settings, startFen: g.startFen, moves: ['2h22h3', '2d72d6'], meta: g.meta });
  assert.deepEqual(recordNotes(ctl), { comments: ['start', 'first'], glyphs: [''] });
  assert.doesNotMatch(recordText(ctl), /\?!/);
  // a game's line in the page's words (a player without a name: the side's); the tags
  // themselves are the record's, in any language
  const info = {
    tags: { Gold: 'Ann', Scarlet: '?', Event: 'Club', Date: '????.??.??' },
    result: '1-0',
    moves: 1,
  };
  assert.equal(gameLine(translatorOf('en'), info), 'Ann – Scarlet · Club · 1-0 · 1 ply');
  assert.equal(gameLine(translatorOf('de'), info), 'Ann – Scharlach · Club · 1-0 · 1 Halbzug');
  assert.equal(gameLine(translatorOf('ru'), { ...info, moves: 5 }), 'Ann – Алые · Club · 1-0 · 5 полуходов');
  assert.equal(
    openedGame(M, M.readRecord(text, 0), translatorOf('de')).what,
    '„Club“ geöffnet (3 Halbzüge).',
    'the news in the page’s language',
  );
  const bad = readGame(M, '1. W2c4', 0);
  assert.ok(bad.error && bad.code === 'bad-record' && bad.line === 1, JSON.stringify(bad));
});

test('takebacks: on one device the mover asks and the side to move answers; by link only before the answer, in the link', () => {
  const g = { kind: 'ask', by: 'gold' };
  assert.deepEqual(
    offers.takebackAfterMove(g, 'scarlet'),
    { kind: 'declined', by: 'scarlet' },
    'moving on declines',
  );
  assert.deepEqual(offers.takebackAfterMove({ kind: 'declined', by: 'scarlet' }, 'scarlet'), {
    kind: 'declined',
    by: 'scarlet',
  });
  assert.equal(offers.takebackAfterMove({ kind: 'accepted', by: 'scarlet' }, 'gold'), null);

  const ai = make({ mode: 'ai' }).ctl;
  assert.equal(offers.asksForTakeback(ai), false, 'against the computer Undo takes back at once');
  assert.deepEqual(ai.play('2c22c3'), { value: undefined });
  assert.deepEqual(offers.undoOrAsk(ai), { value: undefined });
  assert.equal(ai.model.length, 0);

  const hs = make({ mode: 'hotseat' }).ctl;
  assert.equal(offers.takebackState(hs).canAsk, false, 'no move yet');
  assert.deepEqual(hs.play('2c22c3'), { value: undefined });
  assert.deepEqual(offers.undoOrAsk(hs), { value: undefined });
  assert.equal(hs.model.length, 1, 'asked, not taken back');
  assert.deepEqual(offers.takebackState(hs).prompt, {
    text: 'Gold asks to take back their last move.',
    answerer: 'scarlet',
  });
  assert.match(reason(translatorOf('en'), offers.undoOrAsk(hs)), /already on the table/);
  assert.deepEqual(offers.declineTakeback(hs), { value: undefined });
  assert.equal(offers.takebackState(hs).note, 'Scarlet declined the takeback.');
  assert.equal(hs.model.length, 1);
  assert.deepEqual(offers.undoOrAsk(hs), { value: undefined });
  assert.deepEqual(offers.acceptTakeback(hs), { value: undefined });
  assert.equal(hs.model.length, 0);
  assert.equal(hs.takeback, null);
  assert.match(reason(hs.t, offers.acceptTakeback(hs)), /no takeback request/);

  const a = make({ mode: 'link', human: 'gold' }).ctl;
  assert.deepEqual(a.play('2c22c3'), { value: undefined });
  assert.deepEqual(offers.undoOrAsk(a), { value: undefined });
  assert.deepEqual(a.record().takeback, { kind: 'ask', by: 'gold' });
  assert.equal(
    offers.takebackState(a).note,
    'You asked to take back your last move: the request is in the link to send.',
  );
  const b = make({ mode: 'link', human: 'scarlet' }).ctl;
  b.reset({ settings: b.settings, moves: ['2c22c3'], takeback: a.record().takeback });
  assert.deepEqual(offers.takebackState(b).prompt, {
    text: 'Your opponent asks to take back their last move.',
    answerer: 'scarlet',
  });
  assert.deepEqual(offers.acceptTakeback(b), { value: undefined });
  assert.equal(b.model.length, 0);
  assert.deepEqual(b.takeback, { kind: 'accepted', by: 'scarlet' });
  assert.equal(offers.takebackState(b).note, 'You accepted the takeback: send your opponent the link.');
  // the opponent has answered: too late to ask
  const c = make({ mode: 'link', human: 'gold' }).ctl;
  c.reset({ settings: c.settings, moves: ['2c22c3', '2c72c6'] });
  assert.match(reason(translatorOf('en'), offers.undoOrAsk(c)), /already answered/);
  assert.equal(c.model.length, 2);
});

test('links: takeback= and help= round trip; bad values are refused', () => {
  const base = { moves: ['2c22c3'], mode: 'link', to: 'scarlet' };
  const hash = encodeGame({
    ...base,
    takeback: { kind: 'ask', by: 'gold' },
    assists: [
      { ply: 0, side: 'gold', kind: 'analysis' },
      { ply: 1, side: 'scarlet', kind: 'hint' },
    ],
  });
  assert.equal(hash, '#moves=2c22c3&play=link&to=s&takeback=ask-g&help=0ag.1hs');
  const d = decodeHash(hash).value;
  assert.deepEqual(d.takeback, { kind: 'ask', by: 'gold' });
  assert.deepEqual(d.assists, [
    { ply: 0, side: 'gold', kind: 'analysis' },
    { ply: 1, side: 'scarlet', kind: 'hint' },
  ]);
  for (const k of ['accepted', 'declined'])
    assert.deepEqual(
      decodeHash(encodeGame({ ...base, takeback: { kind: k, by: 'scarlet' } })).value.takeback,
      {
        kind: k,
        by: 'scarlet',
      },
    );
  const said = (hash) => reason(translatorOf('en'), decodeHash(hash));
  assert.match(said('#moves=2c22c3&takeback=maybe'), /'takeback' must be ask-g/);
  assert.match(said('#moves=2c22c3&help=3xg'), /'help' must list uses/);
  assert.throws(() => encodeGame({ ...base, takeback: { kind: 'ask', by: 'blue' } }), TypeError);
});

test('help used between people is noted in the record for both; not against the computer', () => {
  const { ctl } = make({ mode: 'hotseat' });
  assert.equal(ctl.useAssist('hint'), true);
  assert.deepEqual(ctl.play('2c22c3'), { value: undefined });
  assert.equal(ctl.useAssist('analysis'), true);
  assert.equal(ctl.useAssist('analysis'), true, 'once a turn');
  assert.deepEqual(ctl.assists, [
    { ply: 0, side: 'gold', kind: 'hint' },
    { ply: 1, side: 'scarlet', kind: 'analysis' },
  ]);
  assert.deepEqual(recordNotes(ctl).comments, ['Gold used a hint.', 'Scarlet used the analysis.']);
  assert.match(recordText(ctl), /\{ ?Gold used a hint\. ?\} 1\. W2c3 \{ ?Scarlet used the analysis\. ?\}/);
  ctl.undo();
  assert.deepEqual(
    ctl.assists,
    [{ ply: 0, side: 'gold', kind: 'hint' }],
    'a note goes with the position taken back',
  );
  assert.equal(make({ mode: 'ai' }).ctl.useAssist('hint'), false);
});
