import { beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient, runConformance, SCENARIOS } from '@kometa/provider-kit';
import { useTestApp } from './harness.ts';
import { TEST_GAMES_SECRET, playerInGame } from './provider-client.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';

/** The conformance kit a provider runs against any casino, run against ours over real HTTP. */
const t = useTestApp({ env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET, DATABASE_POOL_SIZE: '20' } });
let casinoUrl = '';
beforeAll(async () => {
  casinoUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('the seamless-wallet conformance kit against Kometa', () => {
  it('passes every scenario, with signed answers, and leaves the ledger sound', async () => {
    let serial = 0;
    const client = createProviderClient({
      casinoUrl,
      provider: 'kometa',
      key: { hmacSecret: TEST_GAMES_SECRET },
      verifyAnswers: true,
    });
    const results = await runConformance(client, async () => {
      const p = await playerInGame(t.app, t.platform.database.db, systemClock, {
        email: `conformance${++serial}@example.com`,
        funds: 20_000,
      });
      return { token: p.session, user: p.user, game: p.game, currency: 'RUB' };
    });
    expect(results.filter((r) => !r.passed)).toEqual([]);
    expect(results).toHaveLength(SCENARIOS.length);
    const signed = await client.call('/user/balance', { request_uuid: 'sig-check', token: 'unknown' });
    expect(signed.signedCorrectly).toBe(true);
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });
});
