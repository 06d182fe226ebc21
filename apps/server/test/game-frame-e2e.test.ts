import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, walletBalance } from './provider-client.ts';

const { casino, gamesUrl, gamesCall } = useGamesServer();

let serial = 0;
const player = (funds: number) =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, {
    email: `frame-e2e-${++serial}@example.com`,
    funds,
    game: 'plinko',
  });
const drop = (session: string, autoplay?: boolean) =>
  gamesCall('POST', '/api/plinko/play', {
    token: session,
    mode: 'real',
    stake: 1_000,
    rows: 8,
    risk: 'low',
    ...(autoplay === undefined ? {} : { autoplay }),
  });
const sessionOf = async (session: string) =>
  (await fetch(`${gamesUrl()}/api/session?token=${session}&mode=real`)).json() as Promise<{
    data: { autoplayRounds: number | null };
  }>;

describe('autoplay on the game server: allowed only where the casino says (ADR 046)', () => {
  it('refuses an autoplayed drop where the operator has not allowed autoplay; a manual one plays', async () => {
    const p = await player(10_000);
    expect((await sessionOf(p.session)).data.autoplayRounds).toBe(0);
    const refused = await drop(p.session, true);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({ code: 'autoplay_forbidden', message: 'Автоигра здесь недоступна' });
    expect(await walletBalance(casino.app, p.authToken)).toBe(10_000);
    expect((await drop(p.session)).status).toBe(200);
  });

  it('plays autoplayed drops where the operator allows autoplay for instant games', async () => {
    const value = {
      max_rounds: 25,
      slots: { enabled: false, forbidden_countries: ['GB'] },
      table: { enabled: false, forbidden_countries: [] },
      instant: { enabled: true, forbidden_countries: [] },
    };
    await casino.platform.database.db.execute(
      sql`insert into settings (alias, value, is_public) values ('game_autoplay', ${JSON.stringify(value)}::jsonb, false)
          on conflict (alias) do update set value = excluded.value`,
    );
    const p = await player(10_000);
    expect((await sessionOf(p.session)).data.autoplayRounds).toBe(25);
    const played = await drop(p.session, true);
    expect(played.status, JSON.stringify(played.json)).toBe(200);
    expect(played.json.data.balance).toBe(10_000 - 1_000 + played.json.data.outcome.win);
    // The frame takes the launch's autoplay and reality-check parameters.
    const launch = new URL(p.launch.url).searchParams;
    expect(launch.get('autoplay')).toBe('25');
    expect(launch.get('rc')).toMatch(/^\d+\.60\.\d+\.0$/);
    const page = await fetch(`${gamesUrl()}/play/plinko?${launch}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="autoplay-start"');
  });
});
