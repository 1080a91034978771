// The game of an embedded diagram (web/app/session/game/diagram.js), driven whole under
// Node with the wasm engine: what the address gives is set up or named as a problem,
// pieces show their diagrams, moves are played and reset returns to the start.
//   node --test tests/node/diagram.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, translatorOf } from './helpers.mjs';
import { reason } from '../../web/app/util/i18n.js';
import { refusal } from '../../web/app/util/result.js';
import { createDiagram } from '../../web/app/session/game/diagram.js';
import { parseSquare } from '../../web/app/facts/squares.js';

const M = await loadEngine();
const ids = (problems) => problems.map((p) => p.id);

test('a start with a bad move keeps the moves before it and names the move', () => {
  const d = createDiagram(M);
  const problems = d.begin({ fen: '', moves: ['2c22c3', '2a12a5', '2c72c6'], rules: 'gygax' });
  assert.deepEqual(ids(problems), ['embed.error.move']);
  assert.equal(problems[0].args.n, 2);
  assert.equal(problems[0].args.before, 1);
  // core's reason, said in the reader's words
  assert.equal(problems[0].args.why.error, 'core.move.notYours');
  assert.match(
    reason(translatorOf('de'), refusal(problems[0].id, problems[0].args)),
    /^Zug 2 dieses Diagramms \(2a12a5\) ist nicht spielbar: unzulässiger Zug/,
  );
  const why = problems[0].args.why; // core's reason, said in the reader's words
  assert.equal(reason(translatorOf('en'), why), "illegal move '2a12a5': the piece on 2a1 is not Scarlet's");
  assert.equal(
    reason(translatorOf('de'), why),
    'unzulässiger Zug „2a12a5“: die Figur auf 2a1 gehört nicht Scharlach',
  );
  assert.deepEqual(d.model.coordinates(), ['2c22c3']);
  assert.deepEqual(d.record().moves, ['2c22c3']);
});

test('a position the engine refuses gives way to the standard start', () => {
  const d = createDiagram(M);
  const problems = d.begin({ fen: 'not a position', moves: [], rules: 'gygax' });
  assert.deepEqual(ids(problems), ['embed.error.position']);
  assert.equal(
    reason(translatorOf('en'), problems[0].args.why),
    'bad position string: position string needs 4 fields (placement, side to move, quiet-move counter, move number), found 3',
  );
  assert.equal(d.model.live.fen, M.START_POSITION);
  assert.deepEqual(d.record(), { fen: '', moves: [], rules: 'gygax' });
});

test('show= gives a diagram, or names the empty square', () => {
  const shown = createDiagram(M, { show: '2c2' });
  assert.deepEqual(shown.begin({ fen: '', moves: [], rules: 'gygax' }), []);
  assert.equal(shown.selected(), '2c2');
  assert.deepEqual(shown.diagram().move, ['2c3']);
  const empty = createDiagram(M, { show: '2c4' });
  assert.deepEqual(ids(empty.begin({ fen: '', moves: [], rules: 'gygax' })), ['embed.error.noPiece']);
  assert.equal(empty.selected(), null);
});

test('a move between two squares is played only when legal; reset returns to the start', () => {
  const d = createDiagram(M, { show: '2c2' });
  d.begin({ fen: '', moves: [], rules: 'gygax' });
  assert.deepEqual(
    d.moveBetween(parseSquare('2c2'), parseSquare('2c5')),
    { value: undefined },
    'not a legal move: nothing played',
  );
  assert.equal(d.dirty(), false);
  const r = d.moveBetween(parseSquare('2c2'), parseSquare('2c3'));
  assert.equal(r.value.coordinate, '2c22c3');
  assert.equal(d.dirty(), true);
  assert.equal(d.selected(), null, 'the diagram goes with the move');
  assert.match(d.play('2c22c3').error, /\S/, 'a move that is not legal now is refused');
  assert.deepEqual(d.reset(), []);
  assert.deepEqual(d.model.coordinates(), []);
  assert.equal(d.selected(), '2c2', 'the diagram of show= again');
  assert.equal(d.dirty(), false);
});

test('a picture has no moves to play', () => {
  const d = createDiagram(M, { interactive: false });
  d.begin({ fen: '', moves: [], rules: 'gygax' });
  assert.equal(d.legal().size, 0);
  assert.deepEqual(d.moveBetween(parseSquare('2c2'), parseSquare('2c3')), { value: undefined });
});
