import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import * as svgCaptchaLib from 'svg-captcha';

// svg-captcha's module is itself the drawing function (its typings only name the helpers).
const drawCaptcha = ((svgCaptchaLib as unknown as { default?: unknown }).default ?? svgCaptchaLib) as (
  text: string,
  options?: object,
) => string;
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Rng } from '../../platform/rng.ts';

// No look-alike characters (0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface CaptchaChallenge {
  /** An SVG image as a data URL. */
  image: string;
  /** Sent back as `Verification-Token: <signature>:<answer>`. */
  signature: string;
}

/**
 * Image captchas without server state: the signature carries what it is for, when it expires and a
 * keyed MAC of its answer, so the answer can never be found from what the client holds (a plain hash
 * of five letters falls to an offline search in seconds). Each captcha is tried once: the first answer,
 * right or wrong, spends it (remembered in the shared cache until it expires). The text comes from our
 * CSPRNG; svg-captcha only draws it.
 */
export function createCaptcha(deps: {
  appSecret: string;
  clock: Clock;
  rng: Rng;
  cache: Cache;
  ttlMs: number;
}) {
  const key = createHash('sha256').update(`${deps.appSecret}:captcha`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const answerMac = (nonce: string, answer: string) => mac(`answer:${nonce}:${answer.trim().toLowerCase()}`);

  return {
    issue(purpose: string): CaptchaChallenge {
      const text = [...deps.rng.bytes(5)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
      const svg = drawCaptcha(text, { width: 150, height: 50, noise: 3, color: false });
      const nonce = deps.rng.bytes(9).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({ p: purpose, h: answerMac(nonce, text), e: deps.clock.now() + deps.ttlMs, n: nonce }),
      ).toString('base64url');
      return {
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        signature: `${payload}.${mac(payload)}`,
      };
    },

    /** True for a right first answer to an unexpired captcha issued for this purpose. */
    async solve(purpose: string, header: string | undefined): Promise<boolean> {
      if (!header) return false;
      const colon = header.lastIndexOf(':');
      if (colon <= 0) return false;
      const signature = header.slice(0, colon);
      const [payload, given] = signature.split('.');
      if (!payload || !given) return false;
      const expected = Buffer.from(mac(payload));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      let claims: { p: string; h: string; e: number; n: string };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return false;
      }
      const now = deps.clock.now();
      if (claims.p !== purpose || claims.e <= now) return false;
      if (!(await deps.cache.setIfAbsent(`captcha:used:${claims.n}`, '1', claims.e - now + 1000)))
        return false;
      const expectedAnswer = Buffer.from(answerMac(claims.n, header.slice(colon + 1)));
      const claimed = Buffer.from(String(claims.h));
      return expectedAnswer.length === claimed.length && timingSafeEqual(expectedAnswer, claimed);
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;

/**
 * After a captcha, step one of the login also answers a protection phrase and its signature; step two
 * must present the signature (Verification-Token), or it answers BAD_PROTECTION_PHRASE.
 */
export function createProtection(appSecret: string) {
  const key = createHash('sha256').update(`${appSecret}:protection`).digest();
  const sign = (lookupHash: Buffer, phrase: string) =>
    createHmac('sha256', key).update(lookupHash).update(':').update(phrase).digest('base64url');
  return {
    issue(lookupHash: Buffer, rng: Rng): { phrase: string; signature: string } {
      const phrase = [...rng.bytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
      return { phrase, signature: `${phrase}.${sign(lookupHash, phrase)}` };
    },
    check(lookupHash: Buffer, token: string | undefined): boolean {
      if (!token) return false;
      const [phrase, mac] = token.split('.');
      if (!phrase || !mac) return false;
      const expected = Buffer.from(sign(lookupHash, phrase));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
