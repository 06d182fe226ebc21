import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody, verifyBody } from '@kometa/provider-kit';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET, playerInGame } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';

/**
 * The provider API when our database cannot be reached (ADR 014): never the site's 503 envelope, but
 * HTTP 200 with RS_ERROR_UNKNOWN, signed like every answer, so the provider sends the same call again
 * later. The retry applying once is proven on PostgreSQL, where a connection can die and come back
 * (test/faults/connections-terminated.pg.test.ts); here the database is closed under the app.
 */
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const t = useTestApp({ clock, env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET } });

async function call(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/provider${path}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_ID_HEADER]: 'kometa',
      [PROVIDER_SIGNATURE_HEADER]: signBody(raw, { hmacSecret: TEST_GAMES_SECRET }),
    },
  });
  const signature = response.headers[PROVIDER_SIGNATURE_HEADER];
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    signed: verifyBody(Buffer.from(response.body), typeof signature === 'string' ? signature : undefined, {
      hmacSecret: TEST_GAMES_SECRET,
    }),
  };
}

describe('the seamless-wallet API without its database', () => {
  it('answers every call 200 RS_ERROR_UNKNOWN, signed, with the request_uuid', async () => {
    const p = await playerInGame(t.app, t.platform.database.db, clock, {
      email: 'unavailable@example.com',
      funds: 10_000,
    });
    const base = {
      token: p.session,
      user: p.user,
      round: 'down-round',
      round_closed: false,
      game_code: p.game,
    };
    const placed = await call('/transaction/bet', {
      ...base,
      request_uuid: 'down-0',
      transaction_uuid: 'down-bet-0',
      currency: 'RUB',
      amount: 1_000,
    });
    expect(placed).toMatchObject({ status: 200, body: { status: 'RS_OK', balance: 9_000 }, signed: true });

    await t.platform.database.close();
    const calls: [string, Record<string, unknown>][] = [
      ['/transaction/bet', { ...base, transaction_uuid: 'down-bet-1', currency: 'RUB', amount: 1_000 }],
      [
        '/transaction/win',
        {
          ...base,
          transaction_uuid: 'down-win',
          reference_transaction_uuid: 'down-bet-0',
          currency: 'RUB',
          amount: 2_000,
        },
      ],
      [
        '/transaction/rollback',
        { ...base, transaction_uuid: 'down-rb', reference_transaction_uuid: 'down-bet-0' },
      ],
      ['/user/balance', { token: p.session }],
      ['/user/info', { token: p.session }],
      // A token never seen before: the session lookup itself meets the closed database.
      ['/user/balance', { token: 'a-token-not-cached-here' }],
    ];
    for (const [index, [path, body]] of calls.entries()) {
      const answer = await call(path, { ...body, request_uuid: `down-${index + 1}` });
      expect(answer, path).toEqual({
        status: 200,
        body: { status: 'RS_ERROR_UNKNOWN', request_uuid: `down-${index + 1}` },
        signed: true,
      });
    }
  });
});
