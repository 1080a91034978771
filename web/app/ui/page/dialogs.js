// The dialogs: a new game (mode, side, level; restore the previous game) and the game
// summary when a game ends.
import { materialText } from './view.js';
import { SIDE_NAME, other, levelText, strengthRange, ruleSetList, defaultRules } from '../../facts/facts.js';
import { checkmateWords, resultTitle, resultReason, resultScore } from '../../facts/words.js';
import { $, el, esc } from '../../util/dom.js';
import { readTc, tcCode, tcWords, PRESETS, DAYS } from '../../session/game/clock.js';
import { count } from '../../util/plural.js';
import { cleanSettings } from '../../session/game/store.js';

// The first clock's option says what the figures mean.
const presetText = (tc, i) =>
  i === 0 ? `${tcCode(tc)} · ${tc.base / 60000} minutes, +${tc.inc / 1000} s a move` : tcCode(tc);

// The new game's choices that are facts of their owners: core's rule sets (the default
// checked) and the clocks of session/game/clock.js (live games' before Custom, link games' after).
function fillChoices(form) {
  const rules = form.querySelector('#seg-rules');
  for (const r of ruleSetList()) {
    const checked = r.id === defaultRules() ? ' checked' : '';
    rules.append(
      el(
        'label',
        {},
        `<input type="radio" name="rules" value="${esc(r.id)}"${checked}><span data-rules-name="${esc(r.id)}">${esc(r.name)}</span>`,
      ),
    );
  }
  const select = form.elements.tc,
    custom = select.querySelector('option[value="custom"]');
  const option = (text, tc, kind) => el('option', { value: tcCode(tc), 'data-for': kind }, esc(text));
  PRESETS.forEach((code, i) => {
    const tc = readTc(code).value;
    custom.before(option(presetText(tc, i), tc, 'live'));
  });
  for (const days of DAYS) {
    const tc = { kind: 'days', days };
    select.append(option(tcWords(tc), tc, 'link'));
  }
}

// ctl: the Controller; opening: createOpening(); store: createStore()
/**
 * @param {any} ctl
 * @param {any} opening
 * @param {import('../../session/game/store.js').Store} store
 */
export function createDialogs(ctl, opening, store) {
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
    if (prev)
      rb.title = `Restore the game kept when a link was opened (${count(prev.moves.length, { one: 'ply', other: 'plies' })})`;
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
    $('level-desc').textContent = levelText(lv);
    const r = (ruleSetList() || []).find((x) => x.id === form.elements.rules.value);
    $('rules-desc').textContent = r ? r.summary : '';
  }

  // A new game always loads (the start position): nothing to report.
  function newGame(next, rules = ctl.model.rules) {
    // under the current game's rule set unless given
    ctl.reset({ settings: cleanSettings({ ...ctl.settings, ...next }), seen: false, rules });
  }

  function showGameOver(force) {
    if (!ctl.isOver()) return;
    const key = ctl.recordKey();
    if (!force && ctl.overShownFor === key) return;
    ctl.overShown();
    const st = ctl.model.status(),
      me = ctl.humanSide();
    let title = resultTitle(st);
    if (me && ctl.aiPlays(other(me)) && st.winner) title = st.winner === me ? 'You won!' : 'The computer won';
    $('dlg-over-title').textContent = title;
    // a draw's title says Draw; core's reason says it again ("Draw by agreement.")
    const lead = st.state === 'checkmate' ? `${checkmateWords(st.winner)} ` : '';
    $('over-reason').textContent = lead + resultReason(st);
    $('over-icon').innerHTML = st.winner
      ? `<img src="pieces/king.svg" alt="" style="${st.winner === 'scarlet' ? 'filter: hue-rotate(-40deg) saturate(2.2) brightness(.85)' : ''}">`
      : '<img src="pieces/king.svg" alt="" style="filter: grayscale(1) brightness(.9)">';
    const moves = ctl.model.length;
    $('over-stats').innerHTML =
      `<dt>Result</dt><dd>${resultScore(st)}</dd>` +
      `<dt>Moves</dt><dd>${Math.ceil(moves / 2)} (${count(moves, { one: 'ply', other: 'plies' })})</dd>` +
      `<dt>Material</dt><dd>${materialText(ctl.model.live.board)}</dd><dt>Opponent</dt><dd>${ctl.opponentText()}</dd>`;
    const vsComputer = me && ctl.aiPlays(other(me));
    $('btn-rematch').textContent = vsComputer ? `Rematch as ${SIDE_NAME[other(me)]}` : 'Play again';
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
    fillChoices(form);
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
      const t = readTc(
        choice === 'custom' ? `${form.elements.tcMinutes.value}+${form.elements.tcInc.value}` : choice,
        choice === 'custom' ? 'clock' : 'time control',
      );
      if (t.error) {
        $('tc-error').textContent = t.error[0].toUpperCase() + t.error.slice(1) + '.';
        return;
      } // nothing started
      $('dlg-new').close('start');
      newGame(
        {
          mode,
          human,
          level,
          tc: mode === 'watch' ? null : t.value,
          flipped: (mode === 'ai' || mode === 'link') && human === 'scarlet',
        },
        rules,
      );
    });
    $('dlg-over').addEventListener('close', () => {
      if ($('dlg-over').returnValue !== 'rematch') return;
      const me = ctl.humanSide();
      const human = me ? other(me) : ctl.settings.human;
      newGame({ human, flipped: me ? human === 'scarlet' : ctl.settings.flipped });
    });
    ctl.on('over', () => setTimeout(() => showGameOver(false), 450));
  }

  return { wire, openNewGame, openHelp, showGameOver };
}
