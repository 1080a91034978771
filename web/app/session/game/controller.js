// The game controller: plain JS, no DOM (it runs under Node in tests/node/app-controller).
// It holds what the page shows beyond the game record (the ply on view, the selection and
// its legal destinations, a hint, a note under the status, pause) and every game action
// (select, play, undo, redo, browse, reset), and a move queued while the other side thinks
// (a premove, played when the turn comes). The record itself is the GameModel over the
// main-thread engine (model.js); who plays each side are player objects (players.js).
// What can fail answers a result (util/result.js): {value} or {error: why, for people}.
// It is the one writer of the game's state: the other modules read its fields and ask it
// (its methods), none assigns them or emits its events. The page listens to its events
// (EVENTS, below: an event not declared there throws).
// The clocks (session/game/clock.js) are kept here with the game: `clock` is null without a time
// control; `now()` gives the time (epoch ms; a test passes its own).
import { START } from './model.js';
import { pieceName, pieceSide, SIDE_NAME, other, defaultRules } from '../../facts/facts.js';
import { parseSquare, squareName, moveNames } from '../../facts/squares.js';
import { destSquares, afarSquares, moveArrow } from '../../facts/moves.js';
import {
  moveWords,
  squareWords,
  destinationWords,
  resultTitle,
  resultReason,
  checkWords,
  assistWords,
  afarWords,
} from '../../facts/words.js';
import { Emitter } from '../../util/emitter.js';
import { playersFor, opponentText, recordedNames } from './players.js';
import { offerAfterMove, takebackAfterMove } from './offers.js';
import { failure, success } from '../../util/result.js';
import * as clock from './clock.js';
import { count } from '../../util/plural.js';
/** @typedef {import('../../util/result.js').Result} Result */

export const WAITING = "Waiting for your opponent's move — send them the link";
const SLEEP_MIN_MS = 2000; // less than this between the clocks is the wall clock's own correction
const GAME_OVER = 'The game is over. Start a new game or step through the moves.';
// The first words of a game, by the device's pointer (a touch screen is tapped).
const FIRST_MOVE = {
  mouse: 'Click or drag a piece to see where it can go.',
  touch: 'Tap or drag a piece to see where it can go.',
};

/** The controller's events, each once:
 *  'interrupt'  before anything that makes a running search pointless (the AI cancels it)
 *  'reset'      {continues} another game is on the page (the reset path), before its first
 *               'record'; continues: it is the same game gone on (a link's answer), so what
 *               was open for it may stay; otherwise nothing of the game before may stay
 *  'turn'       after the game changed: a computer to move may start thinking
 *  'moved'      {plies, reverse} the board changed by these plies (animate them)
 *  'record'     the record or the settings changed (save, address bar); {restored: true}
 *               when the game was just read back from storage unchanged
 *  'change'     anything on show changed (render)
 *  'announce'   text for the live region (a move in words, an undo, ...)
 *  'over'       the game has just ended */
export const EVENTS = Object.freeze([
  'interrupt',
  'reset',
  'turn',
  'moved',
  'record',
  'change',
  'announce',
  'over',
]);

export const sameStart = (a, b) =>
  (a === START || a === '' ? START : a) === (b === START || b === '' ? START : b);

export class Controller extends Emitter {
  // model: a GameModel; settings: clean settings (store.cleanSettings)
  // now: epoch ms; monotonic: ms of a clock that stands still while the device sleeps
  // touch: the device is used by touch (the words say tap, not click)
  constructor(
    model,
    settings,
    { now = () => Date.now(), monotonic = () => performance.now(), touch = false } = {},
  ) {
    super(EVENTS);
    this.touch = touch;
    this.now = now;
    this.monotonic = monotonic;
    this.awake = null; // {wall, mono}: both clocks when the sleep credit last looked
    this.clock = null; // the game's clocks (clock.js) when settings.tc, else null
    this.model = model;
    this.settings = settings;
    this.players = playersFor(settings);
    this.viewPly = model.length;
    this.selected = null; // square name
    this.dests = []; // its legal destinations (engine objects {to, kind, coordinate})
    this.hint = null; // {from, to, algebraic, ply}
    this.note = null; // {text, kind, action?: {label, act: a page action's name}}
    this.paused = false; // both sides computers: paused
    this.overShownFor = null;
    this.offer = null; // a draw offer on the table (offers.js): {kind: 'offer'|'declined', by}
    this.takeback = null; // a takeback request (offers.js): {kind: 'ask'|'declined'|'accepted', by}
    this.assists = []; // help used in a game between people: [{ply, side, kind: 'hint'|'analysis'}]
    this.premove = null; // a move queued by the person here while the other side thinks: {from, to, algebraic}
    this.endedHere = false; // this device ended the game off the board (resigned, accepted a draw)
    this.meta = null; // an opened record's {tags, comments, glyphs} (session/share/record.js)
  }

