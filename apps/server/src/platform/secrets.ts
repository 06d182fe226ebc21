import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import argon2 from 'argon2';

/**
 * Secrets at rest and in transit, with no business rules: password hashing (Argon2id with the
 * configured cost, ADR 009), sealing a secret under a key derived from the app secret (AES-256-GCM),
 * SHA-256 of a token and keyed MACs.
 */
export interface PasswordHashing {
  memoryKiB: number;
  iterations: number;
}

export function createPasswordHasher(options: PasswordHashing) {
  const params: argon2.HashOptions & { raw?: false } = {
    type: argon2.argon2id,
    memoryCost: options.memoryKiB,
    timeCost: options.iterations,
    parallelism: 1,
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => argon2.hash(password, params),
    async verify(hash: string, password: string): Promise<boolean> {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    /** Spends the time of one verification when there is no account, so timing does not tell. */
    async verifyNothing(password: string): Promise<false> {
      dummy ??= argon2.hash('no account has this password', params);
      await argon2.verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A keyed MAC (HMAC-SHA-256, base64url) of `message` under a key derived from the secret and a purpose. */
export function keyedMac(secret: string, purpose: string, message: string | Buffer): string {
  return createHmac('sha256', `${secret}:${purpose}`).update(message).digest('base64url');
}

/** Compares two strings in constant time (for the lengths being equal). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Seals a secret at rest (AES-256-GCM) under a key derived from the app secret and a purpose. */
export function createSealer(appSecret: string, purpose: string) {
  const key = createHash('sha256').update(`${appSecret}:${purpose}`).digest();
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
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
