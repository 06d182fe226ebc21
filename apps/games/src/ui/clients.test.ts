import { describe, expect, it } from 'vitest';
import { clientBundle, CLIENTS } from './clients.ts';
import { SOUNDS, soundWav } from './sounds.ts';

describe('the originals’ clients (ADR 042)', () => {
  it('load each game as one script within its gzip budget, the renderer inside', async () => {
    const bundle = await clientBundle();
    const scripts = [...bundle.assets.keys()].filter((file) => file.endsWith('.js'));
    // One request per game: no chunk to find and fetch after the script.
    expect(scripts.sort()).toEqual(CLIENTS.map((game) => bundle.entries[game].script).sort());
    for (const game of CLIENTS) {
      const script = bundle.assets.get(bundle.entries[game].script)!;
      expect(script.gzip.length, `${game} before its first frame`).toBeLessThan(200 * 1024);
      expect(script.body.toString(), `${game} imports nothing later`).not.toMatch(/\bimport\(/);
    }
  });

  it('leave out the parts of the renderer no client loads (pixi-trim.ts)', async () => {
    const bundle = await clientBundle();
    for (const game of CLIENTS) {
      const script = bundle.assets.get(bundle.entries[game].script)!.body.toString();
      // The WebGPU renderer (the clients ask for WebGL, else the canvas), its canvas set-up included.
      expect(script, game).not.toMatch(/getPreferredCanvasFormat/);
      // The renderer's pointer events and accessibility tree: the board's HTML is both.
      expect(script, game).not.toMatch(/pointerupoutside|accessibleHint/);
      // The WebGL renderer and the canvas one stay.
      expect(script, game).toMatch(/webgl/);
      expect(script, game).toMatch(/getContext\("2d"/);
    }
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
