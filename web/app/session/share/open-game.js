// Which game is on the page: a game link in the address, the saved game, a previous game
// kept when a link replaced it, or a new game. Persistence is store.js, link text is
// share.js/links.js; every game goes through the controller's one reset path.
import { cleanSettings, DEFAULT_SETTINGS } from '../game/store.js';
import { START } from '../game/model.js';
import { other, defaultRules } from '../../facts/facts.js';
import { sideTerm } from '../../facts/terms.js';
import { sameStart, sameHelp, sayNote } from '../game/controller.js';
import { recordedWay } from '../game/players.js';
import { fromTimes as clockFromTimes, fromRecord as clockFromRecord, tcCode } from '../game/clock.js';
import { refusal, success } from '../../util/result.js';
import { reason } from '../../util/i18n.js';

// --- how a link stands to the saved game (pure: the records and links alone) ---------------

// Whether a record and a link are under the same rule set (either may name none: the default).
const sameRules = (rec, link) => (rec.rules || defaultRules()) === (link.rules || defaultRules());
// Whether the game of a link continues the record (same start, its moves a prefix), or
// takes back the record's last move (a takeback the opponent accepted by link).
const continues = (rec, fen, moves, link = {}) =>
  sameRules(rec, link) &&
  sameStart(rec.startFen, fen) &&
  (rec.moves.length <= moves.length
    ? rec.moves.every((m, i) => m === moves[i])
    : !!link.takeback &&
      link.takeback.kind === 'accepted' &&
      rec.moves.length === moves.length + 1 &&
      moves.every((m, i) => m === rec.moves[i]));
// Whether a link is an earlier point of the record's game (same start, its moves a
// prefix of the record's, no ending of its own): the game on screen, not another one.
const earlierPoint = (rec, link) =>
  sameRules(rec, link) &&
  sameStart(rec.startFen, link.fen || START) &&
  link.moves.length < rec.moves.length &&
  link.moves.every((m, i) => m === rec.moves[i]) &&
  !link.ending &&
  !(link.takeback && link.takeback.kind === 'accepted');
// The same ending / draw offer (each null, or an object).
const sameEnd = (a, b) => (!a && !b) || (!!a && !!b && a.state === b.state && a.winner === b.winner);
const sameOffer = (a, b) => (!a && !b) || (!!a && !!b && a.kind === b.kind && a.by === b.by);
// The same help noted (each a list of {ply, side, kind}, or missing).
const key = (a) =>
  (a || [])
    .map((x) => x.ply + x.kind + x.side)
    .sort()
    .join(',');
const sameAssists = (a, b) => key(a) === key(b);
// The help noted in a game a link brings: the link's; when it is the record's game gone on
// (`sameGame`), also what the record noted that the link does not (help used here after
// the link was sent).
function helpOf(link, rec, sameGame) {
  const given = link.assists || [];
  const ours = sameGame ? (rec.assists || []).filter((a) => !given.some((b) => sameHelp(a, b))) : [];
  return [...given, ...ours].sort((a, b) => a.ply - b.ply);
}
// What became of the game a link or a record replaced (`kept` among the previous games).
const previousWords = (t, prev, kept) =>
  t(kept ? 'open.previous.kept' : 'open.previous.lost', { count: prev.moves.length });

// The game as a link. In a play-by-link game the link is for the side to move (the one
// that answers next), so the address bar always holds the link to send. A game against
// the computer says so (its strength, the person's side): it opens as one elsewhere.
// The link carries a resignation or an agreed draw, and in play by link the draw offer.
// Help used in a game between people goes with it (both players see it).
function gameLinkOf(ctl, to) {
  const e = ctl.model.ending();
  const g = {
    fen: ctl.model.startFen,
    moves: ctl.model.coordinates(),
    rules: ctl.model.rules,
    assists: ctl.assists,
    ending: e && e.state.startsWith('timeout') ? { ...e, flagged: ctl.sideToMove() } : e,
  };
  // the clock: its time control; by link (correspondence) when each move was made
  const c = ctl.clock;
  if (c) {
    g.tc = c.tc;
    if (c.tc.kind === 'days' && c.stamps.length && c.stamps.every((x) => x))
      g.times = c.stamps.map((x) => x.at);
  }
  const me = ctl.humanSide();
  if (ctl.hasRemote()) {
    g.mode = 'link';
    g.to = to || ctl.sideToMove();
    g.offer = ctl.offer;
    g.takeback = ctl.takeback;
  } else if (me && ctl.aiPlays(other(me))) {
    g.mode = 'ai';
    g.strength = ctl.settings.level;
    g.to = me;
  } else if (ctl.noHuman()) {
    g.mode = 'watch';
    g.strength = ctl.settings.level;
  }
  return g;
}

