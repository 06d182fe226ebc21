import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuthAudit } from './auth-audit.ts';
import type { RequestMeta, SessionPolicy } from './sessions.service.ts';

const DAY_MS = 86_400_000;

/**
 * Failed logins are counted per typed login (or account) for the day, per address for the window and
 * across the platform per minute, in fixed windows numbered by the injected clock (so tests can move
 * time). Nothing here locks an account out (ADR 024): past `captchaAfterFailures` every attempt on that
 * login needs a fresh captcha, and past `maxFailuresPerAccount` each attempt also waits a delay that
 * doubles with every failure (1 s, 2 s, 4 s … up to `maxDelayMs`). A guesser gets a few tries an hour
 * whatever addresses it uses; the player, who knows the password, waits at most that long once.
 */
export function createLoginAttempts(deps: {
  cache: Cache;
  clock: Clock;
  policy: SessionPolicy;
  audit: AuthAudit;
}) {
  const { cache, clock, policy } = deps;

  function failureKeys(lookupKey: string, ip: string) {
    const window = Math.floor(clock.now() / policy.failureWindowMs);
    const day = Math.floor(clock.now() / DAY_MS);
    return {
      account: `auth:fail:acct:${lookupKey}:${day}`,
      last: `auth:fail:last:${lookupKey}`,
      ip: `auth:fail:ip:${ip}:${window}`,
      platform: `auth:fail:all:${Math.floor(clock.now() / 60_000)}`,
    };
  }

  async function failureCounts(lookupKey: string, ip: string) {
    const keys = failureKeys(lookupKey, ip);
    const [account, address, platform, last] = await Promise.all(
      [keys.account, keys.ip, keys.platform, keys.last].map((key) => cache.get(key)),
    );
    return {
      account: Number(account ?? 0),
      ip: Number(address ?? 0),
      platform: Number(platform ?? 0),
      lastFailureAt: Number(last ?? 0),
    };
  }

  return {
    async countFailure(lookupKey: string, ip: string): Promise<void> {
      const keys = failureKeys(lookupKey, ip);
      await Promise.all([
        cache.increment(keys.account, DAY_MS),
        cache.increment(keys.ip, policy.failureWindowMs),
        cache.increment(keys.platform, 60_000),
        cache.set(keys.last, String(clock.now()), DAY_MS),
      ]);
    },

    /** The right password clears that login's failures: only the guesser keeps paying for them. */
    async clearFailures(lookupKey: string): Promise<void> {
      const keys = failureKeys(lookupKey, '');
      await Promise.all([cache.delete(keys.account), cache.delete(keys.last)]);
    },

    /** A captcha on every attempt for a login that failed a few times, or for everyone during a wave. */
    async captchaNeeded(lookupKey: string, ip: string): Promise<boolean> {
      const counts = await failureCounts(lookupKey, ip);
      return (
        counts.account >= policy.captchaAfterFailures ||
        counts.ip >= policy.maxFailuresPerIp ||
        counts.platform >= policy.globalFailuresPerMinute
      );
    },

    /** 429 with Retry-After while this login (or this address) must wait before its next attempt. */
    async guard(lookupKey: string, meta: RequestMeta): Promise<void> {
      const counts = await failureCounts(lookupKey, meta.ip);
      let waitMs = 0;
      // An address shared by many players (a carrier's NAT, an office) meets a captcha first; only ten
      // times as many failures close it for the window.
      if (counts.ip >= policy.maxFailuresPerIp * 10) waitMs = policy.failureWindowMs;
      else if (counts.account >= policy.maxFailuresPerAccount) {
        const delay = Math.min(
          1000 * 2 ** Math.min(counts.account - policy.maxFailuresPerAccount, 30),
          policy.maxDelayMs,
        );
        waitMs = counts.lastFailureAt + delay - clock.now();
      }
      if (waitMs > 0) {
        await deps.audit('login.throttled', false, meta, { lookup: lookupKey });
        throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } });
      }
    },
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
