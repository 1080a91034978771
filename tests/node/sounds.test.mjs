// Which sound a ply makes (web/app/ui/page/sounds.js): node --test tests/node/sounds.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { soundFor } from '../../web/app/ui/page/sounds.js';

test('the end of a game over a check over a capture over a move', () => {
  const quiet = { status: { over: false, check: false }, check: null };
  assert.equal(soundFor({ kind: 'move' }, quiet), 'move');
  assert.equal(soundFor({ kind: 'capture' }, quiet), 'capture');
  assert.equal(soundFor({ kind: 'afar' }, quiet), 'capture', 'a capture from afar is a capture');
  assert.equal(
    soundFor({ kind: 'capture' }, { status: { over: false, check: true }, check: '2g8' }),
    'check',
  );
  assert.equal(soundFor({ kind: 'move' }, { status: { over: false }, check: '2g8' }), 'check');
  assert.equal(
    soundFor({ kind: 'capture' }, { status: { over: true, check: true, state: 'checkmate' } }),
    'end',
  );
  assert.equal(soundFor({ kind: 'move' }, { status: { over: true, state: 'stalemate' } }), 'end');
  assert.equal(soundFor(null, null), 'move');
});
