import { createHash, createHmac, randomBytes } from 'node:crypto';

const SEED_BYTES = 32;
const WORD = 2 ** 32;

/** A new server seed: 32 bytes from the operating system's CSPRNG, as hex. */
export function newServerSeed(random: (count: number) => Buffer = randomBytes): string {
  return random(SEED_BYTES).toString('hex');
}

function seedBytes(serverSeed: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(serverSeed)) throw new Error('a server seed is 64 lowercase hex characters');
  return Buffer.from(serverSeed, 'hex');
}

/** What the player sees before playing: SHA-256 of the seed's bytes, hex. */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(seedBytes(serverSeed)).digest('hex');
}

/** A revealed seed matches the commitment shown before play. */
export function seedMatches(serverSeed: string, commitment: string): boolean {
  return /^[0-9a-f]{64}$/.test(serverSeed) && commitmentOf(serverSeed) === commitment;
}

/** The 32 bytes of one cursor of a bet: HMAC-SHA256(server seed, "clientSeed:nonce:cursor"). */
export function blockOf(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Buffer {
  return createHmac('sha256', seedBytes(serverSeed)).update(`${clientSeed}:${nonce}:${cursor}`).digest();
}

/**
 * The random draws of one bet, in order: integers below n without modulo bias (rejection sampling
 * over 32-bit words), and shuffles built from them (Fisher–Yates).
 */
export function createDraws(serverSeed: string, clientSeed: string, nonce: number) {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('the nonce is a non-negative integer');
  let cursor = 0;
  let block: Buffer = Buffer.alloc(0);
  let offset = 0;
  function word(): number {
    if (offset + 4 > block.length) {
      block = blockOf(serverSeed, clientSeed, nonce, cursor++);
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  }
  function int(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > WORD) throw new Error('n is an integer from 1 to 2^32');
    const limit = Math.floor(WORD / n) * n;
    for (;;) {
      const value = word();
      if (value < limit) return value % n;
    }
  }
  return {
    int,
    /** A uniformly random permutation of `items` (the order of a shoe, a deck). */
    shuffle<T>(items: readonly T[]): T[] {
      const result = [...items];
      for (let i = result.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [result[i], result[j]] = [result[j] as T, result[i] as T];
      }
      return result;
    },
    /** How many 32-byte blocks were used so far (shown in the round's proof). */
    blocksUsed: () => cursor,
  };
}

export type Draws = ReturnType<typeof createDraws>;
