// Sounds of the game: a move, a capture, a check, the end of a game, a clock's tick. Synthesised with Web
// Audio (no sound files: nothing to download, works offline), started only after the
// person has used the page (browsers refuse audio before that: no autoplay warnings), and
// a mute switch remembered in localStorage.
//
//   const sounds = createSounds({ t });   // t: the page's words (the mute button's title)
//   sounds.play(soundFor(ply, snapAfter));  sounds.toggle();  sounds.muted();
//   sounds.bindButton(el)                     // aria-pressed = muted, kept in step
//   sounds.on('play', fn({kind, muted, played}))  // each sound asked for
import { Emitter } from '../../util/emitter.js';
import { attempt, settle } from '../../util/result.js';

export const SOUND_KEY = 'dragonchess.sound.v1';

/**
 * Which sound a ply makes: 'end' (the game is over after it), 'check', 'capture' (also
 * from afar) or 'move'. ply: the engine's move ({kind}); after: the model's snapshot after
 * it ({status, check}).
 */
export function soundFor(ply, after) {
  const st = (after && after.status) || {};
  if (st.over) return 'end';
  if (st.check || (after && after.check)) return 'check';
  if (ply && (ply.kind === 'capture' || ply.kind === 'afar')) return 'capture';
  return 'move';
}

// The mute switch in storage (unreadable: sounds on; not kept in private mode: the switch
// then lasts while the page is open).
const readMuted = () => attempt(() => localStorage.getItem(SOUND_KEY)).value === 'off';
const writeMuted = (m) => attempt(() => localStorage.setItem(SOUND_KEY, m ? 'off' : 'on'));

// Each sound: notes [frequency Hz, start s, length s, gain, wave], and a noise burst (s).
const VOICES = {
  move: { notes: [[520, 0, 0.07, 0.22, 'triangle']], noise: 0.03 },
  capture: {
    notes: [
      [330, 0, 0.09, 0.26, 'triangle'],
      [220, 0.045, 0.11, 0.22, 'triangle'],
    ],
    noise: 0.07,
  },
  check: {
    notes: [
      [880, 0, 0.11, 0.16, 'sine'],
      [660, 0.12, 0.16, 0.16, 'sine'],
    ],
    noise: 0,
  },
  end: {
    notes: [
      [523, 0, 0.22, 0.15, 'sine'],
      [659, 0.14, 0.22, 0.15, 'sine'],
      [784, 0.28, 0.45, 0.15, 'sine'],
    ],
    noise: 0,
  },
  tick: { notes: [[1400, 0, 0.03, 0.08, 'square']], noise: 0 }, // a clock's last 10 seconds, once a second
};

export function createSounds({ t }) {
  const events = new Emitter();
  let muted = readMuted();
  let ctx = null,
    noise = null;
  const buttons = new Set();
  const AC =
    typeof window !== 'undefined' && (window.AudioContext || /** @type {any} */ (window).webkitAudioContext);

  // Whether the person has used this page (a click, a tap, a key): only then may audio
  // start (the browsers' autoplay rule; their own flag, navigator.userActivation, is not
  // everywhere and is set by test drivers).
  let used = false;
  const mark = () => {
    used = true;
  };
  if (typeof window !== 'undefined') {
    for (const ev of ['pointerdown', 'keydown'])
      window.addEventListener(ev, mark, { capture: true, passive: true });
  }
  const activated = () => used;

  function context() {
    if (!AC || !activated()) return null;
    if (!ctx) {
      const made = attempt(() => new AC()); // no audio device: the game stays silent
      if (made.error) return null;
      ctx = made.value;
      const n = Math.floor(ctx.sampleRate * 0.1);
      noise = ctx.createBuffer(1, n, ctx.sampleRate);
      const d = noise.getChannelData(0);
      for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n);
    }
    if (ctx.state === 'suspended') settle(ctx.resume()); // refused: silent until the next use
    return ctx;
  }

  function voice(c, v) {
    const t0 = c.currentTime + 0.005;
    for (const [f, at, len, gain, wave] of v.notes) {
      const o = c.createOscillator(),
        g = c.createGain();
      o.type = wave;
      o.frequency.setValueAtTime(f, t0 + at);
      g.gain.setValueAtTime(0.0001, t0 + at);
      g.gain.exponentialRampToValueAtTime(gain, t0 + at + 0.008);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      o.connect(g).connect(c.destination);
      o.start(t0 + at);
      o.stop(t0 + at + len + 0.02);
    }
    if (v.noise) {
      const s = c.createBufferSource(),
        g = c.createGain(),
        bp = c.createBiquadFilter();
      s.buffer = noise;
      bp.type = 'bandpass';
      bp.frequency.value = 1800;
      g.gain.setValueAtTime(0.18, t0);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + v.noise);
      s.connect(bp).connect(g).connect(c.destination);
      s.start(t0);
      s.stop(t0 + v.noise + 0.02);
    }
  }

  function play(kind) {
    const v = VOICES[kind];
    if (!v) return;
    let played = false;
    if (!muted) {
      const c = context();
      if (c) played = !attempt(() => voice(c, v)).error; // played: false when the audio refused it
    }
    events.emit('play', { kind, muted, played });
  }

  function sync() {
    for (const b of buttons) {
      b.setAttribute('aria-pressed', String(muted));
      b.classList.toggle('is-muted', muted);
      b.title = t(muted ? 'page.sound.off' : 'page.sound.on');
    }
  }
  function setMuted(m) {
    muted = !!m;
    writeMuted(muted);
    sync();
  }

  return {
    play,
    muted: () => muted,
    setMuted,
    toggle: () => setMuted(!muted),
    /** The buttons' words again (a change of language). */
    sync,
    bindButton(el) {
      if (el) {
        buttons.add(el);
        sync();
      }
    },
    state: () => (ctx ? ctx.state : 'none'),
    on: (event, fn) => events.on(event, fn),
  };
}