  // --- who plays ------------------------------------------------------------------------
  player(side) {
    return this.players[side];
  }
  humanPlays(side) {
    return this.players[side].kind === 'human';
  }
  aiPlays(side) {
    return this.players[side].kind === 'computer';
  }
  // the side of the one person at this device when the other side is not a person here
  humanSide() {
    const { gold, scarlet } = this.players;
    if (gold.kind === 'human' && scarlet.kind !== 'human') return 'gold';
    if (scarlet.kind === 'human' && gold.kind !== 'human') return 'scarlet';
    return null;
  }
  hasRemote() {
    return this.players.gold.kind === 'remote' || this.players.scarlet.kind === 'remote';
  }
  // A game between people (on this device or by link): no computer plays.
  peopleGame() {
    return !this.aiPlays('gold') && !this.aiPlays('scarlet');
  }
  noHuman() {
    return !this.humanPlays('gold') && !this.humanPlays('scarlet');
  }
  opponentText() {
    return opponentText(this.players, this.settings.level);
  }

  // --- state ----------------------------------------------------------------------------
  isLive() {
    return this.viewPly === this.model.length;
  }
  shown() {
    return this.model.snap(this.viewPly);
  }
  sideToMove() {
    return this.model.sideToMove();
  }
  isOver() {
    return this.model.isOver();
  }
  pieceAt(name) {
    const c = this.model.live.board[parseSquare(name)];
    return c && c !== '.' ? c : null;
  }
  record() {
    const r = {
      startFen: this.model.startFen,
      moves: this.model.coordinates(),
      redo: this.model.redo,
      settings: this.settings,
    };
    const ending = this.model.ending();
    if (ending) r.ending = ending;
    if (this.offer) r.offer = this.offer;
    if (this.takeback) r.takeback = this.takeback;
    if (this.assists.length) r.assists = this.assists;
    if (this.premove) r.premove = this.premove;
    if (this.endedHere) r.endedHere = true;
    if (this.meta) r.meta = this.meta;
    if (this.model.rules !== defaultRules()) r.rules = this.model.rules;
    if (this.clock) r.clock = this.clock;
    return r;
  }
  recordKey() {
    const e = this.model.ending();
    return (
      this.model.rules +
      ' ' +
      this.model.startFen +
      ' ' +
      this.model.coordinates().join(' ') +
      (e ? ' ' + e.state + ' ' + e.winner : '')
    );
  }
  // Whether the computer should move now.
  computerToMove() {
    return !this.isOver() && !this.paused && this.aiPlays(this.sideToMove());
  }

  // The one reset path: a new game, a saved game, a link, a previous game. -> {value} or
  // {error} with the engine's message when the game is not valid (everything as it was).
  // `restored`: the game comes from storage as it is (the 'record' event says so).
  // `ending`, `offer`, `takeback`, `assists`, `premove`, `endedHere`, `meta`, `rules` (the
  // rule set, Gygax's when absent): as record() gives them.
  // `clock`: the saved clocks of this game (checked against it; fresh clocks otherwise).
  // `continues`: the game on the page goes on (a link bringing the opponent's answer); any
  // other reset starts another game, clean: no analysis, review or help of the one before.
  reset({
    settings = this.settings,
    startFen = START,
    moves = [],
    redo = [],
    seen = true,
    restored = false,
    ending = null,
    offer = null,
    takeback = null,
    assists = [],
    premove = null,
    endedHere = false,
    meta = null,
    rules = defaultRules(),
    clock: saved = null,
    continues = false,
  } = {}) {
    const players = playersFor(settings, recordedNames(meta && meta.tags));
    const loaded = this.model.load(startFen, moves, settings.tc ? [] : redo, ending, rules); // nothing changed when it fails
    if (loaded.error) return loaded;
    this.emit('interrupt');
    const kept = settings.tc
      ? clock.cleanClock(saved, this.model.length, this.model.sideToMove(), this.model.isOver())
      : null;
    this.clock = settings.tc
      ? kept && clock.tcCode(kept.tc) === clock.tcCode(settings.tc)
        ? kept
        : clock.newClock(settings.tc, this.model.length)
      : null;
    this.emit('reset', { continues });
    this.offer = ending ? null : offer;
    this.takeback = ending ? null : takeback;
    this.assists = (Array.isArray(assists) ? assists : []).filter((a) => a.ply <= this.model.length);
    this.premove = !ending && premove && premove.from && premove.to ? premove : null;
    this.endedHere = !!(ending && endedHere);
    this.meta = meta;
    this.settings = settings;
    this.players = players;
    this.viewPly = this.model.length;
    this.paused = false;
    this.overShownFor = seen ? this.recordKey() : null;
    this.clearTransient();
    this.emit('record', { restored });
    this.emit('change');
    this.emit('turn');
    this.premoveDue();
    return success();
  }

