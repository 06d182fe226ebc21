import { Howl, Howler } from 'howler';

export type Sound = 'bet' | 'gem' | 'mine' | 'cashout' | 'peg' | 'bucket' | 'card' | 'flip' | 'roll';

const KEY = 'kometa.sound.muted';

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The clients' sounds (howler): loaded once, played on events, one mute for all, remembered. */
export function createSounds(names: readonly Sound[]) {
  const sounds = new Map(
    names.map((name) => [name, new Howl({ src: [`/clients/${name}.wav`], preload: true, volume: 0.7 })]),
  );
  let muted = remembered();
  Howler.mute(muted);
  return {
    play(name: Sound, rate = 1) {
      if (muted) return;
      const sound = sounds.get(name);
      if (!sound) return;
      const id = sound.play();
      if (rate !== 1) sound.rate(rate, id);
    },
    get muted() {
      return muted;
    },
    setMuted(value: boolean) {
      muted = value;
      Howler.mute(value);
      try {
        localStorage.setItem(KEY, value ? '1' : '0');
      } catch {
        // A browser that keeps nothing still mutes for this visit.
      }
    },
  };
}

export type Sounds = ReturnType<typeof createSounds>;
