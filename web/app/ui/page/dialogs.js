// The dialogs: a new game (mode, side, level; restore the previous game) and the game
// summary when a game ends.
import { materialText } from './view.js';
import { other, strengthRange, ruleSetList, defaultRules } from '../../facts/facts.js';
import { sideTerm, ruleSetTerm, ruleSummaryTerm, strengthTerm, TERM_KEYS } from '../../facts/terms.js';
import { resultScore } from '../../facts/words.js';
import { endTitle, endReason } from '../../facts/end-words.js';
import { $, el, esc } from '../../util/dom.js';
import { readTc, tcCode, PRESETS, DAYS } from '../../session/game/clock.js';
import { reason } from '../../util/i18n.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

// The first clock's option says what the figures mean.
const presetText = (/** @type {Translator} */ t, tc, i) =>
  i === 0
    ? t('dialog.new.preset', { code: tcCode(tc), minutes: tc.base / 60000, seconds: tc.inc / 1000 })
    : tcCode(tc);

// The new game's choices that are facts of their owners: core's rule sets (the default
// checked; their names the catalogue's, said again on a change of language) and the clocks of
// session/game/clock.js (live games' before Custom, link games' after).
function fillChoices(form, /** @type {Translator} */ t) {
  const rules = form.querySelector('#seg-rules');
  for (const r of ruleSetList()) {
    const checked = r.id === defaultRules() ? ' checked' : '';
    rules.append(
      el(
        'label',
        {},
        `<input type="radio" name="rules" value="${esc(r.id)}"${checked}><span data-rules-name="${esc(r.id)}" data-i18n="${esc(TERM_KEYS.ruleSet(r.id))}">${esc(ruleSetTerm(t, r.id))}</span>`,
      ),
    );
  }
  const select = form.elements.tc,
    custom = select.querySelector('option[value="custom"]');
  const option = (text, tc, kind) => el('option', { value: tcCode(tc), 'data-for': kind }, esc(text));
  PRESETS.forEach((code, i) => {
    const tc = readTc(code).value;
    custom.before(option(presetText(t, tc, i), tc, 'live'));
  });
  for (const days of DAYS) {
    const tc = { kind: 'days', days };
    select.append(option(t('note.clock.daysPerMove', { count: days }), tc, 'link'));
  }
}

// ctl: the Controller; opening: createOpening(); store: createStore()
/**
 * @param {any} ctl
 * @param {any} opening
 * @param {import('../../session/game/store.js').Store} store
 */