  clearTransient() {
    this.deselect();
    this.hint = null;
    this.note = null;
  }

  setSettings(patch) {
    this.settings = { ...this.settings, ...patch };
    this.players = playersFor(this.settings, recordedNames(this.meta && this.meta.tags));
    this.emit('record');
    this.emit('change');
  }
  flip() {
    this.setSettings({ flipped: !this.settings.flipped });
  }
  // Who plays changes in the middle of a game (e.g. two players instead of the computer):
  // a running search stops, the game stays.
  setPlayers(patch) {
    this.emit('interrupt');
    this.clearTransient();
    this.setSettings(patch);
    this.emit('turn');
  }

  togglePause() {
    if (!this.noHuman()) return;
    this.paused = !this.paused;
    if (this.paused) this.emit('interrupt');
    this.emit('change');
    if (!this.paused) this.emit('turn');
  }

  // --- selecting ------------------------------------------------------------------------
  deselect() {
    this.selected = null;
    this.dests = [];
  }
  // The board dropped its selection: so does the game, and the note about it.
  clearSelection() {
    this.deselect();
    this.note = null;
    this.emit('change');
  }
  // The keyboard chose a square (Enter on it): its piece is selected, or the note says why
  // not (an empty square too). Whether it has moves.
  choose(name) {
    const movable = this.select(name);
    if (!this.pieceAt(name) && !this.note)
      this.note = { text: `${name} is empty: choose a piece to move.`, kind: 'warn' };
    this.emit('change');
    return movable;
  }
  // Escape, on the boards or the page: the selection goes (and its note, unless a queued
  // move's stays), else the queued move (its note says so), else the note. Whether a
  // selection or a queued move was cancelled.
  cancel() {
    if (this.selected) {
      this.deselect();
      if (!this.premove) this.note = null;
      this.emit('change');
      return true;
    }
    if (this.cancelPremove()) return true;
    if (this.note) {
      this.note = null;
      this.emit('change');
    }
    return false;
  }
  // A note under the status line (a link that could not be opened, the way a link's game
  // is played), or null.
  setNote(note) {
    this.note = note;
    this.emit('change');
  }
  // The summary of the game's end has been shown: not again for this game.
  overShown() {
    this.overShownFor = this.recordKey();
  }
  // Another mode takes the board (the editor, a lesson): a search for the game is pointless
  // meanwhile. resume(): the mode gave the board back; the computer may be to move.
  interrupt() {
    this.emit('interrupt');
  }
  resume() {
    this.emit('turn');
  }