/** Why a linked game could not be set up (`why`: the engine's reason, a failure), as a
 *  refusal (said by reason()). */
export const linkError = (why) => refusal('open.link.notSetUp', { why });

// ctl: the Controller; store: createStore(); ui: {toast(text, ms?, action?), announce(text),
// download(), address, t (the page's words: util/i18n.js)}:
// the address bar, which the ui owns (ui/share/share.js): {read() -> {value: link or null}
// or {error},
// write(game), urlFor(game) -> the full address}.
/**
 * @param {any} ctl
 * @param {import('../game/store.js').Store} store
 * @param {any} ui
 */
export function createOpening(ctl, store, ui) {
  const { read: readLink, write: setAddress, urlFor: linkFor } = ui.address;
  /** @type {import('../../util/i18n.js').Translator} */
  const t = ui.t;
  // What became of the last link and of the saved game: the reason a link was refused or
  // the saved game could not be restored, and whether a game was kept among the previous
  // ones (the status line and the toasts say it; this keeps the last of each).
  const state = { linkError: null, restoreError: null, keptPrevious: false, saveFailure: null };

  const gameLink = (to) => gameLinkOf(ctl, to);
  const sendUrl = () => linkFor(gameLink(other(ctl.humanSide())));

  // Saves the game on the page: whole, else without an opened record's notes (a comment of
  // megabytes), else nothing, and then the older saved game is removed, so that a reload or
  // a new tab never brings back an older game. A failure is said at once (until a save
  // works again), with the way out: download the record (ui.download).
  // An opened record's notes that storage refused are not tried again with every move (a
  // comment of megabytes costs a tenth of a second to write out each time).
  function save() {
    const rec = ctl.record();
    const lean = rec.meta ? { ...rec, meta: null } : null;
    const whole = () => (!rec.meta || rec.meta !== refusedNotes) && !store.save(rec).error;
    const attempt = () => (whole() ? 'all' : lean && !store.save(lean).error ? 'moves' : null);
    let kept = attempt();
    if (!kept) {
      store.drop();
      kept = attempt();
    }
    if (kept === 'moves') refusedNotes = rec.meta;
    setAddress(gameLink()); // the address is a link to this game
    if (kept === 'all') {
      state.saveFailure = null;
      return;
    }
    const why = kept === 'moves' ? 'open.storage.movesOnly' : 'open.storage.nothing';
    if (state.saveFailure === why) return;
    state.saveFailure = why;
    if (!opening) warnUnsaved('');
  }
  let refusedNotes = null; // the notes (ctl.meta) storage refused
  let opening = false; // a record being opened: its news says the warning
  // The warning of a game not saved, after `what` (the news of the same action).
  function warnUnsaved(what) {
    const warning = t('open.storage.warning', { why: t(state.saveFailure) });
    const text = what ? `${what} ${warning}` : warning;
    ui.toast(text, 0, ui.download ? { label: t('record.download'), run: ui.download } : null);
    ui.announce(text);
  }

  // why: a refusal, said by reason() (the note says it again in a new language)
  /** @param {import('../../util/result.js').Failure} why */
  function linkFailed(why) {
    const message = reason(t, why);
    state.linkError = message;
    failedLink = sayNote('warn', () => reason(t, refusal('open.link.unchanged', { why })));
    ctl.setNote(failedLink); // the status line says it
    ui.announce(message);
    return why;
  }

  /** @param {import('../../util/result.js').Failure} why */
  function failRestore(why) {
    state.restoreError = reason(t, why);
    failedRestore = sayNote('warn', () => reason(t, refusal('open.restore.failed', { why })));
    ui.announce(failedRestore.text);
  }

  const sideToMoveOf = (link) =>
    ctl.model.sideAfter(link.fen || START, link.moves, link.rules || defaultRules()).value || null;
  // A play-by-link game saved here, and a link to it for the side this device plays or
  // the side that must answer (the link this device sent, opened again here).
  const isOwnLink = (rec, link) =>
    rec.settings.human === link.to || rec.settings.human !== sideToMoveOf(link);

  // Opens the game of a link. A play-by-link link (play=link) makes this device the side
  // the link is for (to=, else the side to move); a game against the computer (vs=computer)
  // goes on against it at the link's strength, this device playing the link's side (to=,
  // else the side to move), with an offer to play both sides here instead; vs=watch: the
  // computer plays both; any other link is for two players on this device. The game it
  // replaces (`prev`) is kept among the previous games unless the link only continues it.
  // -> {value} or {error} (said in the status line, the game untouched) when refused.
  function applyLink(link, prev) {
    const fen = link.fen || START,
      rules = link.rules || defaultRules();
    const after = link.to ? { value: link.to } : ctl.model.sideAfter(fen, link.moves, rules);
    if (after.error) return linkFailed(linkError(after));
    const me = after.value;
    const base = prev ? prev.settings : ctl.settings;
    const level = link.strength || base.level;
    const tc = link.tc || null; // a link without a time control: no clock
    if (tc && (tc.kind === 'days') !== (link.mode === 'link')) {
      return linkFailed(
        refusal(tc.kind === 'days' ? 'open.link.daysOnlyByLink' : 'open.link.notByLink', {
          code: tcCode(tc),
        }),
      );
    }
    const settings = cleanSettings(
      link.mode === 'link'
        ? { ...base, mode: 'link', human: me, flipped: me === 'scarlet' }
        : link.mode === 'ai'
          ? { ...base, mode: 'ai', human: me, level, flipped: me === 'scarlet' }
          : link.mode === 'watch'
            ? { ...base, mode: 'watch', level, flipped: link.to === 'scarlet' }
            : { ...base, mode: 'hotseat', flipped: link.to === 'scarlet' },
    );
    const goesOn = !!prev && continues(prev, fen, link.moves, link);
    // a move queued here while waiting for the opponent's link waits for it
    const premove =
      link.mode === 'link' && goesOn && prev.settings.mode === 'link' && prev.settings.human === me
        ? prev.premove || null
        : null;
    settings.tc = tc;
    const first = tc && link.times ? ctl.model.sideAfter(fen, []) : null;
    if (first && first.error) return linkFailed(linkError(first));
    const clock = first ? clockFromTimes(tc, link.times, first.value) : null;
    // the same game gone on, played here the same way: what is open for it stays, and the
    // help noted in it here stays beside the link's
    const sameGame = goesOn && prev.moves.length > 0 && prev.settings.mode === settings.mode;
    const r = ctl.reset({
      settings,
      startFen: fen,
      moves: link.moves,
      rules,
      ending: link.ending || null,
      clock,
      offer: link.mode === 'link' ? link.offer || null : null,
      takeback: link.mode === 'link' ? link.takeback || null : null,
      assists: helpOf(link, prev, sameGame),
      premove,
      continues: sameGame,
    });
    if (r.error) return linkFailed(linkError(r));
    const kept = !!(prev && prev.moves.length && !goesOn) && !store.pushPrevious(prev).error;
    const stm = ctl.sideToMove();
    // against the computer, or the computer against itself: how the link's game is played
    const vs = link.mode === 'ai' || link.mode === 'watch' ? link.mode : '';
    const vsArgs = { vs, side: sideTerm(t, me), level: settings.level };
    const said = endWords(t, link, settings.human, prev && prev.assists);
    const what = said
      ? t('open.link.openedNews', { news: said })
      : link.mode === 'link' && !ctl.isOver()
        ? stm === settings.human
          ? t('open.link.openedYourMove', { side: sideTerm(t, settings.human) })
          : t('open.link.openedWaiting')
        : vs
          ? t('open.link.openedVs', vsArgs)
          : t('open.link.opened');
    // the way the link's game was played, and the offer to play both sides here instead
    if (vs) {
      ctl.setNote(
        sayNote('note', () => t('open.link.fromVs', { ...vsArgs, side: sideTerm(t, me) }), {
          get label() {
            return t('open.link.twoPlayers');
          },
          act: 'two-players',
        }),
      );
    }
    if (kept) {
      state.keptPrevious = true;
      ui.toast(previousWords(t, prev, true), UNTIL_DISMISSED, RESTORE);
    }
    ui.announce(what + ' ' + ctl.lastMoveWords());
    return success();
  }

  // At start: a game link in the address wins (unless it is this very game, e.g. after a
  // reload: then the saved record with its settings and redo line is used), else the
  // saved game (validated by the engine), else a new game.
  function restore() {
    const saved = store.load();
    const link = readLink();
    failedLink = failedRestore = null;
    restoreGame(saved, link);
    // a link or a saved game that failed says so under the status of the game that stays
    if (failedLink || failedRestore) ctl.setNote(failedLink || failedRestore);
  }
  let failedLink = null; // the note of a link that could not be opened at start
  let failedRestore = null; // the note of a saved game that could not be restored
  // read: the address's link, a result (its value null when the address holds no game)
  function restoreGame(saved, read) {
    if (read.error) {
      linkFailed(refusal('open.link.unreadable', { why: read }));
    } else if (read.value) {
      const link = read.value;
      const rec = saved.value;
      const same =
        rec &&
        sameStart(rec.startFen, link.fen || START) &&
        (rec.rules || defaultRules()) === (link.rules || defaultRules()) &&
        rec.moves.length === link.moves.length &&
        rec.moves.every((m, i) => m === link.moves[i]) &&
        sameEnd(rec.ending, link.ending) &&
        (link.mode !== 'link' ||
          (sameOffer(rec.offer, link.offer) && sameOffer(rec.takeback, link.takeback))) &&
        sameAssists(rec.assists, link.assists) &&
        sameWay(rec, link) &&
        tcCode(rec.settings.tc) === tcCode(link.tc || null);
      const earlier = rec && !same && earlierPoint(rec, link) && sameWay(rec, link);
      if (earlier) {
        const r = ctl.reset({ ...rec, restored: true });
        if (!r.error) {
          showEarlierPoint(link);
          return;
        }
        failRestore(refusal('open.restore.notValid', { why: r }));
      }
      if (!same && !earlier && !applyLink(link, rec || null).error) return;
    }
    if (saved.value) {
      const r = ctl.reset({ ...saved.value, restored: true });
      if (!r.error) return;
      failRestore(refusal('open.restore.notValid', { why: r }));
    } else if (saved.error) {
      failRestore(saved);
    }
    ctl.reset({ settings: cleanSettings(DEFAULT_SETTINGS) });
  }

  // A link played the same way as the record (the same mode; by link, this device's own or
  // for it).
  function sameWay(rec, link) {
    if (link.mode === 'link') return rec.settings.mode === 'link' && (!link.to || isOwnLink(rec, link));
    return !link.mode || rec.settings.mode === link.mode;
  }
  // A link to an earlier point of the game on screen (an old link of this game): the game
  // stays as it is, on view at that point.
  function showEarlierPoint(link) {
    const n = link.moves.length;
    ctl.goTo(n);
    const what = t('open.link.earlier', { n, count: ctl.model.length });
    ui.toast(what);
    ui.announce(what);
  }

  // The offer of the game a link or a file replaced stays until it is tapped or dismissed:
  // a note that goes by itself went before a player on a phone could reach it.
  const UNTIL_DISMISSED = 0;
  const RESTORE = { label: t('open.previous.restoreIt'), run: () => restorePrevious() };

  // Brings back the newest previous game; the current one (if it has moves) takes its
  // place among the previous games.
  function restorePrevious() {
    const rec = store.popPrevious();
    if (!rec) {
      ui.toast(t('open.previous.none'));
      return;
    }
    const cur = ctl.record();
    const r = ctl.reset(rec);
    if (r.error) {
      ui.toast(t('open.previous.failed', { why: reason(t, r) }), 9000);
      return;
    }
    if (cur.moves.length) store.pushPrevious(cur);
    ui.toast(
      cur.moves.length
        ? t('open.previous.backSwapped', { newGame: t('page.newGame'), restore: t('dialog.new.restore') })
        : t('open.previous.back'),
    );
  }

  // Opens a game that is not a link (a record file: record-io.js): {startFen, moves,
  // ending, over, timing, meta}, played on as the record says it was played (its Gold and
  // Scarlet tags: against the computer at its strength, the computer against itself, else
  // two players on this device; on its clocks as it left them), its players' names on show. Nothing of the game it replaces stays
  // (the controller's reset); that game is kept among the previous games. -> {value} or {error}
  // (the game untouched) when the engine refuses it.
  function openGame(game, what) {
    const prev = ctl.record();
    const way = recordedWay(game.meta && game.meta.tags);
    const tc = (game.timing && game.timing.tc) || null; // a timed record: its clocks as it left them
    const settings = cleanSettings({
      ...ctl.settings,
      ...way,
      tc,
      flipped: way.mode === 'ai' && way.human === 'scarlet',
    });
    const rules = game.rules || defaultRules();
    const sideOf = (moves) => ctl.model.sideAfter(game.startFen || START, moves, rules).value;
    const clock = settings.tc
      ? clockFromRecord(
          settings.tc,
          game.timing.clocks,
          sideOf([]),
          sideOf(game.moves),
          !!game.over,
          ctl.now(),
        )
      : null;
    state.saveFailure = null; // this game's save says its own failure, with the news below
    opening = true;
    let r;
    try {
      r = ctl.reset({
        settings,
        startFen: game.startFen,
        moves: game.moves,
        rules,
        ending: game.ending || null,
        meta: game.meta || null,
        clock,
      });
    } finally {
      opening = false;
    }
    if (r.error) return r;
    const kept = prev.moves.length > 0 && !store.pushPrevious(prev).error;
    const said = prev.moves.length ? `${what} ${previousWords(t, prev, kept)}` : what;
    if (state.saveFailure) {
      warnUnsaved(said);
      return success();
    } // not saved: the warning stays, with the download
    ui.toast(said, kept ? UNTIL_DISMISSED : 4000, kept ? RESTORE : undefined);
    ui.announce(what + ' ' + ctl.lastMoveWords());
    return success();
  }

  // A game link pasted into the address bar of the open page (a result: {value: the link}
  // or {error}).
  function onLink(read) {
    if (read.error) {
      linkFailed(refusal('open.link.unreadable', { why: read }));
      setAddress(gameLink());
      return;
    } // the note says why
    const link = read.value;
    const rec = ctl.record();
    if (earlierPoint(rec, link) && sameWay(rec, link)) {
      showEarlierPoint(link);
      setAddress(gameLink());
      return;
    }
    if (applyLink(link, rec).error) setAddress(gameLink()); // the note says why
  }

  ctl.on('record', (e) => {
    if (e && e.restored) setAddress(gameLink());
    else save();
  });
  return { state, restore, restorePrevious, onLink, openGame, gameLink, sendUrl };
}

