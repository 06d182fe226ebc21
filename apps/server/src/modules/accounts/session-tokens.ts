import { createHash } from 'node:crypto';
import { randomToken, type Rng } from '../../platform/rng.ts';

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newToken(rng: Rng): string {
  return randomToken(rng, 256);
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Seals a secret at rest (platform/secrets.ts): a refresh successor token for its short grace, a
 * TOTP secret for its lifetime.
 */
export { createSealer } from '../../platform/secrets.ts';

/** A six-digit code for SMS, uniform over 000000–999999 (rejection sampling, no modulo bias). */
export function newSmsCode(rng: Rng): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  for (;;) {
    const value = rng.bytes(4).readUInt32BE(0);
    if (value < limit) return String(value % 1_000_000).padStart(6, '0');
  }
}

/** A link into the player site (the operator's main origin) for an e-mail. */
export function siteLink(siteOrigin: string, path: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${path}`;
}
