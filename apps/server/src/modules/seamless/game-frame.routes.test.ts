import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessagesRu } from '@kometa/contracts';
import { playerInGame, useProviderTestApp } from '../../../test/provider-client.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 26, 12, 0, 0));
const { t, provider } = useProviderTestApp({ clock, env: { KOMETA_GAMES_URL: 'https://games.test' } });

let content: OperatorSession;
beforeAll(async () => {
  await createTestOperator(t.operator.operators, { email: 'frame@content.test', roles: ['content'] });
  content = await signInOperator(t.app, clock, 'frame@content.test');
});

let serial = 0;
const inGame = (game: string) =>
  playerInGame(t.app, t.platform.database.db, clock, {
    email: `frame${++serial}@example.com`,
    funds: 0,
    game,
  });
const launchParams = (launch: { url: string }) => new URL(launch.url).searchParams;
const userInfo = async (session: string) =>
  (await provider.call('/user/info', { request_uuid: provider.uuid(), token: session })).body;
const setAutoplay = (value: unknown) =>
  adminCall(t.app, content, 'PUT', '/content/settings/game_autoplay', { value });

const rule = (enabled: boolean, forbidden_countries: string[] = []) => ({ enabled, forbidden_countries });

describe('the game frame’s rules: autoplay per jurisdiction, the reality check at launch (ADR 046)', () => {
  it('offers no autoplay until the operator allows it; the launch carries the reality check', async () => {
    const player = await inGame('plinko');
    const params = launchParams(player.launch);
    expect(params.get('autoplay')).toBe('0');
    // Session start, the default hourly interval, the next reminder an hour after the login, net 0.
    const [startedAt, interval, nextAt, net] = (params.get('rc') ?? '').split('.').map(Number);
    expect(interval).toBe(60);
    expect(nextAt! - startedAt!).toBe(3_600);
    expect(net).toBe(0);
    expect(Math.abs(startedAt! - clock.now() / 1000)).toBeLessThan(5);
    expect((await userInfo(player.session)).autoplay_rounds).toBe(0);
  });

  it('refuses a bad setting with the Russian messages of its fields, and keeps the old value', async () => {
    const bad = await setAutoplay({
      max_rounds: 0,
      slots: rule(true, ['uk', 'G1']),
      table: rule(true),
      instant: rule(true),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields as Record<string, string>;
    expect(fields['value.max_rounds']).toBe('errors.content.bad_autoplay_rounds');
    expect(fields['value.slots.forbidden_countries.0']).toBe('errors.content.bad_countries');
    expect(errorMessagesRu[fields['value.max_rounds']!]).toBe('Раундов автоигры — целое число от 1 до 1000');
    expect(errorMessagesRu[fields['value.slots.forbidden_countries.0']!]).toMatch(/^Коды стран/);
    const missing = await setAutoplay({ max_rounds: 50, slots: rule(true) });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(
      expect.arrayContaining(['value.table', 'value.instant']),
    );
    const list = (await adminCall(t.app, content, 'GET', '/content/settings')).json().data as {
      alias: string;
      value: unknown;
    }[];
    expect(list.find((row) => row.alias === 'game_autoplay')?.value).toBeNull();
  });

  it('allows autoplay per game kind and never for players of a forbidding country (UKGC slots)', async () => {
    const saved = await setAutoplay({
      max_rounds: 50,
      slots: rule(true, ['GB']),
      table: rule(false),
      instant: rule(true),
    });
    expect(saved.statusCode).toBe(200);

    const plinko = await inGame('plinko');
    expect(launchParams(plinko.launch).get('autoplay')).toBe('50');
    expect((await userInfo(plinko.session)).autoplay_rounds).toBe(50);

    const roulette = await inGame('roulette');
    expect(launchParams(roulette.launch).get('autoplay')).toBe('0');
    expect((await userInfo(roulette.session)).autoplay_rounds).toBe(0);

    const slot = await inGame('classic-slot');
    expect(launchParams(slot.launch).get('autoplay')).toBe('50');
    expect((await userInfo(slot.session)).autoplay_rounds).toBe(50);

    // A player from Great Britain: the slot's autoplay is not offered, the instant game's still is.
    const british = await inGame('classic-slot');
    await t.platform.database.db.execute(sql`update users set country = 'GB' where id = ${british.userId}`);
    expect((await userInfo(british.session)).autoplay_rounds).toBe(0);
    const relaunched = await launchAgain(british.authToken, 'classic-slot');
    expect(launchParams(relaunched).get('autoplay')).toBe('0');
    expect(launchParams(await launchAgain(british.authToken, 'plinko')).get('autoplay')).toBe('50');
  });
});

async function launchAgain(authToken: string, game: string) {
  const launched = await t.app.inject({
    method: 'POST',
    url: `/api/v18/games/kometa/${game}/launch`,
    headers: { 'auth-token': authToken },
    payload: { mode: 'real' },
  });
  return launched.json().data as { url: string };
}
