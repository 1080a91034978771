// The clocks beside the players (session/game/clock.js keeps the time, the controller the game):
// each side's time left, running only for the side to move, warning in the last 10
// seconds (a colour, and a tick each second when sounds are on). The text is redrawn when
// it next changes (clock.nextChange), and the page looks at the time again whenever it is
// shown (a hidden tab's timers are slowed): the time always comes from timestamps, so
// nothing is lost however late a timer fires. A flag that has fallen ends the game through
// the controller (ctl.checkFlag: core decides what it means).
import * as clock from '../../session/game/clock.js';
import { sideTerm } from '../../facts/terms.js';
import { all } from '../../util/dom.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

/** A clock's time in words ("4 minutes 5 seconds"; days and hours on a clock of days). */
export function durationWords(/** @type {Translator} */ t, ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const days = Math.floor(s / 86400),
    hours = Math.floor((s % 86400) / 3600),
    minutes = Math.floor((s % 3600) / 60),
    seconds = s % 60;
  const parts = days
    ? [t('page.clock.days', { count: days }), hours ? t('page.clock.hours', { count: hours }) : '']
    : [
        hours ? t('page.clock.hours', { count: hours }) : '',
        minutes ? t('page.clock.minutes', { count: minutes }) : '',
        seconds ? t('page.clock.seconds', { count: seconds }) : '',
      ];
  return parts.filter(Boolean).join(' ') || t('page.clock.seconds', { count: 0 });
}

// ctl: the Controller; sounds: createSounds(); t: the page's words; root: where the players'
// clocks are (document)
export function createClockView(ctl, sounds, /** @type {Translator} */ t, root = document) {
  let timer = 0,
    lastTick = null;

  function schedule() {
    clearTimeout(timer);
    timer = 0;
    const c = ctl.clock;
    if (!c || !c.running || ctl.isOver()) return;
    const now = ctl.now();
    const left = clock.remaining(c, c.running, now);
    const next = clock.nextChange(left);
    const wait = Math.max(1, Math.min(next === null ? 1 : next, left));
    timer = setTimeout(tick, wait);
  }

  function tick() {
    timer = 0;
    if (ctl.checkFlag()) return; // the game ended: its 'change' redraws everything
    render();
  }

  function render() {
    const c = ctl.clock;
    const now = ctl.now();
    for (const el of all('[data-clock]', root)) {
      const side = el.dataset.clock;
      if (!c) {
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      const left = clock.remaining(c, side, now);
      const runs = c.running === side && !ctl.isOver();
      const warn = runs && c.tc.kind === 'fischer' && left < clock.WARN_MS;
      const text = clock.clockText(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle('is-running', runs);
      el.classList.toggle('is-low', warn);
      el.classList.toggle('is-out', left <= 0);
      el.setAttribute(
        'aria-label',
        t(runs ? 'page.clock.running' : 'page.clock', {
          side: sideTerm(t, side),
          time: durationWords(t, left),
        }),
      );
      if (warn) {
        const second = Math.ceil(left / 1000);
        if (lastTick !== second) {
          lastTick = second;
          sounds.play('tick');
        }
      }
    }
    schedule();
  }

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') tick();
    });
  }
  return { render, tick };
}
