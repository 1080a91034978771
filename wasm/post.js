// Appended inside the module factory (--post-js). Once the runtime is ready, defines on
// the module:
//   Game    the rules (a game record and the page's questions about it), over GameCore
//   Search  the worker's search service (position record + resumable search), over SearchCore
//   listRecords, readRecord  game record texts (core/record.h) read into plain values
//   RecordList               a large text's games listed a few at a time, read one by one
//   computerAcceptsDraw      the computer's answer to a draw offer (core/search/draw_offer.h)
//   lessonState(fen, goal, moves)  where a tutorial lesson stands (core/lesson.h)
//   positionFromBoard(board, side)  the position editor's board -> a position string
//   parseTimeControl, flagOutcome, timeBudget  the game clock (core/clock.h, timeman.h)
//   START_POSITION, PIECES, RULE_SETS, COLORS, BOARDS, LEVELS, GAME_STATES, QUIET_MOVE_LIMIT,
//   MAX_RECORD_TEXT,
//   ENGINE_VERSION, SEARCH_SLICE_NODES: facts exported from core (frozen plain values)
// A rule set is named 'gygax' (the default) or 'bga' (RULE_SETS); where a rules argument
// is optional, undefined / null means the default (or, for a Game, its rule set so far).
// Errors, one convention: every failure throws an Error whose .code is a stable string
// (docs/worker-protocol.md lists them) and whose message is core's (a refused move's also
// has .reason: {key, args}, core/result.h). The C++ side never throws
// (exceptions are disabled); it answers {error, code}, turned into the Error here.
Module['ready'] = Module['ready'].then(function (M) {
  function engineError(code, message, line, key, args) {
    const e = new Error(message);
    e['code'] = code;
    if (line !== undefined) e['line'] = line; // bad-record: the record's line
    // a refused move: core's name of the reason and its arguments (strings), which the
    // page words in the reader's language (its message is their English)
    if (key !== undefined) e['reason'] = { key: key, args: args };
    return e;
  }
  function check(r) {
    if (r !== null && typeof r === 'object' && !Array.isArray(r) && typeof r['error'] === 'string') {
      throw engineError(r['code'], r['error'], r['line'], r['key'], r['args']);
    }
    return r;
  }
  function str(x, what) {
    if (typeof x !== 'string') throw engineError('bad-argument', what + ' must be a string');
    return x;
  }
  // A record text: a string, or the bytes of a file (a Uint8Array or an ArrayBuffer), which
  // core reads as they are (it tells UTF-8 from UTF-16 and binary files itself).
  function textOrBytes(x, what) {
    if (x instanceof ArrayBuffer) return new Uint8Array(x);
    if (typeof x === 'string' || x instanceof Uint8Array) return x;
    throw engineError('bad-argument', what + ' must be a string or bytes (a Uint8Array or an ArrayBuffer)');
  }
  function int(x, what) {
    if (typeof x !== 'number' || !Number.isInteger(x))
      throw engineError('bad-argument', what + ' must be a whole number');
    return x;
  }
  function rulesArg(rules) {
    if (rules === undefined || rules === null) return '';
    return str(rules, 'the rule set');
  }
  function moveList(moves) {
    if (moves === undefined || moves === null) return [];
    if (!Array.isArray(moves)) throw engineError('bad-argument', 'the moves must be an array of strings');
    return moves;
  }
  function deepFreeze(x) {
    if (x !== null && typeof x === 'object') {
      Object.keys(x).forEach(function (k) {
        deepFreeze(x[k]);
      });
      Object.freeze(x);
    }
    return x;
  }

  const GameCore = M['GameCore'];
  class Game {
    // fen: position string ('' / 'startpos' / undefined for the start); moves: array;
    // rules: 'gygax' (default) | 'bga'.
    constructor(fen, moves, rules) {
      this._core = new GameCore();
      if (fen !== undefined || moves !== undefined || rules !== undefined)
        this.setPosition(fen, moves, rules);
    }
    delete() {
      if (this._core) {
        this._core.delete();
        this._core = null;
      }
    }
    // rules: as for setPosition.
    newGame(rules) {
      check(this._core.newGame(rulesArg(rules)));
    }
    // All or nothing: on error the game is unchanged. rules: 'gygax' | 'bga', or
    // undefined for the game's rule set so far.
    setPosition(fen, moves, rules) {
      if (fen === undefined || fen === null || fen === 'startpos') fen = '';
      check(this._core.setPosition(str(fen, 'the position'), moveList(moves), rulesArg(rules)));
    }
    // The rule set: 'gygax' | 'bga'.
    rules() {
      return this._core.rules();
    }
    // The same game under another rule set, its moves played again: all or nothing (an
    // error, code bad-move, names the first move that is not legal there).
    setRules(rules) {
      check(this._core.setRules(str(rules, 'the rule set')));
    }
    fen() {
      return this._core.fen();
    }
    startFen() {
      return this._core.startFen();
    }
    sideToMove() {
      return this._core.sideToMove();
    }
    moveNumber() {
      return this._core.moveNumber();
    }
    board() {
      return this._core.board();
    }
    frozen() {
      return this._core.frozen();
    }
    checkedKing() {
      return this._core.checkedKing();
    }
    // The squares of the pieces giving check to the side to move ([] when not in check).
    checkers() {
      return this._core.checkers();
    }
    // The pieces attacked from another level: [{square, by: [squares]}] (both sides).
    crossLevelThreats() {
      return this._core.crossLevelThreats();
    }
    // The moves the other side could queue now (as legalMovesDetailed; [] in check).
    premoves() {
      return this._core.premoves();
    }
    lastMove() {
      return this._core.lastMove();
    }
    legalMoves() {
      return this._core.legalMoves();
    }
    legalMovesDetailed() {
      return this._core.legalMovesDetailed();
    }
    movable() {
      return this._core.movable();
    }
    destinations(from) {
      return check(this._core.destinations(str(from, 'the square')));
    }
    moveDiagram(square) {
      return check(this._core.moveDiagram(str(square, 'the square')));
    }
    play(move) {
      return check(this._core.play(str(move, 'the move')));
    }
    undo() {
      return check(this._core.undo());
    }
    redo() {
      return check(this._core.redo());
    }
    status() {
      return this._core.status();
    }
    // The endings off the board: side 'gold' | 'scarlet' resigns; a draw by agreement; the
    // side to move's flag fell (state 'timeout', or 'timeout-draw' against a lone King).
    // -> the status; game-over once the game is over.
    resign(side) {
      return check(this._core.resign(str(side, 'the side')));
    }
    agreeDraw() {
      return check(this._core.agreeDraw());
    }
    flag() {
      return check(this._core.flag());
    }
    result() {
      return this._core.result();
    }
    // The game as a record text. options: {tags: {Name: value}, comments: [...], glyphs: [...],
    // clocks: [ms left after each ply, or null]}.
    record(options) {
      const o = options === undefined || options === null ? {} : options;
      if (typeof o !== 'object' || Array.isArray(o))
        throw engineError('bad-argument', 'the record options must be an object');
      return check(this._core.record(o['tags'], o['comments'], o['glyphs'], o['clocks']));
    }
    history() {
      return this._core.history();
    }
    // Core's move number written before ply `ply` ('12.' Gold, '12…' Scarlet), any ply >= 0.
    moveLabel(ply) {
      return check(this._core.moveLabel(int(ply, 'the ply')));
    }
    perft(depth) {
      return check(this._core.perft(int(depth, 'the perft depth')));
    }
  }

  // The search service of the engine worker (web/engine/engine-worker-core.js):
  //   const s = new M.Search(hashMb);
  //   s.setPosition(fen, keep, moves);        // keep the first `keep` moves, append `moves`
  //   s.start(limits | null, level, seed?);   // null: the level's own limits
  //   while (!s.advance(M.SEARCH_SLICE_NODES, onInfo)) { /* yield to the event loop */ }
  //   s.result();  s.progress();  s.stop();
  const SearchCore = M['SearchCore'];
  const LIMIT_KEYS = ['depth', 'nodes', 'movetime'];
  class Search {
    constructor(hashMb) {
      this._core = new SearchCore(hashMb === undefined ? 16 : int(hashMb, 'the hash size'));
    }
    delete() {
      if (this._core) {
        this._core.delete();
        this._core = null;
      }
    }
    setHash(mb) {
      check(this._core.setHash(int(mb, 'the hash size')));
    }
    // rules: 'gygax' (default) | 'bga'; moves kept are of a record under the same rules.
    // -> {reset, kept, added}
    setPosition(fen, keep, moves, rules) {
      if (fen === undefined || fen === null || fen === 'startpos') fen = '';
      return check(
        this._core.setPosition(str(fen, 'the position'), int(keep, 'keep'), moveList(moves), rulesArg(rules)),
      );
    }
    // limits: {depth?, nodes?, movetime?, infinite?} or null (the level's own limits).
    // options: {multipv = 1 (best lines reported), threat = false (search the position
    // after a pass), ply = -1 (the position after the record's first `ply` moves; -1 the last),
    // fresh = false (clear the search's tables first: the answer depends on the position and
    // the limits alone)}.
    start(limits, level, seed, options) {
      const l = { depth: 0, nodes: 0, movetime: 0 };
      let infinite = false;
      if (limits !== undefined && limits !== null) {
        if (typeof limits !== 'object' || Array.isArray(limits))
          throw engineError('bad-limits', 'search limits must be an object');
        LIMIT_KEYS.forEach(function (k) {
          const x = limits[k];
          if (x === undefined || x === null) return;
          if (typeof x !== 'number')
            throw engineError('bad-limits', "search limit '" + k + "' must be a number");
          l[k] = x;
        });
        infinite = limits['infinite'] === true;
      }
      if (level === undefined || level === null) level = 10;
      if (typeof level !== 'number')
        throw engineError('bad-level', 'level must be a whole number from 1 to 10');
      const o = options === undefined || options === null ? {} : options;
      if (typeof o !== 'object' || Array.isArray(o))
        throw engineError('bad-argument', 'search options must be an object');
      const multipv = o['multipv'] === undefined || o['multipv'] === null ? 1 : o['multipv'];
      const ply = o['ply'] === undefined || o['ply'] === null ? -1 : o['ply'];
      if (typeof multipv !== 'number')
        throw engineError('bad-argument', 'multipv must be a whole number of lines');
      if (typeof ply !== 'number') throw engineError('bad-argument', 'ply must be a whole number');
      check(
        this._core.start(
          l.depth,
          l.nodes,
          l.movetime,
          infinite,
          level,
          seed === undefined ? null : seed,
          multipv,
          o['threat'] === true,
          ply,
          o['fresh'] === true,
        ),
      );
    }
    // The computer's move on its clock (the record's last position): clock {time, inc = 0,
    // movestogo = 0, overhead = DEFAULT_MOVE_OVERHEAD} in ms; core's time manager sets the
    // limits (below level 10 never longer than the level's own). -> {soft, hard, panic}.
    startClock(clock, level, seed) {
      if (clock === null || typeof clock !== 'object' || Array.isArray(clock))
        throw engineError('bad-clock', 'the clock must be an object {time, inc, movestogo, overhead}');
      const c = { time: undefined, inc: 0, movestogo: 0, overhead: M['DEFAULT_MOVE_OVERHEAD'] };
      ['time', 'inc', 'movestogo', 'overhead'].forEach(function (k) {
        const x = clock[k];
        if (x === undefined || x === null) return;
        if (typeof x !== 'number') throw engineError('bad-clock', "the clock's " + k + ' must be a number');
        c[k] = x;
      });
      if (c.time === undefined)
        throw engineError('bad-clock', "the clock needs 'time': the side to move's time left in ms");
      if (level === undefined || level === null) level = 10;
      if (typeof level !== 'number')
        throw engineError('bad-level', 'level must be a whole number from 1 to 10');
      return check(
        this._core.startClock(
          c.time,
          c.inc,
          c.movestogo,
          c.overhead,
          level,
          seed === undefined ? null : seed,
        ),
      );
    }
    // The rules' status of the position after the record's first `ply` moves (-1: the last).
    statusAt(ply) {
      return check(this._core.statusAt(ply === undefined || ply === null ? -1 : int(ply, 'ply')));
    }
    advance(budget, onInfo) {
      if (onInfo !== undefined && onInfo !== null && typeof onInfo !== 'function') {
        throw engineError('bad-argument', 'the progress callback must be a function');
      }
      return this._core.advance(int(budget, 'the node budget'), onInfo || null);
    }
    done() {
      return this._core.done();
    }
    result() {
      return this._core.result();
    }
    progress() {
      return this._core.progress();
    }
    stop() {
      this._core.stop();
    }
  }

  M['Game'] = Game;
  M['Search'] = Search;
  // Game record texts: the games of a text without playing them, [{line, tags (the
  // roster), result, moves}]; and game `index` (0 = the first) played: {startFen, rules,
  // moves, algebraic, status, tags, comments, glyphs, clocks} (rules: its Variant tag's rule
  // set). A bad record throws code 'bad-record' with .line.
  M['listRecords'] = function (text) {
    return check(M['listRecordsCore'](textOrBytes(text, 'the record')));
  };
  M['readRecord'] = function (text, index) {
    const i = index === undefined || index === null ? 0 : int(index, 'the game index');
    return check(M['readRecordCore'](textOrBytes(text, 'the record'), i));
  };
  // (A text may be given as a string or as a file's bytes: textOrBytes.)
  // A large text held once: next(maxGames) -> {listed, done, read, size, total} lists a few
  // more games (listed: how many so far; read / size: the bytes; total: the text's games,
  // counted when the first call does not reach the end: the calls after it count a stretch
  // of the text each (counting: true, counted: the bytes counted) and list no more games
  // until the count ends, or refuse a text of too many games); games(from, to) -> [{line, tags (the roster), result, moves}] of those
  // listed; read(i) reads game i of those listed from its own text; count(); delete().
  const RecordListCore = M['RecordListCore'];
  class RecordList {
    constructor(text) {
      const t = textOrBytes(text, 'the record');
      const bytes = typeof t === 'string' ? new TextEncoder().encode(t) : t;
      this._core = new RecordListCore(bytes.length);
      this._core['buffer']().set(bytes);
    }
    delete() {
      if (this._core) {
        this._core.delete();
        this._core = null;
      }
    }
    next(maxGames) {
      return check(this._core.next(int(maxGames === undefined ? 500 : maxGames, 'the number of games')));
    }
    count() {
      return this._core.count();
    }
    games(from, to) {
      return this._core.games(int(from, 'the first game'), int(to, 'the end'));
    }
    read(index) {
      return check(this._core.read(int(index, 'the game index')));
    }
  }
  M['RecordList'] = RecordList;
  // The computer's answer to a draw offer, from the worker's result of the search of its
  // move ({score, mate}: for the side to move, the computer) and the game's plies.
  M['computerAcceptsDraw'] = function (result, plies) {
    if (result === null || typeof result !== 'object')
      throw engineError('bad-argument', 'the search result must be an object');
    const score = result['score'],
      mate = result['mate'];
    if (typeof score !== 'number' || !isFinite(score))
      throw engineError('bad-argument', 'the search result has no score');
    if (mate !== null && mate !== undefined && typeof mate !== 'number')
      throw engineError('bad-argument', 'the mate must be a number or null');
    return M['acceptsDrawCore'](Math.round(score), mate ? Math.round(mate) : 0, int(plies, 'the plies'));
  };
  // rules: the rule set of the lesson ('gygax' default | 'bga').
  // -> {fen, board, frozen, learner, sideToMove, check, done, failed, message (English),
  //     parts (the message named: [{key, args}]), left, piece, maxMoves,
  //     moves: [{from, to, kind, promotion, coordinate, algebraic}]}
  M['lessonState'] = function (fen, goal, moves, rules) {
    return check(
      M['lessonStateCore'](str(fen, 'the position'), str(goal, 'the goal'), moveList(moves), rulesArg(rules)),
    );
  };
  // The position editor: a board of 288 characters ('.' empty), the side to move
  // ('gold' | 'scarlet') and the rule set ('gygax' default | 'bga') -> the position
  // string; throws bad-position with core's reason.
  M['positionFromBoard'] = function (board, side, rules) {
    return check(
      M['positionFromBoardCore'](str(board, 'the board'), str(side, 'the side to move'), rulesArg(rules)),
    );
  };
  // The game clock. A time control's text ("10+0.1", "40/60+1", seconds) -> {base, inc,
  // moves, text} in ms; throws bad-clock.
  M['parseTimeControl'] = function (text) {
    return check(M['parseTimeControlCore'](str(text, 'the time control')));
  };
  // A fallen flag: `side` ('gold' | 'scarlet') is out of time in the position `fen` ->
  // {draw, winner, result, reason} (a loss, or a draw when the other side has only its King).
  M['flagOutcome'] = function (fen, side) {
    if (fen === undefined || fen === null || fen === 'startpos') fen = '';
    return check(M['flagOutcomeCore'](str(fen, 'the position'), str(side, 'the side')));
  };
  // The time manager's limits of one move at full strength: clock {time, inc, movestogo,
  // ply, overhead} -> {soft, hard, panic} (ms).
  M['timeBudget'] = function (clock) {
    const c = clock === null || typeof clock !== 'object' ? {} : clock;
    function n(k, d) {
      const x = c[k] === undefined || c[k] === null ? d : c[k];
      if (typeof x !== 'number') throw engineError('bad-clock', "the clock's " + k + ' must be a number');
      return x;
    }
    return check(
      M['timeBudgetCore'](
        n('time', NaN),
        n('inc', 0),
        n('movestogo', 0),
        n('ply', 0),
        n('overhead', M['DEFAULT_MOVE_OVERHEAD']),
      ),
    );
  };
  const facts = M['factsCore']();
  Object.keys(facts).forEach(function (k) {
    M[k] = deepFreeze(facts[k]);
  });
  return M;
});
