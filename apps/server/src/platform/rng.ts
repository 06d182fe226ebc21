import { randomBytes } from 'node:crypto';

/** Randomness comes from here so tests can make it repeatable. Always a CSPRNG in production. */
export interface Rng {
  bytes(count: number): Buffer;
}

export const cryptoRng: Rng = { bytes: (count) => randomBytes(count) };

/** An opaque random identifier of `bits` bits, URL-safe. */
export function randomToken(rng: Rng, bits = 128): string {
  return rng.bytes(Math.ceil(bits / 8)).toString('base64url');
}

/** For tests: the real CSPRNG, remembering what it handed out so a test can read a captcha's text. */
export function recordingRng(): Rng & { handedOut: Buffer[] } {
  const handedOut: Buffer[] = [];
  return {
    handedOut,
    bytes(count) {
      const bytes = randomBytes(count);
      handedOut.push(bytes);
      if (handedOut.length > 1000) handedOut.shift();
      return bytes;
    },
  };
}
