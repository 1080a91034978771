// The rule set on the page's side (issue 31): links (rules=), the game model and
// controller (a game's rule set, all or nothing), the saved game, records, the embed
// snippet and the piece cards, over the real rules engine (the wasm Node build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { createGameModel } from '../../web/app/session/game/model.js';
import { createController } from '../../web/app/session/game/controller.js';
import { encodeGame, decodeHash } from '../../web/app/session/share/links.js';
import { attempt } from '../../web/app/util/result.js';
import { reason } from '../../web/app/util/i18n.js';
import { openedGame } from '../../web/app/session/share/record.js';
import { embedUrl } from '../../web/app/ui/embed/embed-snippet.js';
import { cardData, cardText } from '../../web/app/ui/learn/piece-card.js';
import { moveDiagram } from '../../web/app/facts/move-diagram.js';
import { useFacts, ruleSetName } from '../../web/app/facts/facts.js';

// Game `index` of a record text as the page opens it: core reads it (M.readRecord), the
// page makes what it opens of it (openedGame); {error, code, line} with core's reason when
// it cannot.
function readGame(M, text, index) {
  const read = attempt(() => M.readRecord(text, index));
  return read.error ? read : openedGame(M, read.value, translatorOf('en'));
}

const M = await loadEngine();
const en = translatorOf('en');
useFacts(M);

// tests/perft/rules.txt, first position: a Gold Griffon on the Ground (2g3).
const P1 = '12/12/9M2/12/12/12/12/12/11k/12/1O8h1/12/6w5/6G5/12/K11/12/12/5b3b2/12/12/12/12/2B9 g 0 1';
const settings = { mode: 'hotseat', human: 'gold', level: 1, flipped: false };

test('links carry the rule set: rules=bga, nothing for the default, a bad value named', () => {
  assert.equal(encodeGame({ moves: ['2c22c3'], rules: 'bga' }), '#moves=2c22c3&rules=bga');
  assert.equal(encodeGame({ moves: ['2c22c3'], rules: 'gygax' }), '#moves=2c22c3');
  assert.deepEqual(decodeHash('#moves=2c22c3&rules=BGA').value.rules, 'bga');
  assert.equal(decodeHash('#moves=2c22c3').value.rules, undefined);
  assert.equal(
    decodeHash('#fen=' + P1.replace(/ /g, '_') + '&rules=bga', { position: true }).value.rules,
    'bga',
  );
  const bad = decodeHash('#moves=2c22c3&rules=zillions&vs=computer');
  // a refusal naming core's rule sets, said as the reader's language lists them
  assert.deepEqual(bad.args.ids, ['gygax', 'bga']);
  assert.match(
    reason(translatorOf('en'), bad),
    /rule set \(rules=\) must be gygax or bga; 'zillions' is not a rule set/,
  );
  assert.equal(bad.value, undefined); // nothing of the link is applied
  assert.throws(() => encodeGame({ rules: 'Big Rules' }), TypeError);
});

test("a game under Board Game Arena's rules: its Griffon step, the record, the saved game", () => {
  const ctl = createController(createGameModel(M), settings, { t: translatorOf('en') });
  // Gygax's rules (the default): the straight step is refused, naming the rule set
  assert.deepEqual(ctl.reset({ settings, startFen: P1 }), { value: undefined });
  assert.equal(ctl.model.rules, 'gygax');
  assert.match(
    reason(translatorOf('en'), ctl.play('2g32g4')),
    /under Gygax's rules a Griffon on the Ground moves only diagonally/,
  );
  assert.equal(ctl.model.length, 0);
  assert.equal(ctl.record().rules, undefined);
  // the same position under Board Game Arena's
  assert.deepEqual(ctl.reset({ settings, startFen: P1, rules: 'bga' }), { value: undefined });
  assert.equal(ctl.model.rules, 'bga');
  assert.ok(ctl.model.destinations('2g3').some((d) => d.to === '2g4'));
  assert.ok(!ctl.play('2g32g4').error);
  assert.equal(ctl.record().rules, 'bga');
  assert.match(ctl.model.game.record({}), /\[Variant "Dragonchess \(BGA\)"\]/);
  // read back as the page opens a record: under its Variant's rule set
  const g = readGame(M, ctl.model.game.record({}), 0);
  assert.equal(g.rules, 'bga');
  assert.deepEqual(g.moves, ['2g32g4']);
  // a move legal only under Board Game Arena's rules cannot be loaded under Gygax's:
  // refused, nothing changed
  const key = ctl.recordKey();
  assert.match(
    reason(en, ctl.reset({ settings, startFen: P1, moves: ['2g32g4'], rules: 'gygax' })),
    /^move 1: illegal move '2g32g4': under Gygax's rules/,
  );
  assert.match(
    reason(en, ctl.reset({ settings, startFen: P1, rules: 'zillions' })),
    /^unknown rule set 'zillions'/,
  );
  assert.equal(ctl.recordKey(), key);
  assert.equal(ctl.model.rules, 'bga');
});

test('the embed snippet and move diagrams follow the rule set', () => {
  assert.match(
    embedUrl({ fen: P1, rules: 'bga', show: '2g3' }, 'https://example.org/'),
    /&rules=bga&show=2g3$/,
  );
  const gygax = moveDiagram(M, P1, '2g3').value,
    bga = moveDiagram(M, P1, '2g3', 'bga').value;
  const reach = (d) => [...d.move, ...d.capture, ...d.both];
  assert.ok(!reach(gygax).includes('2g4') && reach(bga).includes('2g4'));
});

test("piece cards: the game's rule set's words, and a line for the other where it differs", () => {
  const name = ruleSetName('bga');
  assert.equal(name, 'Board Game Arena');
  const griffon = cardData(M, 'G'),
    griffonBga = cardData(M, 'G', 'bga');
  const ground = (c) => c.diagrams.find((d) => d.level === 2);
  assert.match(en(ground(griffon).others[0].wordsKey), /any direction/);
  assert.equal(ground(griffon).others[0].name, name);
  assert.match(cardText(griffon, en), /Under the Board Game Arena rules: Steps one square in any direction/);
  assert.match(en(ground(griffonBga).wordsKey), /any direction/);
  assert.equal(ground(griffonBga).count, ground(griffon).count + 4); // four straight steps more
  assert.match(cardText(griffonBga, en), /Under the Gygax \(Dragon #100\) rules:/);
  const basilisk = cardData(M, 'B');
  assert.match(cardText(basilisk, en), /Under the Board Game Arena rules: .*pass over that square/);
  assert.deepEqual(
    cardData(M, 'R').diagrams.flatMap((d) => d.others),
    [],
  ); // the same under both
});
