import { createHash } from 'node:crypto';
import type { CurrencyCode } from '@kometa/money';
import type { Casino } from '../casino.ts';

/** The identities this server plays under at the casino: its own games, and the generic demo studio. */
export type GameProvider = 'kometa' | 'demo';

export interface PlaySession {
  /** Who plays, for seeds and rounds: `casino:<user>` for real money, `demo:<hash>` for play money. */
  player: string;
  provider: GameProvider;
  mode: 'real' | 'demo';
  token: string;
  tokenHash: Buffer;
  user: string | null;
  currency: CurrencyCode;
  /**
   * Autoplay rounds the casino allows this session's game (its signed user/info; ADR 046): 0 none;
   * null on play money, where the launch address says (no money is at stake).
   */
  autoplayRounds?: number | null;
}

export class SessionRefused extends Error {
  override name = 'SessionRefused';
}

/**
 * Resolves the launch token the casino gave the browser (real: the casino must know it, asked as the
 * provider that launched it).
 */
export function createPlaySessions(casino: Casino, provider: GameProvider = 'kometa') {
  const known = new Map<
    string,
    { user: string; currency: CurrencyCode; autoplayRounds: number; until: number }
  >();
  return {
    async resolve(token: string, mode: 'real' | 'demo'): Promise<PlaySession> {
      const tokenHash = createHash('sha256').update(token).digest();
      if (mode === 'demo') {
        return {
          player: `demo:${tokenHash.toString('hex').slice(0, 24)}`,
          provider,
          mode,
          token,
          tokenHash,
          user: null,
          currency: 'RUB',
          autoplayRounds: null,
        };
      }
      let entry = known.get(token);
      if (!entry || entry.until < Date.now()) {
        const player = await casino.player(token);
        if (!player) throw new SessionRefused('the casino does not know this session');
        entry = {
          user: player.user,
          currency: player.currency,
          autoplayRounds: player.autoplayRounds,
          until: Date.now() + 60_000,
        };
        known.set(token, entry);
      }
      return {
        player: `casino:${entry.user}`,
        provider,
        mode,
        token,
        tokenHash,
        user: entry.user,
        currency: entry.currency,
        autoplayRounds: entry.autoplayRounds,
      };
    },
  };
}

export type PlaySessions = ReturnType<typeof createPlaySessions>;