  // Selects the piece on `name` if the person to move may move it, else sets a note saying
  // why not. Returns whether it has moves.
  select(name) {
    this.deselect();
    this.note = null;
    const piece = this.pieceAt(name);
    if (!piece) return false;
    const m = this.model,
      side = pieceSide(piece),
      stm = m.sideToMove(),
      st = m.status();
    const pname = pieceName(piece);
    const warn = (text) => {
      this.note = { text, kind: 'warn' };
      return false;
    };
    if (st.over) {
      this.note = { text: GAME_OVER, kind: 'note' };
      return false;
    }
    if (this.noHuman()) {
      this.note = { text: 'You are watching the computer play both sides.', kind: 'note' };
      return false;
    }
    const me = this.humanSide();
    if (side === me && this.canPremove()) {
      // the other side thinks: a move to queue
      this.selected = name;
      this.dests = [...(m.premoves().get(name) || [])];
      if (this.dests.length) return true;
      if (st.check) return warn(`No move can be queued while ${SIDE_NAME[stm]} is in check.`);
      return warn(`Your ${pname} on ${name} has no move to queue now.`);
    }
    if (side !== stm) {
      const owner = this.player(side).kind;
      if (owner === 'computer') return warn(`That is the computer's ${pname}: you play ${SIDE_NAME[me]}.`);
      if (owner === 'remote') return warn(`That is your opponent's ${pname}: you play ${SIDE_NAME[me]}.`);
      if (this.hasRemote()) return warn(`Not your turn: ${WAITING}.`);
      return warn(
        `Not your turn: ${SIDE_NAME[stm]} is to move${this.aiPlays(stm) ? ' (the computer is thinking)' : ''}.`,
      );
    }
    if (!this.humanPlays(stm))
      return warn(
        this.player(stm).kind === 'remote'
          ? `Not your turn: ${WAITING}.`
          : 'Not your turn: the computer is to move.',
      );
    this.selected = name;
    this.dests = m.destinations(name);
    if (this.dests.length) return true;
    const who = `${side === me ? 'Your' : SIDE_NAME[side]} ${pname} on ${name}`;
    if (m.frozenSet().has(name))
      return warn(`${who} is frozen by the enemy Basilisk directly below it: it cannot move.`);
    if (st.check) return warn(`${who} has no legal move: ${SIDE_NAME[stm]}'s King is in check.`);
    return warn(`${who} has no legal move.`);
  }

  // A click (or Enter) on a square: browse back to the live position, move the selected
  // piece there, select the piece there, or deselect. -> {value} or {error} (a move refused).
  click(name) {
    if (!this.isLive()) {
      this.goTo(this.model.length);
      return success();
    }
    if (this.selected && this.dests.some((d) => d.to === name)) return this.moveSelected(name);
    if (!this.pieceAt(name) || this.selected === name) this.deselect();
    else this.select(name);
    this.emit('change');
    return success();
  }

  /** @returns {Result} */
  moveSelected(to) {
    const d = this.dests.find((x) => x.to === to);
    if (!d) return failure('that square is not a legal destination');
    return this.canPremove() ? this.queuePremove(d) : this.play(d.coordinate);
  }

  // --- premoves ---------------------------------------------------------------------------
  // While the other side thinks (the computer, or the opponent by link), the person here may
  // queue one move of their own (lichess's premove): played at once when the turn comes if
  // it is legal then, dropped with a word if not; cancelled by a click elsewhere.
  canPremove() {
    const me = this.humanSide();
    return !!me && this.isLive() && !this.isOver() && this.sideToMove() !== me && !this.paused;
  }
  queuePremove(d) {
    this.premove = { from: d.from, to: d.to, algebraic: d.algebraic };
    this.deselect();
    this.note = {
      text: `Premove ${d.algebraic}: played when your turn comes (a click elsewhere cancels it).`,
      kind: 'note',
    };
    this.emit('announce', `Premove queued: ${d.algebraic}.`);
    this.emit('record');
    this.emit('change');
    return success();
  }
  /** Cancels the queued move; whether there was one. */
  cancelPremove() {
    if (!this.premove) return false;
    const { algebraic } = this.premove;
    this.premove = null;
    this.note = { text: `Premove ${algebraic} cancelled.`, kind: 'note' };
    this.emit('announce', `Premove ${algebraic} cancelled.`);
    this.emit('record');
    this.emit('change');
    return true;
  }
  // The turn has come to the person who queued a move: play it now (after the handlers of
  // the move that gave the turn).
  premoveDue() {
    const me = this.humanSide();
    if (this.premove && me && this.sideToMove() === me && !this.isOver())
      queueMicrotask(() => this.playPremove());
  }
  playPremove() {
    const pm = this.premove,
      me = this.humanSide();
    if (!pm || !me || this.sideToMove() !== me || this.isOver()) return;
    this.premove = null;
    if (!this.isLive()) this.goTo(this.model.length);
    const d = (this.model.dests().get(pm.from) || []).find((x) => x.to === pm.to);
    const r = d ? this.play(d.coordinate) : failure('it is not legal now');
    if (!r.error) return;
    this.note = { text: `Your premove ${pm.algebraic} was dropped: ${r.error}.`, kind: 'warn' };
    this.emit('announce', this.note.text);
    this.emit('record');
    this.emit('change');
  }

