// Appended inside the module factory (--post-js). Once the runtime is ready, defines
// Module.Game: a thin wrapper over the Embind class GameCore that turns every
// {error: message} answer into a thrown Error(message). The C++ side never throws
// (exceptions are disabled), so a bad input cannot abort the module.
Module['ready'] = Module['ready'].then(function (M) {
  var Core = M['GameCore'];
  function check(r) {
    if (r !== null && typeof r === 'object' && !Array.isArray(r) && typeof r['error'] === 'string') {
      throw new Error(r['error']);
    }
    return r;
  }
  function str(x, what) {
    if (typeof x !== 'string') throw new TypeError(what + ' must be a string');
    return x;
  }
  function int(x, what) {
    if (typeof x !== 'number' || !Number.isInteger(x)) throw new TypeError(what + ' must be a whole number');
    return x;
  }
  class Game {
    constructor(fen, moves) {
      this._core = new Core();
      if (fen !== undefined || moves !== undefined) this.setPosition(fen, moves);
    }
    delete() { if (this._core) { this._core.delete(); this._core = null; } }
    newGame() { this._core.newGame(); }
    // fen: position string ('' / 'startpos' / undefined for the start); moves: array of
    // coordinate or algebraic moves. All or nothing.
    setPosition(fen, moves) {
      if (fen === undefined || fen === null) fen = '';
      str(fen, 'the position');
      if (moves !== undefined && moves !== null && !Array.isArray(moves)) throw new TypeError('the moves must be an array of strings');
      check(this._core.setPosition(fen, moves === null ? undefined : moves));
    }
    fen() { return this._core.fen(); }
    startFen() { return this._core.startFen(); }
    sideToMove() { return this._core.sideToMove(); }
    moveNumber() { return this._core.moveNumber(); }
    quietPlies() { return this._core.quietPlies(); }
    board() { return this._core.board(); }
    frozen() { return this._core.frozen(); }
    checkedKing() { return this._core.checkedKing(); }
    lastMove() { return this._core.lastMove(); }
    legalMoves() { return this._core.legalMoves(); }
    legalMovesAlgebraic() { return this._core.legalMovesAlgebraic(); }
    legalMovesDetailed() { return this._core.legalMovesDetailed(); }
    movable() { return this._core.movable(); }
    destinations(from) { return check(this._core.destinations(str(from, 'the square'))); }
    moveDiagram(square) { return check(this._core.moveDiagram(str(square, 'the square'))); }
    destinationsByLevel(from) { return check(this._core.destinationsByLevel(str(from, 'the square'))); }
    play(move) { return check(this._core.play(str(move, 'the move'))); }
    undo() { return check(this._core.undo()); }
    status() { return this._core.status(); }
    history() { return this._core.history(); }
    perft(depth) { return check(this._core.perft(int(depth, 'the perft depth'))); }
    divide(depth) { return check(this._core.divide(int(depth, 'the divide depth'))); }
    // limits {depth, nodes, movetime, infinite}; level 1..10 (optional); onInfo(info).
    search(limits, level, onInfo) {
      if (limits !== undefined && limits !== null && (typeof limits !== 'object' || Array.isArray(limits))) {
        throw new TypeError('search limits must be an object');
      }
      return check(this._core.search(limits, level, onInfo));
    }
    stop() { this._core.stop(); }
    setLevel(level) { check(this._core.setLevel(level)); }
    level() { return this._core.level(); }
    setHash(mb) { check(this._core.setHash(mb)); }
    clearHash() { this._core.clearHash(); }
  }
  M['Game'] = Game;
  M['levelInfo'] = function (level) { return check(M['levelInfoCore'](int(level, 'the level'))); };
  return M;
});
