import type { GiftRules } from '@kometa/contracts';
import type { NewOffer } from './index.ts';
import type { FastifyInstance } from 'fastify';
import { useProviderTestApp, type playerInGame, type providerClient } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';

/**
 * What the gifts module's tests share: the test app on a manual clock, an offer's rules and input
 * with every field at its plain value, and a funded player's calls in their game.
 */

/** Wednesday 25.11.2026 15:00 in Moscow: the instant the gifts tests' manual clock starts at. */
export const GIFTS_TEST_NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

/**
 * The provider API's test app on a manual clock (the games' URL set, the ledger audited after each
 * test), its clock and its seamless provider client.
 */
export function useGiftsTestApp() {
  const clock = manualClock(GIFTS_TEST_NOW);
  const { t, provider } = useProviderTestApp({ clock, env: { KOMETA_GAMES_URL: 'https://games.test' } });
  return { clock, t, provider };
}

/** An offer's rules: no amount of any kind, wagered ×10 within 7 days, with `over` on top. */
export const giftRules = (over: Partial<GiftRules> = {}): GiftRules => ({
  amount: null,
  percent: null,
  minDeposit: null,
  wagerMultiplier: 10,
  maxBet: null,
  conversionCap: null,
  wagerDays: 7,
  contributions: {},
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
  ...over,
});

/** An offer to create: a bonus-money offer in roubles on `giftRules()`, always on, with `over` on top. */
export const offerInput = (over: Partial<NewOffer> = {}): NewOffer => ({
  kind: 'bonus_money',
  title: 'Бонус',
  description: '',
  terms: 'Условия',
  image: null,
  currency: 'RUB',
  rules: giftRules(),
  welcomeStep: null,
  choose: null,
  takeDays: null,
  startsAt: null,
  endsAt: null,
  ...over,
});

type Player = Awaited<ReturnType<typeof playerInGame>>;

/**
 * A player's calls: `api` on the site's API with their session, `call` on the provider API in their
 * game session (in roubles, but for a rollback), and a round's `win` and `rollback` of a bet's id.
 */
export function playerCalls(
  t: { readonly app: FastifyInstance },
  provider: ReturnType<typeof providerClient>,
  p: Player,
) {
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': p.authToken },
      ...(payload ? { payload } : {}),
    });
  const call = (path: string, body: object) =>
    provider.call(path, {
      request_uuid: provider.uuid(),
      token: p.session,
      user: p.user,
      game_code: p.game,
      ...(path.endsWith('rollback') ? {} : { currency: 'RUB' }),
      ...body,
    });
  return {
    api,
    call,
    win: (bet: string, amount: number) =>
      call('/transaction/win', {
        transaction_uuid: `${bet}-win`,
        reference_transaction_uuid: bet,
        round: `r-${bet}`,
        round_closed: true,
        amount,
      }),
    rollback: (bet: string) =>
      call('/transaction/rollback', {
        transaction_uuid: `${bet}-rb`,
        reference_transaction_uuid: bet,
        round: `r-${bet}`,
        round_closed: true,
      }),
  };
}