  // Whether the person at this device may move now: {value} or {error: why not}.
  /** @returns {Result} */
  mayMove() {
    if (this.isOver()) return failure(GAME_OVER);
    if (this.noHuman()) return failure('You are watching the computer play both sides.');
    const stm = this.sideToMove();
    if (this.humanPlays(stm)) return success();
    if (this.player(stm).kind === 'remote') return failure(`Not your turn: ${WAITING}.`);
    return failure('Not your turn: the computer is to move.');
  }

  // A move typed in algebraic or coordinate notation -> {value} (played) or {error}.
  /** @returns {Result} */
  playTyped(text) {
    const t = String(text || '').trim();
    if (!t) return failure('Type a move, such as W2c3 or 2c22c3.');
    if (t.length > 40) return failure('That is too long for a move.');
    if (!this.isLive()) this.goTo(this.model.length);
    const may = this.mayMove();
    return may.error ? may : this.play(t);
  }

  // --- playing --------------------------------------------------------------------------
  // Plays a move (coordinate or algebraic) by the side to move -> {value} or {error} with the
  // engine's reason it is not legal (nothing changed then).
  /** @returns {Result} */
  play(move) {
    const before = this.model.live;
    const now = this.now();
    if (this.checkFlag(now)) return failure(resultReason(this.model.status()));
    const r = this.model.play(move);
    if (r.error) return r;
    const played = r.value;
    if (this.clock) {
      this.clock = clock.moved(this.clock, before.side, now);
      if (this.isOver()) this.clock = clock.stopped(this.clock, now);
    }
    this.emit('interrupt');
    this.offer = offerAfterMove(this.offer, before.side);
    this.takeback = takebackAfterMove(this.takeback, before.side);
    if (before.side === this.humanSide()) this.premove = null; // played by hand: nothing left to queue
    this.emit('announce', moveWords(played, before, this.model.live));
    this.clearTransient();
    this.viewPly = this.model.length;
    this.emit('moved', { plies: [played], reverse: false });
    this.emit('record');
    this.emit('change');
    if (this.isOver()) {
      this.premove = null;
      this.emit('over');
    } else {
      this.emit('turn');
      this.premoveDue();
    }
    return success();
  }

  // --- the clocks ---------------------------------------------------------------------------
  // A device asleep stops a computer's thinking, not the wall clock the clocks run on: the
  // time asleep (how far the wall clock went past the monotonic one, which stands still in
  // sleep) is not charged to a computer to move. A person's time runs on, as on a board.
  creditSleep(now) {
    const mono = this.monotonic();
    const c = this.clock,
      was = this.awake;
    this.awake = { wall: now, mono };
    if (!c || !c.running || !was || !this.aiPlays(c.running)) return;
    const slept = now - was.wall - (mono - was.mono);
    if (slept > SLEEP_MIN_MS) this.clock = clock.credited(c, slept);
  }
  // The side to move's time left now (ms), or null without a clock; `side` likewise.
  timeLeft(side, now = this.now()) {
    return this.clock ? clock.remaining(this.clock, side, now) : null;
  }
  // Whether the side to move's flag has fallen at `now`: if so the game ends on time (core
  // decides: a loss, or a draw when the other side has only its King). -> true when it ended.
  checkFlag(now = this.now()) {
    this.creditSleep(now);
    if (!this.clock || this.isOver() || !clock.fallen(this.clock, now)) return false;
    if (this.model.end({ state: 'timeout' }).error) return false; // not reached: the game is on
    this.clock = clock.stopped(this.clock, now);
    this.emit('interrupt');
    this.offer = null;
    this.clearTransient();
    this.viewPly = this.model.length;
    this.emit('announce', resultReason(this.model.status()));
    this.emit('record');
    this.emit('change');
    this.emit('over');
    return true;
  }

  // Ends the game off the board (offers.js decides who may): ending {state: 'resignation',
  // winner} or {state: 'draw-agreed'}. -> {value} or {error} (core's: the game is over).
  end(ending) {
    if (!this.isLive()) this.goTo(this.model.length);
    const r = this.model.end(ending);
    if (r.error) return r;
    this.emit('interrupt');
    if (this.clock) this.clock = clock.stopped(this.clock, this.now());
    this.offer = null;
    this.endedHere = true;
    this.clearTransient();
    this.emit('announce', resultReason(this.model.status()));
    this.emit('record');
    this.emit('change');
    this.emit('over');
    return success();
  }