// What a link says about the end of the game or a draw offer, for this device's side
// `me` (play by link), in sentences, or ''.
function endWords(t, link, me, prevAssists = []) {
  const e = link.ending,
    o = link.offer;
  if (e && e.state === 'resignation')
    return t('page.resign.what', { loser: sideTerm(t, other(e.winner)), winner: sideTerm(t, e.winner) });
  if (e && e.state === 'timeout') return t('open.news.timeUp', { side: sideTerm(t, e.flagged) });
  if (e) return t('open.news.agreed');
  if (link.mode !== 'link') return '';
  const tb = link.takeback,
    words = [];
  if (o && o.kind === 'offer')
    words.push(o.by === me ? t('open.news.offerWaiting') : t('open.news.offer', { side: sideTerm(t, o.by) }));
  else if (o && o.by !== me) words.push(t('open.news.offerDeclined', { side: sideTerm(t, o.by) }));
  if (tb && tb.by !== me) {
    words.push(
      tb.kind === 'ask'
        ? t('open.news.takebackAsked', { side: sideTerm(t, tb.by) })
        : tb.kind === 'accepted'
          ? t('open.news.takebackAccepted')
          : t('open.news.takebackDeclined'),
    );
  }
  const help = (link.assists || []).filter(
    (a) => a.side !== me && !(prevAssists || []).some((b) => sameHelp(a, b)),
  );
  if (help.length)
    words.push(t('open.news.help', { kind: help.some((a) => a.kind === 'hint') ? 'hint' : 'analysis' }));
  return words.join(' ');
}
