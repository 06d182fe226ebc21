import type { PlayerRound } from '@kometa/contracts';
import type { AdminRoutes } from '../operators/index.ts';
import type { SeamlessRepository } from './seamless.repository.ts';

interface Cursor {
  openedAt: Date;
  provider: string;
  round: string;
}

/** The keyset cursor travels as base64url JSON; anything else reads as the first page. */
const encode = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.openedAt.toISOString(), cursor.provider, cursor.round])).toString(
    'base64url',
  );
function decode(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [at, provider, round] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const openedAt = new Date(String(at));
    if (Number.isNaN(openedAt.getTime()) || typeof provider !== 'string' || typeof round !== 'string')
      return null;
    return { openedAt, provider, round };
  } catch {
    return null;
  }
}

/**
 * A player's rounds on the player card (ADR 045): what the casino recorded of each provider round,
 * and for rounds of Kometa's own game server the link to its fairness page for that round.
 */
export function createPlayerRounds(deps: {
  repository: SeamlessRepository;
  /** The public origin of a provider's fairness page, or null for a provider without one. */
  fairnessOrigin: (provider: string) => string | null;
}) {
  async function page(userId: number, query: { before?: string | undefined; limit: number }) {
    const rows = await deps.repository.playerRounds(userId, decode(query.before), query.limit + 1);
    const items: PlayerRound[] = rows.slice(0, query.limit).map((row) => {
      const origin = deps.fairnessOrigin(row.provider);
      return {
        provider: row.provider,
        round: row.round,
        gameCode: row.gameCode,
        gameName: row.gameName,
        currency: row.currency,
        stake: row.stake,
        win: row.win,
        openedAt: row.openedAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
        status: row.closedAt === null ? 'open' : row.closedBy === 'timeout' ? 'timed_out' : 'closed',
        proofUrl: origin
          ? `${origin}/fairness?${new URLSearchParams({ game: row.gameCode, round: row.round })}`
          : null,
      };
    });
    const last = rows[query.limit - 1];
    return { items, nextBefore: rows.length > query.limit && last ? encode(last) : null };
  }
  const routes: AdminRoutes = ({ route }) => {
    route('playerRounds', async (_request, _reply, { params, query }) => ({
      data: await page(params.id, query),
    }));
  };
  return { page, routes };
}
