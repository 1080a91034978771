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
import { pieceSide, other, defaultRules } from '../../facts/facts.js';
import { parseSquare, squareName, moveNames } from '../../facts/squares.js';
import { moveWords } from '../../facts/words.js';
import { endReason } from '../../facts/end-words.js';
import { pieceRefusal, sideRefusal, sideTerm } from '../../facts/terms.js';
import { Emitter } from '../../util/emitter.js';
import { playersFor, opponentText, recordedNames } from './players.js';
import { offerAfterMove, takebackAfterMove } from './offers.js';
import { failure, refusal, success } from '../../util/result.js';
import { reason } from '../../util/i18n.js';
import * as display from './display.js';
import { withReadOnly } from '../../util/read-only.js';
import * as clock from './clock.js';
import { cleanSettings } from './store.js';
/** @typedef {import('../../util/result.js').Result} Result */

/**
 * A note under the status line: {kind, text, action?: {label, act}}. Its text is said when
 * it is read (`say()`, through the page's live translator), so a note on show is said again
 * in the language a change brings: its message and arguments are kept, not its words.
 * @param {string} kind 'note' | 'warn' @param {() => string} say
 * @param {{label: string, act: string}} [action] (its label may be a getter, said likewise)
 */
export function sayNote(kind, say, action) {
  return {
    kind,
    get text() {
      return say();
    },
    ...(action ? { action } : {}),
  };
}
const SLEEP_MIN_MS = 2000; // less than this between the clocks is the wall clock's own correction

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

// The same help noted: {ply, side, kind} alike.
export const sameHelp = (a, b) => a.ply === b.ply && a.side === b.side && a.kind === b.kind;

export const sameStart = (a, b) =>
  (a === START || a === '' ? START : a) === (b === START || b === '' ? START : b);

/**
 * The game's controller over `model` (createGameModel): its state read through getters,
 * changed only by its methods; its events heard through on(event, fn).
 * settings: clean settings (store.cleanSettings); now: epoch ms; monotonic: ms of a clock
 * that stands still while the device sleeps; touch: the device is used by touch (the words
 * say tap, not click); t: the page's words (a translator: util/i18n.js).
 * @param {import('./model.js').GameModel} model
 */