  // The draw offer on the table changed (offers.js decides how), said in `words`.
  setOffer(offer, words = null) {
    this.offer = offer;
    if (words) this.emit('announce', words);
    this.emit('record');
    this.emit('change');
  }
  // The takeback request changed (offers.js decides how), said in `words`.
  setTakeback(takeback, words = null) {
    this.takeback = takeback;
    if (words) this.emit('announce', words);
    this.emit('record');
    this.emit('change');
  }

  // How many plies an undo takes back: against the computer, back to your own turn; by
  // link, only your own last move before the opponent has answered, and nothing once a
  // resignation or an agreed draw has ended the game.
  // On a clock (as lichess): no takeback against the computer (undoRefusal says so), and
  // no redo; a takeback gives no time back.
  undoCount() {
    const n = this.model.length;
    if (!n || this.undoRefusal()) return 0;
    if (this.hasRemote() && this.model.ending()) return 0;
    const stm = this.sideToMove();
    if (this.hasRemote()) return this.player(stm).kind === 'remote' ? 1 : 0;
    if (this.humanSide() && this.aiPlays(other(this.humanSide()))) {
      const k = this.humanPlays(stm) ? 2 : 1;
      return n >= k ? k : 0;
    }
    return 1;
  }

  // Why undo is not offered in this game, or null: the one statement of the rule, which
  // every undo control shows (the button's title, Ctrl+Z's note). A hint is not a takeback:
  // it stays on a clock, searched on the player's own time, as the analysis stays open.
  undoRefusal() {
    if (!this.clock) return null;
    if (this.model.ending()) return 'No takeback after a game on a clock ended off the board.';
    if (this.humanSide() && this.aiPlays(other(this.humanSide())))
      return 'No takebacks against the computer on a clock (a hint still works, on your time): start a game without a clock to take moves back.';
    return null;
  }

  redoCount() {
    const r = this.model.redo.length;
    if (!r || this.clock) return 0;
    const stm = this.sideToMove();
    if (this.hasRemote()) return this.humanPlays(stm) ? 1 : 0;
    if (this.humanSide() && this.aiPlays(other(this.humanSide())))
      return r >= 2 && this.humanPlays(stm) ? 2 : 1;
    return 1;
  }

  // -> the plies taken back (0: none; undoRefusal() says why when a rule refuses it).
  undo() {
    const k = this.undoCount();
    return k ? this.takeBack(k) : 0;
  }

  // Takes back the last k plies (undo's count, or a takeback accepted: offers.js). -> k.
  // On a clock no time is given back.
  takeBack(k) {
    k = Math.min(k, this.model.length);
    if (!k) return 0;
    this.emit('interrupt');
    if (this.noHuman()) this.paused = true;
    const plies = [];
    for (let i = 0; i < k; i++) plies.push(this.model.undo());
    if (this.clock) this.clock = clock.takenBack(this.clock, k, this.sideToMove(), this.now());
    this.emit(
      'announce',
      `${count(k, { one: 'move', other: 'moves' })} taken back. ${SIDE_NAME[this.sideToMove()]} to move.`,
    );
    this.afterHistoryChange(plies, true);
    return k;
  }

  redo() {
    const k = this.redoCount();
    if (!k) return 0;
    this.emit('interrupt');
    if (this.noHuman()) this.paused = true;
    const plies = [];
    for (let i = 0; i < k; i++) {
      const p = this.model.redoOne();
      if (!p) break;
      plies.push(p);
    }
    if (plies.length) this.emit('announce', 'Redone: ' + this.lastMoveWords());
    this.afterHistoryChange(plies, false);
    return plies.length;
  }

  // The last move in words ("Gold Warrior 2c2 to 2c3, check"), or ''.
  lastMoveWords() {
    const m = this.model,
      n = m.length;
    return n ? moveWords(m.plies[n - 1], m.snap(n - 1), m.snap(n)) : '';
  }

