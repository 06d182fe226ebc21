/**
 * The originals' sounds, synthesized here as short 16-bit mono WAV files (no recorded samples to
 * license): a tile opening, a gem, a mine, a cash-out, a peg, a bucket, a bet.
 */
export const SOUNDS = ['bet', 'gem', 'mine', 'cashout', 'peg', 'bucket', 'card', 'flip', 'roll'] as const;
export type Sound = (typeof SOUNDS)[number];

const RATE = 22_050;

/** A tone's samples: frequency sweep from `from` to `to` Hz, with an exponential decay. */
function tone(seconds: number, from: number, to: number, decay: number, volume = 0.5): Float32Array {
  const samples = new Float32Array(Math.floor(RATE * seconds));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / samples.length;
    phase += (2 * Math.PI * (from + (to - from) * t)) / RATE;
    const attack = Math.min(1, i / (RATE * 0.004));
    samples[i] = Math.sin(phase) * Math.exp(-decay * t) * attack * volume;
  }
  return samples;
}

/** A deterministic noise burst (a small linear congruential generator), filtered and decaying. */
function noise(seconds: number, decay: number, volume = 0.5): Float32Array {
  const samples = new Float32Array(Math.floor(RATE * seconds));
  let state = 12_345;
  let last = 0;
  for (let i = 0; i < samples.length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const white = (state / 1_073_741_824 - 1) * volume;
    last = last * 0.82 + white * 0.18;
    samples[i] = last * Math.exp((-decay * i) / samples.length) * 2.2;
  }
  return samples;
}

function mix(...layers: { at: number; samples: Float32Array }[]): Float32Array {
  const length = Math.max(...layers.map((layer) => Math.floor(layer.at * RATE) + layer.samples.length));
  const out = new Float32Array(length);
  for (const layer of layers) {
    const start = Math.floor(layer.at * RATE);
    layer.samples.forEach((value, i) => (out[start + i]! += value));
  }
  return out;
}

const recipes: Record<Sound, () => Float32Array> = {
  bet: () => mix({ at: 0, samples: tone(0.08, 520, 380, 6, 0.35) }),
  gem: () =>
    mix(
      { at: 0, samples: tone(0.25, 1046, 1318, 5, 0.32) },
      { at: 0.05, samples: tone(0.3, 1568, 1760, 6, 0.2) },
    ),
  mine: () => mix({ at: 0, samples: noise(0.7, 5, 0.9) }, { at: 0, samples: tone(0.6, 110, 40, 4, 0.6) }),
  cashout: () =>
    mix(
      { at: 0, samples: tone(0.18, 784, 784, 4, 0.3) },
      { at: 0.09, samples: tone(0.18, 988, 988, 4, 0.3) },
      { at: 0.18, samples: tone(0.4, 1318, 1318, 4, 0.32) },
    ),
  peg: () => mix({ at: 0, samples: tone(0.05, 1900, 1500, 9, 0.18) }),
  bucket: () =>
    mix(
      { at: 0, samples: tone(0.3, 660, 880, 5, 0.3) },
      { at: 0.06, samples: tone(0.3, 1320, 1320, 6, 0.16) },
    ),
  // Blackjack and dice (ADR 049): a card sliding onto the felt, a card turned over, a die rattling.
  card: () =>
    mix({ at: 0, samples: noise(0.09, 7, 0.35) }, { at: 0.02, samples: tone(0.05, 320, 220, 8, 0.12) }),
  flip: () => mix({ at: 0, samples: noise(0.06, 9, 0.3) }, { at: 0.04, samples: noise(0.06, 9, 0.25) }),
  roll: () =>
    mix(
      { at: 0, samples: noise(0.05, 8, 0.4) },
      { at: 0.07, samples: noise(0.05, 8, 0.35) },
      { at: 0.15, samples: noise(0.05, 8, 0.3) },
      { at: 0.22, samples: tone(0.12, 700, 900, 6, 0.2) },
    ),
};

/** The sound as a WAV file (RIFF, PCM, 16-bit, mono). */
export function soundWav(name: Sound): Buffer {
  const samples = recipes[name]();
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
