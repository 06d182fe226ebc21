import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { randomToken, type Rng } from '../../platform/rng.ts';

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newToken(rng: Rng): string {
  return randomToken(rng, 256);
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Seals a secret at rest (AES-256-GCM under a key derived from the app secret and a purpose): a refresh
 * successor token for its short grace, a TOTP secret for its lifetime.
 */
export function createSealer(appSecret: string, purpose: string) {
  const key = createHash('sha256').update(`${appSecret}:${purpose}`).digest();
  return {
    seal(token: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed: string): string | undefined {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

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