export function createDialogs(ctl, opening, store, /** @type {Translator} */ t) {
  // preset: {mode} to start from instead of the game's (the welcome's choices)
  function openNewGame(preset = {}) {
    const form = $('form-new'),
      s = ctl.settings;
    form.elements.mode.value = preset.mode || s.mode;
    form.elements.side.value = s.human;
    form.elements.level.value = String(s.level);
    form.elements.rules.value = ctl.model.rules; // the game's rule set goes on unless changed
    const code = tcCode(s.tc);
    const listed = [...form.elements.tc.options].some((o) => o.value === code);
    form.elements.tc.value = listed ? code : 'custom';
    if (!listed && s.tc && s.tc.kind === 'fischer') {
      form.elements.tcMinutes.value = String(s.tc.base / 60000);
      form.elements.tcInc.value = String(s.tc.inc / 1000);
    }
    $('tc-error').textContent = '';
    syncNewGameForm();
    const prev = store.peekPrevious();
    const rb = $('btn-restore-prev');
    rb.hidden = !prev;
    if (prev) rb.title = t('dialog.new.restoreTitle', { count: prev.moves.length });
    // the first clock's words, in the language on show
    const first = readTc(PRESETS[0]).value;
    form.elements.tc.querySelector(`option[value="${tcCode(first)}"]`).textContent = presetText(t, first, 0);
    $('dlg-new').showModal();
  }

  function syncNewGameForm() {
    const form = $('form-new');
    const mode = form.elements.mode.value;
    $('seg-side').classList.toggle('is-hidden', mode !== 'ai' && mode !== 'link');
    $('level-row').classList.toggle('is-hidden', mode === 'hotseat' || mode === 'link');
    $('link-desc').classList.toggle('is-hidden', mode !== 'link');
    // the clocks: live ones on this device and against the computer, days a move by link
    $('tc-row').classList.toggle('is-hidden', mode === 'watch');
    const kind = mode === 'link' ? 'link' : 'live';
    for (const o of form.elements.tc.options)
      o.hidden = o.disabled = !!o.dataset.for && o.dataset.for !== kind;
    if (form.elements.tc.selectedOptions[0] && form.elements.tc.selectedOptions[0].disabled)
      form.elements.tc.value = 'none';
    const custom = form.elements.tc.value === 'custom' && mode !== 'watch';
    $('tc-custom').classList.toggle('is-hidden', !custom);
    form.elements.tcMinutes.disabled = form.elements.tcInc.disabled = !custom; // not checked when not used
    const lv = Number(form.elements.level.value);
    $('level-out').textContent = String(lv);
    $('level-desc').textContent = strengthTerm(t, lv);
    const r = (ruleSetList() || []).find((x) => x.id === form.elements.rules.value);
    $('rules-desc').textContent = r ? ruleSummaryTerm(t, r.id) : '';
  }

  function showGameOver(force) {
    if (!ctl.isOver()) return;
    const key = ctl.recordKey();
    if (!force && ctl.overShownFor === key) return;
    ctl.overShown();
    const st = ctl.model.status(),
      me = ctl.humanSide();
    let title = endTitle(t, st);
    if (me && ctl.aiPlays(other(me)) && st.winner)
      title = t(st.winner === me ? 'dialog.over.won' : 'dialog.over.lost');
    $('dlg-over-title').textContent = title;
    // a draw's title says Draw; the reason says it again ("Draw by agreement.")
    $('over-reason').textContent = endReason(t, st);
    $('over-icon').innerHTML = st.winner
      ? `<img src="pieces/king.svg" alt="" style="${st.winner === 'scarlet' ? 'filter: hue-rotate(-40deg) saturate(2.2) brightness(.85)' : ''}">`
      : '<img src="pieces/king.svg" alt="" style="filter: grayscale(1) brightness(.9)">';
    const moves = ctl.model.length;
    $('over-stats').innerHTML =
      `<dt>${esc(t('dialog.over.result'))}</dt><dd>${resultScore(st)}</dd>` +
      `<dt>${esc(t('page.moves'))}</dt><dd>${esc(t('dialog.over.moves', { moves: Math.ceil(moves / 2), count: moves }))}</dd>` +
      `<dt>${esc(t('dialog.over.material'))}</dt><dd>${esc(materialText(ctl.model.live.board, t))}</dd>` +
      `<dt>${esc(t('dialog.over.opponent'))}</dt><dd>${ctl.opponentText()}</dd>`;
    const vsComputer = me && ctl.aiPlays(other(me));
    $('btn-rematch').textContent = vsComputer
      ? t('dialog.over.rematchAs', { side: sideTerm(t, other(me)) })
      : t('dialog.over.again');
    const dlg = $('dlg-over');
    if (!dlg.open) dlg.showModal();
  }

  const openHelp = () => $('dlg-help').showModal();

  function wire() {
    $('btn-new').addEventListener('click', () => openNewGame());
    $('btn-restore-prev').addEventListener('click', () => {
      $('dlg-new').close('cancel');
      opening.restorePrevious();
    });
    $('btn-help').addEventListener('click', openHelp);
    const form = $('form-new');
    const { min, max } = strengthRange(); // the computer's strengths: core's levels
    Object.assign(form.elements.level, { min, max });
    fillChoices(form, t);
    form.addEventListener('input', syncNewGameForm);
    $('btn-new-cancel').addEventListener('click', () => $('dlg-new').close('cancel'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const mode = form.elements.mode.value;
      let human = form.elements.side.value;
      if (human === 'random') human = Math.random() < 0.5 ? 'gold' : 'scarlet';
      const level = Number(form.elements.level.value);
      const rules = form.elements.rules.value;
      const choice = form.elements.tc.value;
      const tc = readTc(
        choice === 'custom' ? `${form.elements.tcMinutes.value}+${form.elements.tcInc.value}` : choice,
      );
      if (tc.error) {
        const why = reason(t, tc);
        $('tc-error').textContent = t('dialog.new.badClock', {
          why: why.charAt(0).toLocaleUpperCase(t.locale) + why.slice(1),
        });
        return;
      } // nothing started
      $('dlg-new').close('start');
      // a new game always loads (the start position): nothing to report
      ctl.newGame(
        {
          mode,
          human,
          level,
          tc: mode === 'watch' ? null : tc.value,
          flipped: (mode === 'ai' || mode === 'link') && human === 'scarlet',
        },
        rules,
      );
    });
    $('dlg-over').addEventListener('close', () => {
      if ($('dlg-over').returnValue === 'rematch') ctl.rematch();
    });
    ctl.on('over', () => setTimeout(() => showGameOver(false), 450));
  }

  return { wire, openNewGame, openHelp, showGameOver };
}
