import type { CatalogGame, CatalogLaunch, Pregame } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export type Launch =
  | { kind: 'frame'; url: string; mode: 'real' | 'demo' }
  | { kind: 'verification' }
  | { kind: 'login' }
  | { kind: 'failed' };

/**
 * Opens a game (spec §4 game launch): a player launches real or demo by catalogue id; a guest plays
 * the promo frame on play money. 417 with the KYC expectation is the verification gate.
 */
export async function launchGame(
  api: ApiClient,
  game: CatalogGame,
  mode: 'real' | 'demo',
  player: boolean,
  links: { backUrl: string; cashUrl: string },
): Promise<Launch> {
  if (!player && mode === 'real') return { kind: 'login' };
  const answer = player
    ? await api.get<CatalogLaunch>(`/games/${game.id}/${mode}`, links)
    : await api.get<CatalogLaunch>(`/games/${encodeURIComponent(game.slug)}/promo`, links);
  if (answer.status === 417 && answer.headers.get('expectation') === 'kyc-verified')
    return { kind: 'verification' };
  if (answer.status !== 200 || !answer.data) return { kind: 'failed' };
  return { kind: 'frame', url: answer.data.url, mode: player ? mode : 'demo' };
}

export async function pregame(api: ApiClient, slug: string): Promise<Pregame | null> {
  const answer = await api.get<Pregame>(`/games/${encodeURIComponent(slug)}/pregame`);
  return answer.data ?? null;
}
