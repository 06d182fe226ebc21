import { describe, expect, it } from 'vitest';
import { clientBundle, CLIENTS, ORIGINALS } from './clients.ts';
import { SOUNDS, soundWav } from './sounds.ts';

describe('the originals’ clients (ADR 042)', () => {
  it('load each game within its gzip budget: the renderer shared, the game’s own code small', async () => {
    const bundle = await clientBundle();
    for (const game of CLIENTS) {
      const entry = bundle.entries[game];
      const own = bundle.assets.get(entry.script)!.gzip.length;
      const firstLoad = [entry.script, ...entry.imports].reduce(
        (sum, file) => sum + bundle.assets.get(file)!.gzip.length,
        0,
      );
      expect(own, `${game}'s own code`).toBeLessThan(15 * 1024);
      expect(firstLoad, `${game} before its first frame`).toBeLessThan(200 * 1024);
    }
    // The renderer is one set of chunks both games share, not a copy in each.
    const [mines, plinko] = ORIGINALS.map((game) => new Set(bundle.entries[game].imports));
    expect([...mines!].filter((file) => plinko!.has(file)).length).toBeGreaterThan(0);
  });

  it('synthesizes every sound as a playable 16-bit mono WAV', () => {
    for (const name of SOUNDS) {
      const wav = soundWav(name);
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.subarray(8, 12).toString()).toBe('WAVE');
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
      expect(wav.length).toBeGreaterThan(1_000);
    }
  });
});
