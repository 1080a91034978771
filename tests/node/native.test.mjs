// Random games played to their end through the wasm facade agree with the native CLI
// move for move: the legal moves (coordinate and algebraic) and the status at every ply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, nativeBinary, runNative, rng } from './helpers.mjs';

const M = await loadEngine();
const GAMES = Number(process.env.DC_RANDOM_GAMES || 6);

test('random games agree with the native engine', { skip: !nativeBinary() && 'native CLI not built' }, () => {
  const g = new M.Game();
  for (let game = 0; game < GAMES; game++) {
    const rand = rng(1000 + game);
    g.newGame();
    const plies = []; // per ply: sorted "coord alg" lines, status line
    // Captures are preferred half of the time, so that games end by mate/bare Kings too.
    for (let ply = 0; ply < 4000; ply++) {
      const st = g.status();
      const moves = g.legalMovesDetailed();
      plies.push({
        moves: moves.map((m) => `${m.coordinate} ${m.algebraic}`).sort(),
        status: `status ${st.state}${st.check ? ' check' : ''} : ${st.reason}`,
      });
      if (st.over) break;
      const caps = moves.filter((m) => m.kind !== 'move');
      const pool = caps.length && rand() < 0.5 ? caps : moves;
      g.play(pool[Math.floor(rand() * pool.length)].coordinate);
    }
    const h = g.history();
    assert.ok(g.status().over, `game ${game} ended`);
    const cmds = ['position startpos'];
    for (let i = 0; i < plies.length; i++) {
      cmds.push('moves', 'status');
      if (i < h.coordinate.length) cmds.push(`play ${h.coordinate[i]}`);
    }
    cmds.push('d');
    const out = runNative(cmds);
    let k = 0;
    for (let i = 0; i < plies.length; i++) {
      const got = [];
      while (!out[k].startsWith('total ')) got.push(out[k++]);
      assert.equal(Number(out[k++].split(' ')[1]), plies[i].moves.length, `game ${game} ply ${i}`);
      assert.deepEqual(got.sort(), plies[i].moves, `game ${game} ply ${i}`);
      assert.equal(out[k++], plies[i].status, `game ${game} ply ${i}`);
      if (i < h.coordinate.length) {
        assert.equal(out[k++], `played ${h.coordinate[i]} ${h.algebraic[i]}`, `game ${game} ply ${i}`);
      }
    }
    const fenLine = out.find((l) => l.startsWith('position '));
    assert.equal(fenLine, `position ${g.fen()}`);
  }
  g.delete();
});
