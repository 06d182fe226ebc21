import { Howl, Howler } from 'howler';
import { whenIdle } from './idle.ts';

export type Sound = 'bet' | 'gem' | 'mine' | 'cashout' | 'peg' | 'bucket' | 'card' | 'flip' | 'roll';

const KEY = 'kometa.sound.muted';

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The clients' sounds (howler): loaded once, played on events, one mute for all, remembered. They
 * load after the game's first playable frame (`load`, called by the frame), one sound per idle
 * moment: starting the audio and asking for its files before would delay the board a phone shows
 * first, and all at once they held a 4× slower phone's main thread 65 ms (bench `game-clients`).
 */
export function createSounds(names: readonly Sound[]) {
  const sounds = new Map<Sound, Howl>();
  let muted = remembered();
  const sound = (name: Sound) => {
    let found = sounds.get(name);
    if (found) return found;
    found = new Howl({ src: [`/clients/${name}.wav`], preload: true, volume: 0.7 });
    sounds.set(name, found);
    if (sounds.size === 1) Howler.mute(muted);
    return found;
  };
  return {
    /** Loads the sounds in idle moments (a sound played sooner loads at once). */
    load() {
      const waiting = [...names];
      whenIdle(function next() {
        const name = waiting.shift();
        if (name === undefined) return;
        sound(name);
        whenIdle(next);
      });
    },
    play(name: Sound, rate = 1) {
      if (muted || !names.includes(name)) return;
      const howl = sound(name);
      const id = howl.play();
      if (rate !== 1) howl.rate(rate, id);
    },
    get muted() {
      return muted;
    },
    setMuted(value: boolean) {
      muted = value;
      if (sounds.size > 0) Howler.mute(value);
      try {
        localStorage.setItem(KEY, value ? '1' : '0');
      } catch {
        // A browser that keeps nothing still mutes for this visit.
      }
    },
  };
}

export type Sounds = ReturnType<typeof createSounds>;
