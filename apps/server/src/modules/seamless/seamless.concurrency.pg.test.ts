import { describe, expect, it } from 'vitest';
import { playerInGame, useProviderTestApp } from '../../../test/provider-client.ts';
import { systemClock } from '../../platform/clock.ts';

/** Provider calls racing each other on PostgreSQL, as a busy game provider sends them. */
const { t, provider } = useProviderTestApp({ env: { DATABASE_POOL_SIZE: '40' } });

let serial = 0;
const inGame = (funds: number) =>
  playerInGame(t.app, t.platform.database.db, systemClock, {
    email: `race-sw${++serial}@example.com`,
    funds,
  });
type Player = Awaited<ReturnType<typeof inGame>>;

/** What every provider call about a round of `p` carries (the round is named after its bet `id`). */
const roundOf = (p: Player, id: string) => ({
  request_uuid: provider.uuid(),
  token: p.session,
  user: p.user,
  round: `round-${id}`,
  round_closed: false,
  game_code: p.game,
});
const betBody = (p: Player, id: string, amount: number) => ({
  ...roundOf(p, id),
  transaction_uuid: id,
  currency: 'RUB',
  amount,
});
const balance = async (p: Player) =>
  (await provider.call('/user/balance', { request_uuid: provider.uuid(), token: p.session })).body.balance;

describe('the seamless wallet under real concurrency (PostgreSQL)', () => {
  it('the same bet sent 20 times at once debits once', async () => {
    const p = await inGame(10_000);
    const body = betBody(p, 'same-bet', 700);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => provider.call('/transaction/bet', body)),
    );
    expect(new Set(answers.map((a) => a.body.status))).toEqual(new Set(['RS_OK']));
    expect(new Set(answers.map((a) => a.body.balance))).toEqual(new Set([9_300]));
    expect(await balance(p)).toBe(9_300);
  });

  it('200 concurrent bets of 100 on a balance of 10,000: exactly 100 accepted, the balance ends at 0', async () => {
    const p = await inGame(10_000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => provider.call('/transaction/bet', betBody(p, `many-${i}`, 100))),
    );
    const accepted = answers.filter((a) => a.body.status === 'RS_OK');
    const refused = answers.filter((a) => a.body.status === 'RS_ERROR_NOT_ENOUGH_MONEY');
    expect(accepted).toHaveLength(100);
    expect(refused).toHaveLength(100);
    expect(await balance(p)).toBe(0);
  });

  it('100 races of a bet against its rollback leave the original balance every time', async () => {
    const p = await inGame(50_000);
    for (let i = 0; i < 100; i++) {
      const id = `raced-${i}`;
      const [bet, rollback] = await Promise.all([
        provider.call('/transaction/bet', betBody(p, id, 300)),
        provider.call('/transaction/rollback', {
          ...roundOf(p, id),
          transaction_uuid: `rollback-${id}`,
          reference_transaction_uuid: id,
        }),
      ]);
      expect(rollback.body.status).toBe('RS_OK');
      expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(bet.body.status);
      expect(await balance(p)).toBe(50_000);
    }
  });
});