  afterHistoryChange(plies, reverse) {
    this.clearTransient();
    this.offer = null; // an offer (or an ending, taken back by core's undo) was about the position left
    this.takeback = null;
    this.premove = null;
    this.assists = this.assists.filter((a) => a.ply <= this.model.length);
    this.endedHere = false;
    this.viewPly = this.model.length;
    this.emit('moved', { plies, reverse });
    this.emit('record');
    this.emit('change');
    if (!this.isOver()) this.emit('turn');
  }

  // Browsing: show the position after `ply` plies.
  goTo(ply) {
    ply = Math.max(0, Math.min(this.model.length, ply));
    if (ply === this.viewPly) return;
    const prev = this.viewPly;
    this.viewPly = ply;
    this.deselect();
    this.note = null;
    let moved = null;
    if (ply === prev + 1) moved = { plies: [this.model.plies[ply - 1]], reverse: false };
    else if (ply === prev - 1) moved = { plies: [this.model.plies[prev - 1]], reverse: true };
    this.emit('moved', moved || { plies: [], reverse: false });
    this.emit('change');
  }

  setHint(r, plies) {
    if (this.model.length !== plies || !this.isLive()) return;
    const [from, to] = moveNames(r.best);
    this.hint = { from, to, algebraic: r.bestAlgebraic, ply: plies };
    const noted = this.useAssist('hint');
    this.note = {
      text: `Hint: ${r.bestAlgebraic}${noted ? ' (noted in the game for both players)' : ''}`,
      kind: 'note',
    };
    this.emit('change');
  }

  // Help used in a game between people (a hint, the analysis) is noted in the game, for
  // both players: in the record (a comment core writes), the move list and the link.
  // -> whether it is noted (in a game between people that is not over).
  useAssist(kind) {
    if (!this.peopleGame() || this.isOver()) return false;
    const ply = this.model.length,
      side = this.hasRemote() ? this.humanSide() : this.sideToMove();
    if (this.assists.some((a) => a.ply === ply && a.side === side && a.kind === kind)) return true;
    this.assists = [...this.assists, { ply, side, kind }];
    this.emit('announce', assistWords({ side, kind }) + ' It is noted in the game.');
    this.emit('record');
    this.emit('change');
    return true;
  }

  // --- words ----------------------------------------------------------------------------
  // ply (1-based) -> its move number as core writes it ("12." or "12…")
  moveLabel(ply) {
    return this.model.plies[ply - 1].label;
  }

  // The status line: {text, sub, subKind, side, kind, backLink?, action?: {label, act} (a note's button)}
  /** @returns {import('../../util/shapes.js').StatusLine} */
  statusLine() {
    const m = this.model,
      snap = this.shown(),
      st = snap.status,
      note = this.note;
    if (!this.isLive()) {
      const p = m.plies[this.viewPly - 1];
      return {
        text: this.viewPly ? `After ${this.moveLabel(this.viewPly)} ${p.algebraic}` : 'Start position',
        sub: `Viewing move ${this.viewPly} of ${m.length}`,
        subKind: 'note',
        side: snap.side,
        kind: 'browsing',
        backLink: true,
      };
    }
    if (st.over) return { text: resultTitle(st), sub: resultReason(st), side: st.winner || '', kind: 'over' };
    const stm = snap.side,
      mover = this.player(stm),
      opp = this.player(other(stm));
    let text;
    if (mover.kind === 'human') {
      text =
        opp.kind === 'computer'
          ? `Your turn (${SIDE_NAME[stm]})`
          : opp.kind === 'remote'
            ? `Your move (${SIDE_NAME[stm]})`
            : `${SIDE_NAME[stm]} to move`;
    } else if (mover.kind === 'remote') {
      text = "Waiting for your opponent's move";
    } else {
      text =
        opp.kind === 'computer'
          ? `${SIDE_NAME[stm]} to move${this.paused ? ' · paused' : ''}`
          : 'Computer is thinking…';
    }
    if (st.check) text = `Check! ${text}`;
    let sub = note ? note.text : '';
    let subKind = note ? note.kind : '';
    if (!note && mover.kind === 'remote') {
      sub = `send them the link (${SIDE_NAME[stm]} plays next)`;
      subKind = 'note';
    }
    if (!note && st.check && mover.kind === 'human') {
      sub = `${opp.kind === 'human' ? SIDE_NAME[stm] + "'s" : 'Your'} King on ${snap.check} is attacked ${checkWords(snap)}.`;
      subKind = 'warn';
    }
    if (!note && !sub && m.length) {
      const last = m.plies[m.length - 1];
      const afar = last.kind === 'afar' ? ' ' + afarWords(last, m.snap(m.length - 1)) : '';
      sub = `${this.whoPlayed(other(stm))} played ${this.moveLabel(m.length)} ${last.algebraic}${afar}${st.check ? ', check ' + checkWords(snap) : ''}`;
    }
    if (!note && !sub && mover.kind === 'human' && m.length === 0)
      sub = FIRST_MOVE[this.touch ? 'touch' : 'mouse'];
    const line = { text, sub, subKind, side: stm, kind: st.check ? 'check' : '' };
    if (note && note.action) line.action = note.action;
    return line;
  }

