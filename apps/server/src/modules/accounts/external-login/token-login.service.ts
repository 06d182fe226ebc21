import { LOGIN_TOKEN_TTL_SECONDS } from '@kometa/contracts';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { Rng } from '../../../platform/rng.ts';
import type { Authenticated, RequestMeta } from '../accounts.service.ts';
import type { AuthAudit } from '../auth-audit.ts';
import { newToken, tokenHash } from '../session-tokens.ts';
import type { OneTimeCodesRepository } from '../one-time-codes.repository.ts';

/**
 * Token login (spec §2.2): a logged-in player (or the mobile app, or single sign-on) gets a one-time
 * token, short-lived and bound to the player, to put in a link's `auth` parameter; the site exchanges
 * it for a session of its own. Used once; an Auth-Token never travels in a URL.
 */
export function createTokenLoginService(deps: {
  codes: OneTimeCodesRepository;
  clock: Clock;
  rng: Rng;
  audit: AuthAudit;
  openSession: (userId: number, meta: RequestMeta) => Promise<{ token: string }>;
}) {
  const { codes, clock } = deps;
  return {
    async issue(auth: Authenticated, meta: RequestMeta): Promise<{ token: string; ttl: number }> {
      return this.issueFor(auth.user.id, meta);
    },

    /** For a player proven another way (the operator's Telegram bot names a linked account). */
    async issueFor(userId: number, meta: RequestMeta): Promise<{ token: string; ttl: number }> {
      const now = new Date(clock.now());
      const token = newToken(deps.rng);
      await codes.insert({
        userId,
        purpose: 'login_token',
        codeHash: tokenHash(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_SECONDS * 1000),
      });
      await deps.audit('login_token.issue', true, meta, { userId });
      return { token, ttl: LOGIN_TOKEN_TTL_SECONDS };
    },

    async exchange(token: string, meta: RequestMeta): Promise<{ token: string }> {
      const now = new Date(clock.now());
      const found = await codes.findLiveByHash('login_token', tokenHash(token), now);
      if (!found || !(await codes.use(found.id, now))) {
        await deps.audit('login_token.exchange', false, meta);
        throw new AppError('BAD_CREDENTIALS');
      }
      const session = await deps.openSession(found.userId, meta);
      await deps.audit('login_token.exchange', true, meta, { userId: found.userId });
      return session;
    },
  };
}

export type TokenLoginService = ReturnType<typeof createTokenLoginService>;
