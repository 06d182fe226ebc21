import { createHash } from 'node:crypto';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { SeamlessRepository } from './seamless.repository.ts';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/**
 * Launching a game makes a short-lived provider session bound to the player, the game, the currency
 * and the mode; the provider sends its token with every wallet call (only bets check its expiry).
 */
export function createGameSessions(deps: {
  repository: SeamlessRepository;
  clock: Clock;
  rng: Rng;
  ttlMs: number;
}) {
  return {
    async launch(
      auth: Authenticated,
      provider: string,
      code: string,
      mode: 'real' | 'demo',
    ): Promise<{ token: string; expiresAt: number; currency: CurrencyCode }> {
      const game = await deps.repository.game(provider, code);
      if (!game?.active) throw new AppError('NOT_FOUND');
      if (mode === 'demo' && !game.demoAvailable) throw new AppError('NOT_FOUND');
      if (mode === 'real' && game.verifiedOnly && !auth.roles.verified) {
        throw new AppError('EXPECTATION_FAILED', { headers: { expectation: 'kyc-verified' } });
      }
      const token = randomToken(deps.rng, 256);
      const now = deps.clock.now();
      const expiresAt = now + deps.ttlMs;
      await deps.repository.insertSession({
        tokenHash: tokenHash(token),
        userId: auth.user.id,
        provider,
        gameCode: code,
        currency: auth.user.currency,
        mode,
        createdAt: new Date(now),
        expiresAt: new Date(expiresAt),
      });
      return { token, expiresAt: Math.floor(expiresAt / 1000), currency: auth.user.currency as CurrencyCode };
    },
  };
}

export type GameSessions = ReturnType<typeof createGameSessions>;
