import { sha256Hex } from '../shared/verify.ts';

/**
 * The crash round checked in the browser with WebCrypto (ADR 044), without the server's code: hashing
 * the round's hash again and again must reach the published terminal hash (the number of steps is the
 * round's number), and HMAC-SHA256(round hash, salt) must give the crash point shown.
 */
export async function verifyChain(hash: string, terminal: string, limit: number): Promise<number | null> {
  let current = hash;
  for (let step = 1; step <= limit; step++) {
    current = await sha256Hex(current);
    if (current === terminal) return step;
  }
  return null;
}

const hexBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((h) => parseInt(h, 16)));

/** The crash point in hundredths: floor(99·E / (E − h)) for the first 52 bits h of the HMAC, E = 2^52. */
export async function crashPointOf(hash: string, salt: string): Promise<number> {
  const key = await crypto.subtle.importKey('raw', hexBytes(hash), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(salt)));
  let h = 0n;
  for (let i = 0; i < 8; i++) h = (h << 8n) | BigInt(digest[i]!);
  h >>= 12n;
  const e = 1n << 52n;
  const point = (99n * e) / (e - h);
  return Number(point < 100n ? 100n : point);
}
