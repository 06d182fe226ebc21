import { createHash, createHmac } from 'node:crypto';
import { ratio, type Ratio } from './rational.ts';

/**
 * Crash (issue 19; ADR 043, 044): the maths, the published hash chain and the flight's clock. As bustabit does it, every round's hash is the SHA-256 of the
 * next round's, so the operator commits to every future round at once by publishing the chain's
 * terminal hash; a public salt (fixed before the first round) keeps it from choosing a chain.
 */

/** The house keeps 1 %: a cash-out at ×t wins with probability just under 0.99/t. */
export const RETURN_PERCENT = 99n;
/** Bits of the round's HMAC read as its random number. */
export const BITS = 52;

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * A chain of `length` rounds from a secret seed: hashes[0] is the seed, each next one the SHA-256 of
 * the one before. Rounds are played from the end: round 1 is hashes[length − 1], round n is
 * hashes[length − n]; the terminal hash, published before round 1, is hashes[length].
 */
export function hashChain(seed: string, length: number): { rounds: string[]; terminal: string } {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error('a chain seed is 64 lowercase hex characters');
  const hashes = [seed];
  for (let i = 1; i <= length; i++) hashes.push(sha256(hashes[i - 1]!));
  return { rounds: hashes.slice(0, length).reverse(), terminal: hashes[length]! };
}

/**
 * Which round a hash is, counted from the published terminal hash: hashing it n times reaches the
 * terminal for round n (null when it does not within `limit` rounds: not a round of this chain).
 */
export function roundOf(hash: string, terminal: string, limit: number): number | null {
  let current = hash;
  for (let round = 1; round <= limit; round++) {
    current = sha256(current);
    if (current === terminal) return round;
  }
  return null;
}

/** The round's random number: the first 52 bits of HMAC-SHA256(round hash, salt), 0 ≤ h < 2^52. */
export function randomOf(hash: string, salt: string, bits = BITS): bigint {
  const digest = createHmac('sha256', Buffer.from(hash, 'hex')).update(salt).digest();
  return BigInt(`0x${digest.subarray(0, 8).toString('hex')}`) >> BigInt(64 - bits);
}

/**
 * Where the round crashes, in hundredths (100 = ×1.00, everyone loses): floor(99 · E / (E − h)) for
 * E = 2^bits, so that P(crash ≥ t) = floor(99E/t)/E, just under 0.99/t, for every t ≥ 1.00.
 */
export function crashPoint(h: bigint, bits = BITS): number {
  const e = 1n << BigInt(bits);
  const point = (RETURN_PERCENT * e) / (e - h);
  return Number(point < 100n ? 100n : point);
}

/**
 * The exact return of cashing out at `target` hundredths (at least 101), counted over every one of
 * the 2^bits random numbers: a win pays target/100 and happens for h ≥ E − 99E/target.
 */
export function exactReturn(target: number, bits = BITS): Ratio {
  const e = 1n << BigInt(bits);
  const t = BigInt(target);
  const winning = (RETURN_PERCENT * e) / t; // floor(99E/t): the h from E − floor(99E/t) up
  return ratio(winning * t, 100n * e);
}

/** Growth of the multiplier per millisecond of flight: ×2 after 11.6 s, ×10 after 38 s (as bustabit). */
export const GROWTH_PER_MS = 0.00006;

/** The multiplier shown `elapsed` ms into the flight, in hundredths (rounded down, from 100). */
export function multiplierAt(elapsed: number, growth = GROWTH_PER_MS): number {
  return Math.max(100, Math.floor(100 * Math.exp(growth * Math.max(0, elapsed)) + 1e-9));
}

/** When the multiplier reaches `point` hundredths, in ms of flight (the crash, or an auto cash-out). */
export function elapsedFor(point: number, growth = GROWTH_PER_MS): number {
  return Math.log(point / 100) / growth;
}

/** What a cash-out at `multiplier` hundredths pays on `stake` minor units (rounded down). */
export const payout = (stake: number, multiplier: number) => Math.floor((stake * multiplier) / 100);

/** Limits of an automatic cash-out target, in hundredths. */
export const MIN_TARGET = 101;
export const MAX_TARGET = 1_000_000;