  // Who made a move of `side`, in the status line: "You", "Computer", "Your opponent" or
  // the side's name when both sides are the same kind of player.
  whoPlayed(side) {
    const p = this.player(side),
      q = this.player(other(side));
    if (p.kind === q.kind) return SIDE_NAME[side];
    return { human: 'You', computer: 'Computer', remote: 'Your opponent' }[p.kind];
  }

  // What the board component is handed (contract 4, board.set): integers for squares,
  // the legal destinations of the side to move when a person here plays it (from the
  // model's one generation per position), or the moves the person here may queue while the
  // other side thinks, or null; of those, the captures from afar (red sights); the pieces
  // giving check (lines to the King); the queued move.
  /** @returns {import('../../util/shapes.js').BoardConfig} */
  boardConfig() {
    const snap = this.shown(),
      live = this.isLive();
    const stm = this.sideToMove();
    const byOrigin =
      live && !this.isOver() && this.humanPlays(stm)
        ? this.model.dests()
        : this.canPremove()
          ? this.model.premoves()
          : null;
    const hint = live && this.hint && this.hint.ply === this.model.length ? this.hint : null;
    return {
      pieces: snap.board,
      dests: byOrigin ? destSquares(byOrigin) : null,
      afar: byOrigin ? afarSquares(byOrigin) : null,
      lastMove: snap.last ? [parseSquare(snap.last.from), parseSquare(snap.last.to)] : null,
      check: snap.check ? parseSquare(snap.check) : null,
      checkers: snap.check ? snap.checkers.map(parseSquare) : [],
      premove: live && this.premove ? [parseSquare(this.premove.from), parseSquare(this.premove.to)] : null,
      frozen: snap.frozen.map(parseSquare),
      orientation: this.settings.flipped ? 'scarlet' : 'gold',
      selected: live && this.selected ? parseSquare(this.selected) : null,
      arrows: hint ? [moveArrow(hint.from + hint.to, 'blue')] : [],
    };
  }

  // The board component's move(from, to) (square integers) -> {value} (played, or queued while
  // the other side thinks) or {error} (neither).
  /** @returns {Result} */
  playSquares(from, to) {
    const f = squareName(from),
      t = squareName(to);
    if (this.canPremove()) {
      const q = (this.model.premoves().get(f) || []).find((x) => x.to === t);
      return q ? this.queuePremove(q) : failure(`${f}-${t} cannot be queued`);
    }
    const d = (this.model.dests().get(f) || []).find((x) => x.to === t);
    if (!d) return failure(`${f}-${t} is not a legal move`);
    const may = this.mayMove();
    return may.error ? may : this.play(d.coordinate);
  }

  // "2c2, Gold Warrior, 1 move: 2c3" (the keyboard focus)
  describeSquare(name) {
    const snap = this.shown();
    const s = squareWords(name, snap);
    if (!this.isLive()) return s;
    if (this.selected) {
      if (name === this.selected) return s + ', selected: choose a destination, or Escape to cancel';
      const d = this.dests.filter((x) => x.to === name);
      if (d.length) {
        const mover = pieceName(this.pieceAt(this.selected));
        const how = d[0].kind === 'afar' ? 'capture from afar' : d[0].kind === 'capture' ? 'capture' : 'move';
        return s + `, ${how} with the ${mover} from ${this.selected}: press Enter`;
      }
      return s;
    }
    const side = pieceSide(snap.board[parseSquare(name)]);
    if (side && !this.isOver() && side === this.sideToMove() && this.humanPlays(side)) {
      const ds = this.model.destinations(name);
      return s + (ds.length ? `, ${destinationWords(ds, { max: 12, kinds: true })}` : ', no legal move');
    }
    return s;
  }
}
