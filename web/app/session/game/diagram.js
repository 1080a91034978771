// The game of an embedded diagram (embed.html): the page's own record of a game (GameModel,
// model.js) set up from the start its address gives, the piece whose move diagram is shown,
// and the moves a reader plays on it. No DOM: the embed (ui/embed/embed.js) draws what this
// holds and asks it; it is the one writer of the diagram's game, as the controller is of
// the page's. Every rule question goes to the engine (GameModel, moveDiagram).
//
// What the address asked for and the engine refused is named by a problem: a message of the
// catalogues (public/i18n/*.json, embed.error.*) with its arguments, said by the embed (the
// engine's reason among them a failure, said by util/i18n.js reason()).
import { createGameModel, START } from './model.js';
import { moveDiagram } from '../../facts/move-diagram.js';
import { parseSquare, squareName } from '../../facts/squares.js';
import { defaultRules } from '../../facts/facts.js';
import { success } from '../../util/result.js';
import { coreRefusal } from '../../facts/terms.js';

/** @typedef {{fen: string, moves: string[], rules: string}} DiagramStart where a diagram starts: fen '' for the standard start */
/** @typedef {{id: string, args: Record<string, any>}} Problem a message of the catalogues and its arguments */
/** @typedef {import('../../facts/move-diagram.js').MoveDiagram} MoveDiagram */
/** @typedef {import('../../util/result.js').Result} Result */

/** The standard start under the default rule set (core's first). @returns {DiagramStart} */
export const standardStart = () => ({ fen: '', moves: [], rules: defaultRules() });

/**
 * A diagram's game. M: the engine module (the facts known: useFacts). interactive: false for
 * a picture (no moves to play). show: the square whose diagram is shown at the start and
 * after a reset, or null.
 * @param {any} M
 * @param {{interactive?: boolean, show?: string | null}} [options]
 */
export function createDiagram(M, { interactive = true, show = null } = {}) {
  const model = createGameModel(M);
  /** @type {DiagramStart} what reset() returns to (set by begin()) */
  let start = standardStart();
  /** @type {string | null} the square whose diagram is shown */
  let selected = null;
  /** @type {MoveDiagram | null} its diagram */
  let diagram = null;
  let dirty = false; // a move was played since the start or the last reset

  // Sets up start.fen and plays start.moves one by one, so that a bad move leaves the
  // position before it, named with the engine's reason; a position the engine refuses
  // gives way to the standard start.
  /** @returns {Problem[]} */
  function setUp() {
    const set = model.load(start.fen || START, [], [], null, start.rules);
    if (set.error) {
      start = standardStart();
      model.load(START, [], [], null, start.rules);
      return [{ id: 'embed.error.position', args: { why: set } }]; // core's reason: reason() words it
    }
    for (let i = 0; i < start.moves.length; i++) {
      const played = model.play(start.moves[i]);
      if (played.error) {
        const problem = {
          id: 'embed.error.move',
          args: { n: i + 1, move: start.moves[i], why: played, before: i },
        };
        start = { ...start, moves: start.moves.slice(0, i) };
        return [problem];
      }
    }
    return [];
  }

  /** The piece on `name` shown with its diagram, or none (name null). @returns {Problem[]} */
  function select(name) {
    selected = null;
    diagram = null;
    if (!name) return [];
    const d = moveDiagram(M, model.live.fen, name, model.rules);
    if (d.error) return [{ id: 'embed.error.diagram', args: { square: name, why: coreRefusal(d) } }];
    selected = name;
    diagram = d.value;
    return [];
  }

  /** The side to move's legal moves by origin square name: none in a picture or once the game is over. */
  const legal = () => (!interactive || model.isOver() ? new Map() : model.dests());

  return {
    model,
    /**
     * The diagram set up from `from` (the address's): every problem named, what could not
     * be played left out. A piece on `show` is shown with its diagram.
     * @param {DiagramStart} from @returns {Problem[]}
     */
    begin(from) {
      start = { fen: from.fen || '', moves: [...from.moves], rules: from.rules || defaultRules() };
      const problems = setUp();
      if (show && model.live.board[parseSquare(show)] === '.')
        problems.push({ id: 'embed.error.noPiece', args: { square: show } });
      else if (show) problems.push(...select(show));
      return problems;
    },
    /** Back to the start, its diagram shown again. @returns {Problem[]} */
    reset() {
      dirty = false;
      select(null);
      const problems = setUp();
      if (show) problems.push(...select(show));
      return problems;
    },
    select,
    legal,
    /**
     * The legal move from square `from` to square `to` (core's integers) played, or a
     * result without a move when there is none.
     * @param {number} from @param {number} to
     * @returns {Result}
     */
    moveBetween(from, to) {
      const target = (legal().get(squareName(from)) || []).find((d) => parseSquare(d.to) === to);
      if (!target) return success();
      return this.play(target.coordinate);
    },
    /** A legal move played (coordinate): the diagram shown goes. @returns {Result} */
    play(coordinate) {
      const r = model.play(coordinate);
      if (r.error) return r;
      dirty = true;
      select(null);
      return r;
    },
    selected: () => selected,
    diagram: () => diagram,
    dirty: () => dirty,
    /** The game as a link gives it (links.js encodeGame): the start ('' the standard one), the moves, the rules. */
    record() {
      const s = model.startFen;
      return {
        fen: s === START || s === M.START_POSITION ? '' : s,
        moves: model.coordinates(),
        rules: model.rules,
      };
    },
  };
}
