import { describe, expect, it } from 'vitest';
import {
  BITS,
  crashPoint,
  elapsedFor,
  exactReturn,
  hashChain,
  multiplierAt,
  payout,
  randomOf,
  roundOf,
} from './crash.ts';
import { ratio } from './rational.ts';

const SEED = '5e1f0d2c3b4a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const SALT = '0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6';

describe('crash: the hash chain and the crash point', () => {
  it('verifies every round of the chain from the published terminal hash, and no other hash', () => {
    const { rounds, terminal } = hashChain(SEED, 1_000);
    expect(rounds).toHaveLength(1_000);
    expect(roundOf(rounds[0]!, terminal, 1_000)).toBe(1);
    expect(roundOf(rounds[499]!, terminal, 1_000)).toBe(500);
    // Each round's hash hashes to the round before: a player checks a round against the last one.
    expect(roundOf(rounds[500]!, rounds[499]!, 1)).toBe(1);
    expect(roundOf(SEED, terminal, 1_000)).toBe(1_000);
    const tampered = `${rounds[10]!.slice(0, 63)}${rounds[10]!.endsWith('0') ? '1' : '0'}`;
    expect(roundOf(tampered, terminal, 1_000)).toBeNull();
  });

  it('crashes at ×1.00 (no cash-out wins) for 1 − 99/101 of rounds and follows P(crash ≥ t) = floor(99E/t)/E exactly', () => {
    // Over every random number of a 16-bit draw, the crash points counted one by one.
    const bits = 16;
    const e = 2 ** bits;
    const points = Array.from({ length: e }, (_, h) => crashPoint(BigInt(h), bits));
    expect(points.filter((point) => point === 100).length).toBe(e - Math.floor((99 * e) / 101));
    for (const target of [101, 150, 200, 333, 1_000, 10_000, 99_999]) {
      const winning = points.filter((point) => point >= target).length;
      expect(winning, `×${target / 100}`).toBe(Math.floor((99 * e) / target));
      expect(exactReturn(target, bits)).toEqual(ratio(BigInt(winning * target), BigInt(100 * e)));
    }
  });

  it('returns 99 % at every cash-out, short of it by less than the target over 2^52 (exact fractions)', () => {
    const e = 2n ** BigInt(BITS);
    for (const target of [101, 102, 150, 199, 200, 500, 1_000, 2_500, 10_000, 100_000, 1_000_000]) {
      const rtp = exactReturn(target);
      // 0 ≤ 99/100 − rtp < target / (100 · 2^52)
      const shortfall = ratio(99n * rtp.d - 100n * rtp.n, 100n * rtp.d);
      expect(shortfall.n >= 0n, `×${target / 100}`).toBe(true);
      expect(shortfall.n * 100n * e < BigInt(target) * shortfall.d, `×${target / 100}`).toBe(true);
    }
  });

  it('agrees with its exact return in a Monte Carlo run of 100 000 rounds of one chain (99 % interval)', () => {
    const { rounds } = hashChain(SEED, 100_000);
    const target = 200;
    let returned = 0;
    let instant = 0;
    for (const hash of rounds) {
      const point = crashPoint(randomOf(hash, SALT));
      if (point === 100) instant++;
      if (point >= target) returned += target / 100;
    }
    const p = 0.99 / 2;
    const sd = Math.sqrt(4 * p - 0.99 * 0.99);
    expect(Math.abs(returned / rounds.length - 0.99)).toBeLessThan(2.576 * (sd / Math.sqrt(rounds.length)));
    // A crash at ×1.00 (below every cash-out) comes once in about 51 rounds: within its 99 % interval.
    const q = 1 - 99 / 101;
    expect(Math.abs(instant / rounds.length - q)).toBeLessThan(
      2.576 * Math.sqrt((q * (1 - q)) / rounds.length),
    );
  });
});

describe('crash: the flight’s clock', () => {
  it('reaches every multiplier at the moment elapsedFor gives, never before', () => {
    expect(multiplierAt(0)).toBe(100);
    for (const point of [101, 150, 200, 1_000, 123_456]) {
      const at = elapsedFor(point);
      expect(multiplierAt(at)).toBe(point);
      expect(multiplierAt(at - 1)).toBeLessThan(point);
    }
    // ×2 after about 11.6 s, as bustabit's curve.
    expect(elapsedFor(200)).toBeCloseTo(11_552, -1);
  });

  it('pays a cash-out at ×t the stake times t, rounded down to the kopeck', () => {
    expect(payout(1_000, 150)).toBe(1_500);
    expect(payout(333, 101)).toBe(336);
    expect(payout(1, 199)).toBe(1);
  });
});
