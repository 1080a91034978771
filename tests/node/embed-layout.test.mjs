// What an embed shows by default (web/app/ui/embed/embed-layout.js): node --test tests/node/embed-layout.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './helpers.mjs';
import { levelsNeeded, withLevels, pickArrangement } from '../../web/app/ui/embed/embed-layout.js';
import { moveDiagram } from '../../web/app/facts/move-diagram.js';
import { parseSquare } from '../../web/app/facts/squares.js';

const M = await loadEngine();
// The Dragon example of docs/links-and-embeds.md: Dragon on 3c4, the Kings on level 2, nothing on level 1.
const README_DRAGON = '12/12/12/12/2R9/12/12/12/11k/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/12 g 0 1';
// A Warrior on 2f4 with the Kings on level 1 (the gallery's positions).
const WARRIOR = '12/12/12/12/12/12/12/12/12/12/12/12/5W6/12/12/12/11k/12/12/12/12/12/12/K11 g 0 1';
const board = (fen) => {
  const g = new M.Game();
  g.setPosition(fen, []);
  const b = g.board();
  g.delete();
  return b;
};

test('a move diagram needs the levels its piece stands on and reaches', () => {
  const d = moveDiagram(M, README_DRAGON, '3c4').value;
  assert.deepEqual(
    levelsNeeded({ pieces: board(README_DRAGON), diagram: d }),
    [3, 2],
    'a Dragon: Sky and Ground, no empty Underworld',
  );
  const w = moveDiagram(M, WARRIOR, '2f4').value;
  assert.deepEqual(
    levelsNeeded({ pieces: board(WARRIOR), diagram: w }),
    [2],
    "the Kings below do not matter to a Warrior's diagram",
  );
  const h = moveDiagram(M, WARRIOR.replace('5W6', '5H6'), '2f4').value;
  assert.deepEqual(levelsNeeded({ diagram: h }), [3, 2, 1], 'a Hero reaches every level');
});

test('a position needs the levels holding a piece or the last move', () => {
  assert.deepEqual(levelsNeeded({ pieces: board(README_DRAGON) }), [3, 2]);
  assert.deepEqual(levelsNeeded({ pieces: board(WARRIOR) }), [2, 1]);
  assert.deepEqual(levelsNeeded({ pieces: board(M.START_POSITION) }), [3, 2, 1]);
  assert.deepEqual(
    levelsNeeded({ pieces: board(WARRIOR), lastMove: [parseSquare('3f4'), parseSquare('2f4')] }),
    [3, 2, 1],
  );
  assert.deepEqual(levelsNeeded({ pieces: '.'.repeat(288) }), [3, 2, 1], 'never nothing');
  assert.deepEqual(withLevels([2], [1, 3]), [3, 2, 1]);
  assert.deepEqual(withLevels([3, 1], [1]), [3, 1]);
});

test("the arrangement: the renderer's own unless small squares would be clearly larger sideways", () => {
  const sizes = (auto, sideways) => (a) => ({ auto, sideways, row: 5, column: 6 })[a];
  assert.deepEqual(pickArrangement(sizes(12, 16)), { arrangement: 'sideways', square: 16 });
  assert.deepEqual(
    pickArrangement(sizes(12, 12.5)),
    { arrangement: 'auto', square: 12 },
    'not clearly larger',
  );
  assert.deepEqual(
    pickArrangement(sizes(31, 44)),
    { arrangement: 'auto', square: 31 },
    'large enough the right way up',
  );
  assert.deepEqual(
    pickArrangement(sizes(12, 16), 'column'),
    { arrangement: 'column', square: 6 },
    'asked for',
  );
});
