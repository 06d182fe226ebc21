import { describe, expect, it } from 'vitest';
import { commitmentOf, createDraws } from '@kometa/fairness';
import { minesOf } from '../games/mines.ts';
import { play } from '../games/plinko.ts';
import { VERIFY_SCRIPT } from './verify-script.ts';

const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';
type Verify = (input: { serverSeed: string; clientSeed: string; nonce: number; game: string }) => Promise<{
  commitment: string;
  outcome: Record<string, unknown> | null;
}>;
// The page's own script, run on Node's WebCrypto as a browser would run it.
const verifyRound = new Function(`${VERIFY_SCRIPT}; return verifyRound;`)() as Verify;

describe('the in-browser round verifier', () => {
  it('reproduces the published vectors and the commitment', async () => {
    const dice = await verifyRound({ serverSeed: SEED, clientSeed: 'kometa', nonce: 1, game: 'dice' });
    expect(dice).toEqual({
      commitment: '8cb9c0b16c7ac5900af6c5abcc31d3e7ef950129c8b68da3cdafb5dedaff1504',
      outcome: { roll: 6048 },
    });
    const roulette = await verifyRound({
      serverSeed: SEED,
      clientSeed: 'kometa',
      nonce: 2,
      game: 'roulette',
    });
    expect(roulette.outcome).toEqual({ pocket: 18 });
  });

  it('agrees with the server’s draws for any seed, client seed and nonce', async () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const seed = SEED.slice(nonce % 64) + SEED.slice(0, nonce % 64);
      const client = `client-${nonce}`;
      const server = createDraws(seed, client, nonce);
      const slot = await verifyRound({ serverSeed: seed, clientSeed: client, nonce, game: 'classic-slot' });
      expect(slot.outcome).toEqual({ stops: [server.int(20), server.int(20), server.int(20)] });
      expect(slot.commitment).toBe(commitmentOf(seed));
      const cards = await verifyRound({ serverSeed: seed, clientSeed: client, nonce, game: 'blackjack' });
      const dealt = createDraws(seed, client, nonce);
      expect(cards.outcome).toEqual({ cards: Array.from({ length: 16 }, () => dealt.int(52)) });
      const reels = await verifyRound({ serverSeed: seed, clientSeed: client, nonce, game: 'video-slot' });
      const spun = createDraws(seed, client, nonce);
      expect(reels.outcome).toEqual({ stops: Array.from({ length: 5 }, () => spun.int(20)) });
      const field = await verifyRound({ serverSeed: seed, clientSeed: client, nonce, game: 'mines' });
      const tiles = Array.from({ length: 25 }, (_, tile) => tile);
      expect(field.outcome).toEqual({ order: createDraws(seed, client, nonce).shuffle(tiles) });
      // The first `mines` tiles of the order are where mines() puts them.
      const order = (field.outcome as { order: number[] }).order;
      expect(minesOf(5, createDraws(seed, client, nonce))).toEqual(order.slice(0, 5).sort((a, b) => a - b));
      const ball = await verifyRound({ serverSeed: seed, clientSeed: client, nonce, game: 'plinko' });
      const played = play({ rows: 12, risk: 'low' }, 100, createDraws(seed, client, nonce));
      expect((ball.outcome as { path: number[] }).path.slice(0, 12)).toEqual(played.path);
    }
  });
});