export function createController(
  model,
  settings,
  /** @type {{now?: () => number, monotonic?: () => number, touch?: boolean,
   *   t: import('../../util/i18n.js').Translator}} */
  { now = () => Date.now(), monotonic = () => performance.now(), touch = false, t },
) {
  const events = new Emitter(EVENTS);
  /** @type {(event: string, ...args: any[]) => void} */
  const emit = (event, ...args) => events.emit(event, ...args);
  // the notes' and refusals' words (note.* in the catalogues)
  const sideWords = (/** @type {string} */ id) => sideTerm(t, id);
  // a note's message: the refusal `key` with its `args` (a piece's and a side's name as the
  // refusals of their terms: facts/terms.js pieceRefusal), said by reason() when the note is
  const noteOf = (/** @type {string} */ kind, /** @type {string} */ key, args = {}) => {
    const said = refusal(key, args);
    return sayNote(kind, () => reason(t, said));
  };
  const warnNote = (/** @type {string} */ key, args = {}) => noteOf('warn', key, args);
  const st = {
    t, // the page's words (offers.js and the page say theirs with it too)
    touch,
    now,
    monotonic,
    /** @type {{wall: number, mono: number} | null} */
    awake: null, // both clocks when the sleep credit last looked
    /** @type {any} */
    clock: null, // the game's clocks (clock.js) when settings.tc, else null
    model,
    settings,
    players: playersFor(settings),
    viewPly: model.length,
    /** @type {string | null} */
    selected: null, // square name
    /** @type {any[]} */
    dests: [], // its legal destinations (engine objects {to, kind, coordinate})
    /** @type {any} */
    hint: null, // {from, to, algebraic, ply}
    /** @type {any} */
    note: null, // {text, kind, action?: {label, act: a page action's name}}
    paused: false, // both sides computers: paused
    /** @type {string | null} */
    overShownFor: null,
    /** @type {any} */
    offer: null, // a draw offer on the table (offers.js): {kind: 'offer'|'declined', by}
    /** @type {any} */
    takeback: null, // a takeback request (offers.js): {kind: 'ask'|'declined'|'accepted', by}
    /** @type {any[]} */
    assists: [], // help used in a game between people: [{ply, side, kind: 'hint'|'analysis'}]
    /** @type {any} */
    premove: null, // a move queued by the person here while the other side thinks: {from, to, algebraic}
    endedHere: false, // this device ended the game off the board (resigned, accepted a draw)
    /** @type {any} */
    meta: null, // an opened record's {tags, comments, glyphs} (session/share/record.js)
  };
  // the fields others read (awake is the controller's own)
  const READ = /** @type {const} */ ([
    't',
    'touch',
    'now',
    'monotonic',
    'clock',
    'model',
    'settings',
    'players',
    'viewPly',
    'selected',
    'dests',
    'hint',
    'note',
    'paused',
    'overShownFor',
    'offer',
    'takeback',
    'assists',
    'premove',
    'endedHere',
    'meta',
  ]);
  const ctl = withReadOnly(st, [...READ], {
    on: (event, fn) => events.on(event, fn),
    off: (event, fn) => events.off(event, fn),

    // --- who plays ------------------------------------------------------------------------
    player(side) {
      return st.players[side];
    },
    humanPlays(side) {
      return st.players[side].kind === 'human';
    },
    aiPlays(side) {
      return st.players[side].kind === 'computer';
    },
    // the side of the one person at this device when the other side is not a person here
    humanSide() {
      const { gold, scarlet } = st.players;
      if (gold.kind === 'human' && scarlet.kind !== 'human') return 'gold';
      if (scarlet.kind === 'human' && gold.kind !== 'human') return 'scarlet';
      return null;
    },
    hasRemote() {
      return st.players.gold.kind === 'remote' || st.players.scarlet.kind === 'remote';
    },
    // A game between people (on this device or by link): no computer plays.
    peopleGame() {
      return !ctl.aiPlays('gold') && !ctl.aiPlays('scarlet');
    },
    noHuman() {
      return !ctl.humanPlays('gold') && !ctl.humanPlays('scarlet');
    },
    opponentText() {
      return opponentText(t, st.players, st.settings.level);
    },

    // --- state ----------------------------------------------------------------------------
    isLive() {
      return st.viewPly === st.model.length;
    },
    shown() {
      return st.model.snap(st.viewPly);
    },
    sideToMove() {
      return st.model.sideToMove();
    },
    isOver() {
      return st.model.isOver();
    },
    pieceAt(name) {
      const c = st.model.live.board[parseSquare(name)];
      return c && c !== '.' ? c : null;
    },
    record() {
      const r = {
        startFen: st.model.startFen,
        moves: st.model.coordinates(),
        redo: st.model.redo,
        settings: st.settings,
      };
      const ending = st.model.ending();
      if (ending) r.ending = ending;
      if (st.offer) r.offer = st.offer;
      if (st.takeback) r.takeback = st.takeback;
      if (st.assists.length) r.assists = st.assists;
      if (st.premove) r.premove = st.premove;
      if (st.endedHere) r.endedHere = true;
      if (st.meta) r.meta = st.meta;
      if (st.model.rules !== defaultRules()) r.rules = st.model.rules;
      if (st.clock) r.clock = st.clock;
      return r;
    },
    recordKey() {
      const e = st.model.ending();
      return (
        st.model.rules +
        ' ' +
        st.model.startFen +
        ' ' +
        st.model.coordinates().join(' ') +
        (e ? ' ' + e.state + ' ' + e.winner : '')
      );
    },
    // Whether the computer should move now.
    computerToMove() {
      return !ctl.isOver() && !st.paused && ctl.aiPlays(ctl.sideToMove());
    },

    // The one reset path: a new game, a saved game, a link, a previous game. -> {value} or
    // {error} with the engine's message when the game is not valid (everything as it was).
    // `restored`: the game comes from storage as it is (the 'record' event says so).
    // `ending`, `offer`, `takeback`, `assists`, `premove`, `endedHere`, `meta`, `rules` (the
    // rule set, Gygax's when absent): as record() gives them.
    // `clock`: the saved clocks of this game (checked against it; fresh clocks otherwise).
    // `continues`: the game on the page goes on (a link bringing the opponent's answer); any
    // other reset starts another game, clean: no analysis, review or help of the one before.
    reset({
      settings = st.settings,
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
      const loaded = st.model.load(startFen, moves, settings.tc ? [] : redo, ending, rules); // nothing changed when it fails
      if (loaded.error) return loaded;
      emit('interrupt');
      const kept = settings.tc
        ? clock.cleanClock(saved, st.model.length, st.model.sideToMove(), st.model.isOver())
        : null;
      st.clock = settings.tc
        ? kept && clock.tcCode(kept.tc) === clock.tcCode(settings.tc)
          ? kept
          : clock.newClock(settings.tc, st.model.length)
        : null;
      emit('reset', { continues });
      st.offer = ending ? null : offer;
      st.takeback = ending ? null : takeback;
      st.assists = (Array.isArray(assists) ? assists : []).filter((a) => a.ply <= st.model.length);
      st.premove = !ending && premove && premove.from && premove.to ? premove : null;
      st.endedHere = !!(ending && endedHere);
      st.meta = meta;
      st.settings = settings;
      st.players = players;
      st.viewPly = st.model.length;
      st.paused = false;
      st.overShownFor = seen ? ctl.recordKey() : null;
      ctl.clearTransient();
      emit('record', { restored });
      emit('change');
      emit('turn');
      ctl.premoveDue();
      return success();
    },

    // A new game from the start (the New game dialog): the settings changed by `patch`,
    // under `rules` (the game's own unless given). Nothing of the game before stays: no
    // analysis, review or help of it (reset's 'reset' event, not continuing).
    newGame(patch = {}, rules = st.model.rules) {
      return ctl.reset({ settings: cleanSettings({ ...st.settings, ...patch }), seen: false, rules });
    },
    // The same game again (the game's summary): against the computer with the sides swapped.
    rematch() {
      const me = ctl.humanSide();
      const human = me ? other(me) : st.settings.human;
      return ctl.newGame({ human, flipped: me ? human === 'scarlet' : st.settings.flipped });
    },

    clearTransient() {
      ctl.deselect();
      st.hint = null;
      st.note = null;
    },

    setSettings(patch) {
      st.settings = { ...st.settings, ...patch };
      st.players = playersFor(st.settings, recordedNames(st.meta && st.meta.tags));
      emit('record');
      emit('change');
    },
    flip() {
      ctl.setSettings({ flipped: !st.settings.flipped });
    },
    // Who plays changes in the middle of a game (e.g. two players instead of the computer):
    // a running search stops, the game stays.
    setPlayers(patch) {
      emit('interrupt');
      ctl.clearTransient();
      ctl.setSettings(patch);
      emit('turn');
    },

    togglePause() {
      if (!ctl.noHuman()) return;
      st.paused = !st.paused;
      if (st.paused) emit('interrupt');
      emit('change');
      if (!st.paused) emit('turn');
    },

    // --- selecting ------------------------------------------------------------------------
    deselect() {
      st.selected = null;
      st.dests = [];
    },
    // The board dropped its selection: so does the game, and the note about it.
    clearSelection() {
      ctl.deselect();
      st.note = null;
      emit('change');
    },
    // The keyboard chose a square (Enter on it): its piece is selected, or the note says why
    // not (an empty square too). Whether it has moves.
    choose(name) {
      const movable = ctl.select(name);
      if (!ctl.pieceAt(name) && !st.note) st.note = warnNote('note.empty', { square: name });
      emit('change');
      return movable;
    },
    // Escape, on the boards or the page: the selection goes (and its note, unless a queued
    // move's stays), else the queued move (its note says so), else the note. Whether a
    // selection or a queued move was cancelled.
    cancel() {
      if (st.selected) {
        ctl.deselect();
        if (!st.premove) st.note = null;
        emit('change');
        return true;
      }
      if (ctl.cancelPremove()) return true;
      if (st.note) {
        st.note = null;
        emit('change');
      }
      return false;
    },
    // A note under the status line (a link that could not be opened, the way a link's game
    // is played), or null.
    setNote(note) {
      st.note = note;
      emit('change');
    },
    // The summary of the game's end has been shown: not again for this game.
    overShown() {
      st.overShownFor = ctl.recordKey();
    },
    // Another mode takes the board (the editor, a lesson): a search for the game is pointless
    // meanwhile. resume(): the mode gave the board back; the computer may be to move.
    interrupt() {
      emit('interrupt');
    },
    resume() {
      emit('turn');
    },

    // Selects the piece on `name` if the person to move may move it, else sets a note saying
    // why not. Returns whether it has moves.
    select(name) {
      ctl.deselect();
      st.note = null;
      const piece = ctl.pieceAt(name);
      if (!piece) return false;
      const m = st.model,
        owner = pieceSide(piece),
        stm = m.sideToMove(),
        status = m.status();
      const warn = (/** @type {string} */ key, args = {}) => {
        st.note = warnNote(key, { piece: pieceRefusal(piece), square: name, ...args });
        return false;
      };
      if (status.over || ctl.noHuman()) {
        st.note = noteOf('note', status.over ? 'note.gameOver' : 'note.watching');
        return false;
      }
      const me = ctl.humanSide();
      if (owner === me && ctl.canPremove()) {
        // the other side thinks: a move to queue
        st.selected = name;
        st.dests = [...(m.premoves().get(name) || [])];
        if (st.dests.length) return true;
        if (status.check) return warn('note.noQueueInCheck', { side: sideRefusal(stm) });
        return warn('note.noQueue');
      }
      if (owner !== stm) {
        const kind = ctl.player(owner).kind;
        if (kind === 'computer') return warn('note.computersPiece', { side: sideRefusal(me) });
        if (kind === 'remote') return warn('note.opponentsPiece', { side: sideRefusal(me) });
        if (ctl.hasRemote()) return warn('note.notYourTurn.waiting');
        return warn(ctl.aiPlays(stm) ? 'note.notYourTurn.thinking' : 'note.notYourTurn.side', {
          side: sideRefusal(stm),
        });
      }
      if (!ctl.humanPlays(stm))
        return warn(
          ctl.player(stm).kind === 'remote' ? 'note.notYourTurn.waiting' : 'note.notYourTurn.computer',
        );
      st.selected = name;
      st.dests = m.destinations(name);
      if (st.dests.length) return true;
      const whose = { whose: owner === me ? 'mine' : 'side', side: sideRefusal(owner) };
      if (m.frozenSet().has(name)) return warn('note.frozen', whose);
      return warn(status.check ? 'note.noMoveInCheck' : 'note.noMove', whose);
    },

    // A click (or Enter) on a square: browse back to the live position, move the selected
    // piece there, select the piece there, or deselect. -> {value} or {error} (a move refused).
    click(name) {
      if (!ctl.isLive()) {
        ctl.goTo(st.model.length);
        return success();
      }
      if (st.selected && st.dests.some((d) => d.to === name)) return ctl.moveSelected(name);
      if (!ctl.pieceAt(name) || st.selected === name) ctl.deselect();
      else ctl.select(name);
      emit('change');
      return success();
    },

    /** @returns {Result} */
    moveSelected(to) {
      const d = st.dests.find((x) => x.to === to);
      if (!d) return refusal('note.notDestination');
      return ctl.canPremove() ? ctl.queuePremove(d) : ctl.play(d.coordinate);
    },

    // --- premoves ---------------------------------------------------------------------------
    // While the other side thinks (the computer, or the opponent by link), the person here may
    // queue one move of their own (lichess's premove): played at once when the turn comes if
    // it is legal then, dropped with a word if not; cancelled by a click elsewhere.
    canPremove() {
      const me = ctl.humanSide();
      return !!me && ctl.isLive() && !ctl.isOver() && ctl.sideToMove() !== me && !st.paused;
    },
    queuePremove(d) {
      st.premove = { from: d.from, to: d.to, algebraic: d.algebraic };
      ctl.deselect();
      st.note = noteOf('note', 'note.premove', { move: d.algebraic });
      emit('announce', t('note.premoveQueued', { move: d.algebraic }));
      emit('record');
      emit('change');
      return success();
    },
    /** Cancels the queued move; whether there was one. */
    cancelPremove() {
      if (!st.premove) return false;
      const { algebraic } = st.premove;
      st.premove = null;
      st.note = noteOf('note', 'note.premoveCancelled', { move: algebraic });
      emit('announce', st.note.text);
      emit('record');
      emit('change');
      return true;
    },
    // The turn has come to the person who queued a move: play it now (after the handlers of
    // the move that gave the turn).
    premoveDue() {
      const me = ctl.humanSide();
      if (st.premove && me && ctl.sideToMove() === me && !ctl.isOver())
        queueMicrotask(() => ctl.playPremove());
    },
    playPremove() {
      const pm = st.premove,
        me = ctl.humanSide();
      if (!pm || !me || ctl.sideToMove() !== me || ctl.isOver()) return;
      st.premove = null;
      if (!ctl.isLive()) ctl.goTo(st.model.length);
      const d = (st.model.dests().get(pm.from) || []).find((x) => x.to === pm.to);
      const r = d ? ctl.play(d.coordinate) : refusal('note.premoveIllegal');
      if (!r.error) return;
      st.note = warnNote('note.premoveDropped', { move: pm.algebraic, why: r });
      emit('announce', st.note.text);
      emit('record');
      emit('change');
    },

    // Whether the person at this device may move now: {value} or {error: why not}.
    /** @returns {Result} */
    mayMove() {
      if (ctl.isOver()) return refusal('note.gameOver');
      if (ctl.noHuman()) return refusal('note.watching');
      const stm = ctl.sideToMove();
      if (ctl.humanPlays(stm)) return success();
      if (ctl.player(stm).kind === 'remote') return refusal('note.notYourTurn.waiting');
      return refusal('note.notYourTurn.computer');
    },

    // A move typed in algebraic or coordinate notation -> {value} (played) or {error}.
    /** @returns {Result} */
    playTyped(text) {
      const typed = String(text || '').trim();
      if (!typed) return refusal('note.typeMove', { example: 'W2c3', coordinate: '2c22c3' });
      if (typed.length > 40) return refusal('note.tooLong');
      if (!ctl.isLive()) ctl.goTo(st.model.length);
      const may = ctl.mayMove();
      return may.error ? may : ctl.play(typed);
    },

    // --- playing --------------------------------------------------------------------------
    // Plays a move (coordinate or algebraic) by the side to move -> {value} or {error} with the
    // engine's reason it is not legal (nothing changed then).
    /** @returns {Result} */
    play(move) {
      const before = st.model.live;
      const now = st.now();
      if (ctl.checkFlag(now)) return failure(endReason(t, st.model.status()));
      const r = st.model.play(move);
      if (r.error) return r;
      const played = r.value;
      if (st.clock) {
        st.clock = clock.moved(st.clock, before.side, now);
        if (ctl.isOver()) st.clock = clock.stopped(st.clock, now);
      }
      emit('interrupt');
      st.offer = offerAfterMove(st.offer, before.side);
      st.takeback = takebackAfterMove(st.takeback, before.side);
      if (before.side === ctl.humanSide()) st.premove = null; // played by hand: nothing left to queue
      emit('announce', moveWords(t, played, before, st.model.live));
      ctl.clearTransient();
      st.viewPly = st.model.length;
      emit('moved', { plies: [played], reverse: false });
      emit('record');
      emit('change');
      if (ctl.isOver()) {
        st.premove = null;
        emit('over');
      } else {
        emit('turn');
        ctl.premoveDue();
      }
      return success();
    },

    // --- the clocks ---------------------------------------------------------------------------
    // A device asleep stops a computer's thinking, not the wall clock the clocks run on: the
    // time asleep (how far the wall clock went past the monotonic one, which stands still in
    // sleep) is not charged to a computer to move. A person's time runs on, as on a board.
    creditSleep(now) {
      const mono = st.monotonic();
      const c = st.clock,
        was = st.awake;
      st.awake = { wall: now, mono };
      if (!c || !c.running || !was || !ctl.aiPlays(c.running)) return;
      const slept = now - was.wall - (mono - was.mono);
      if (slept > SLEEP_MIN_MS) st.clock = clock.credited(c, slept);
    },
    // The side to move's time left now (ms), or null without a clock; `side` likewise.
    timeLeft(side, now = st.now()) {
      return st.clock ? clock.remaining(st.clock, side, now) : null;
    },
    // Whether the side to move's flag has fallen at `now`: if so the game ends on time (core
    // decides: a loss, or a draw when the other side has only its King). -> true when it ended.
    checkFlag(now = st.now()) {
      ctl.creditSleep(now);
      if (!st.clock || ctl.isOver() || !clock.fallen(st.clock, now)) return false;
      if (st.model.end({ state: 'timeout' }).error) return false; // not reached: the game is on
      st.clock = clock.stopped(st.clock, now);
      emit('interrupt');
      st.offer = null;
      ctl.clearTransient();
      st.viewPly = st.model.length;
      emit('announce', endReason(t, st.model.status()));
      emit('record');
      emit('change');
      emit('over');
      return true;
    },

    // Ends the game off the board (offers.js decides who may): ending {state: 'resignation',
    // winner} or {state: 'draw-agreed'}. -> {value} or {error} (core's: the game is over).
    end(ending) {
      if (!ctl.isLive()) ctl.goTo(st.model.length);
      const r = st.model.end(ending);
      if (r.error) return r;
      emit('interrupt');
      if (st.clock) st.clock = clock.stopped(st.clock, st.now());
      st.offer = null;
      st.endedHere = true;
      ctl.clearTransient();
      emit('announce', endReason(t, st.model.status()));
      emit('record');
      emit('change');
      emit('over');
      return success();
    },

    // The draw offer on the table changed (offers.js decides how), said in `words`.
    setOffer(offer, words = null) {
      st.offer = offer;
      if (words) emit('announce', words);
      emit('record');
      emit('change');
    },
    // The takeback request changed (offers.js decides how), said in `words`.
    setTakeback(takeback, words = null) {
      st.takeback = takeback;
      if (words) emit('announce', words);
      emit('record');
      emit('change');
    },

    // How many plies an undo takes back: against the computer, back to your own turn; by
    // link, only your own last move before the opponent has answered, and nothing once a
    // resignation or an agreed draw has ended the game.
    // On a clock (as lichess): no takeback against the computer (undoRefusal says so), and
    // no redo; a takeback gives no time back.
    undoCount() {
      const n = st.model.length;
      if (!n || ctl.undoRefusal()) return 0;
      if (ctl.hasRemote() && st.model.ending()) return 0;
      const stm = ctl.sideToMove();
      if (ctl.hasRemote()) return ctl.player(stm).kind === 'remote' ? 1 : 0;
      if (ctl.humanSide() && ctl.aiPlays(other(ctl.humanSide()))) {
        const k = ctl.humanPlays(stm) ? 2 : 1;
        return n >= k ? k : 0;
      }
      return 1;
    },

    // Why undo is not offered in this game (a refusal: the page says it with reason()), or
    // null: the one statement of the rule, which every undo control shows (the button's
    // title, Ctrl+Z's note). A hint is not a takeback: it stays on a clock, searched on the
    // player's own time, as the analysis stays open.
    undoRefusal() {
      if (!st.clock) return null;
      if (st.model.ending()) return refusal('note.noTakeback.ended');
      if (ctl.humanSide() && ctl.aiPlays(other(ctl.humanSide()))) return refusal('note.noTakeback.clock');
      return null;
    },

    redoCount() {
      const r = st.model.redo.length;
      if (!r || st.clock) return 0;
      const stm = ctl.sideToMove();
      if (ctl.hasRemote()) return ctl.humanPlays(stm) ? 1 : 0;
      if (ctl.humanSide() && ctl.aiPlays(other(ctl.humanSide())))
        return r >= 2 && ctl.humanPlays(stm) ? 2 : 1;
      return 1;
    },

    // -> the plies taken back (0: none; undoRefusal() says why when a rule refuses it).
    undo() {
      const k = ctl.undoCount();
      return k ? ctl.takeBack(k) : 0;
    },

    // Takes back the last k plies (undo's count, or a takeback accepted: offers.js). -> k.
    // On a clock no time is given back.
    takeBack(k) {
      k = Math.min(k, st.model.length);
      if (!k) return 0;
      emit('interrupt');
      if (ctl.noHuman()) st.paused = true;
      const plies = [];
      for (let i = 0; i < k; i++) plies.push(st.model.undo());
      if (st.clock) st.clock = clock.takenBack(st.clock, k, ctl.sideToMove(), st.now());
      emit('announce', t('note.takenBack', { count: k, side: sideWords(ctl.sideToMove()) }));
      ctl.afterHistoryChange(plies, true);
      return k;
    },

    redo() {
      const k = ctl.redoCount();
      if (!k) return 0;
      emit('interrupt');
      if (ctl.noHuman()) st.paused = true;
      const plies = [];
      for (let i = 0; i < k; i++) {
        const p = st.model.redoOne();
        if (!p) break;
        plies.push(p);
      }
      if (plies.length) emit('announce', t('note.redone', { move: ctl.lastMoveWords() }));
      ctl.afterHistoryChange(plies, false);
      return plies.length;
    },

    // The last move in words ("Gold Warrior 2c2 to 2c3, check"), or ''.
    lastMoveWords() {
      const m = st.model,
        n = m.length;
      return n ? moveWords(t, m.plies[n - 1], m.snap(n - 1), m.snap(n)) : '';
    },

    afterHistoryChange(plies, reverse) {
      ctl.clearTransient();
      st.offer = null; // an offer (or an ending, taken back by core's undo) was about the position left
      st.takeback = null;
      st.premove = null;
      st.assists = st.assists.filter((a) => a.ply <= st.model.length);
      st.endedHere = false;
      st.viewPly = st.model.length;
      emit('moved', { plies, reverse });
      emit('record');
      emit('change');
      if (!ctl.isOver()) emit('turn');
    },

    // Browsing: show the position after `ply` plies.
    goTo(ply) {
      ply = Math.max(0, Math.min(st.model.length, ply));
      if (ply === st.viewPly) return;
      const prev = st.viewPly;
      st.viewPly = ply;
      ctl.deselect();
      st.note = null;
      let moved = null;
      if (ply === prev + 1) moved = { plies: [st.model.plies[ply - 1]], reverse: false };
      else if (ply === prev - 1) moved = { plies: [st.model.plies[prev - 1]], reverse: true };
      emit('moved', moved || { plies: [], reverse: false });
      emit('change');
    },

    setHint(r, plies) {
      if (st.model.length !== plies || !ctl.isLive()) return;
      const [from, to] = moveNames(r.best);
      st.hint = { from, to, algebraic: r.bestAlgebraic, ply: plies };
      const noted = ctl.useAssist('hint');
      st.note = noteOf('note', noted ? 'note.hintNoted' : 'note.hint', { move: r.bestAlgebraic });
      emit('change');
    },

    // Help used in a game between people (a hint, the analysis) is noted in the game, for
    // both players: in the record (a comment core writes), the move list and the link.
    // -> whether it is noted (in a game between people that is not over).
    useAssist(kind) {
      if (!ctl.peopleGame() || ctl.isOver()) return false;
      const ply = st.model.length,
        by = ctl.hasRemote() ? ctl.humanSide() : ctl.sideToMove();
      const help = { ply, side: by, kind };
      if (st.assists.some((a) => sameHelp(a, help))) return true;
      st.assists = [...st.assists, help];
      emit('announce', t('note.assistNoted', { side: sideWords(by), kind }));
      emit('record');
      emit('change');
      return true;
    },

    // --- words ----------------------------------------------------------------------------
    // ply (1-based) -> its move number as core writes it ("12." or "12…")
    moveLabel(ply) {
      return st.model.plies[ply - 1].label;
    },

    // The board component's move(from, to) (square integers) -> {value} (played, or queued while
    // the other side thinks) or {error} (neither).
    /** @returns {Result} */
    playSquares(from, to) {
      const f = squareName(from),
        dest = squareName(to);
      if (ctl.canPremove()) {
        const q = (ctl.model.premoves().get(f) || []).find((x) => x.to === dest);
        return q ? ctl.queuePremove(q) : refusal('note.cannotQueue', { from: f, to: dest });
      }
      const d = (ctl.model.dests().get(f) || []).find((x) => x.to === dest);
      if (!d) return refusal('note.notLegal', { from: f, to: dest });
      const may = ctl.mayMove();
      return may.error ? may : ctl.play(d.coordinate);
    },

    // What the page shows of the game (display.js): the status line {text, sub, subKind,
    // side, kind, backLink?, action?}, the board's whole state, a square in words.
    statusLine: () => display.statusLine(ctl, t),
    boardConfig: () => display.boardConfig(ctl),
    describeSquare: (name) => display.describeSquare(ctl, name),
  });
  return ctl;
}

/** @typedef {ReturnType<typeof createController>} Controller */
