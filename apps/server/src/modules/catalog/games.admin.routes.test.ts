import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessagesRu, type GameAdminRow } from '@kometa/contracts';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 10, 0, 0));
const THIRD_PARTY_SECRET = 'northwind-first-secret-0123456789';
const t = useTestApp({
  clock,
  env: {
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    GAME_PROVIDERS: JSON.stringify([
      {
        id: 'northwind',
        hmacSecret: THIRD_PARTY_SECRET,
        launchUrl: 'https://northwind.example/play/{game}?token={token}',
      },
    ]),
  },
});

let content: OperatorSession;
let risk: OperatorSession;
let support: OperatorSession;
let admin: OperatorSession;

beforeAll(async () => {
  for (const [email, role] of [
    ['content@games.test', 'content'],
    ['risk@games.test', 'risk'],
    ['support@games.test', 'support'],
    ['admin@games.test', 'administrator'],
  ] as const) {
    await createTestOperator(t.operator.operators, { email, roles: [role] });
  }
  content = await signInOperator(t.app, clock, 'content@games.test');
  risk = await signInOperator(t.app, clock, 'risk@games.test');
  support = await signInOperator(t.app, clock, 'support@games.test');
  admin = await signInOperator(t.app, clock, 'admin@games.test');
});

const db = () => t.platform.database.db;
const site = (url: string) => t.app.inject({ url: `/api/v18${url}` });
const auditRows = (action: string, targetId?: string) => auditRowsOf(db(), action, targetId);

async function gameBySlug(slug: string): Promise<GameAdminRow> {
  const found = await adminCall(t.app, content, 'GET', `/games?query=${slug}&pageSize=5`);
  expect(found.statusCode).toBe(200);
  const game = (found.json().data.items as GameAdminRow[]).find((g) => g.slug === slug);
  if (!game) throw new Error(`no game ${slug}`);
  return game;
}

/** The error envelope's message key, which must have its Russian text. */
function russian(response: { json(): { error: { message: string; fields?: Record<string, string> } } }) {
  const { error } = response.json();
  for (const key of [error.message, ...Object.values(error.fields ?? {})]) {
    expect(errorMessagesRu[key], key).toMatch(/[а-яё]/i);
  }
  return error;
}

describe('games in the back office', () => {
  it('a disabled game leaves the lobby, search and its page at once (guest cache included), and comes back', async () => {
    const game = await gameBySlug('kometa-dice');
    // A guest's answers are cached before the change: the change must not be served stale.
    expect((await site('/games/kometa-dice')).statusCode).toBe(200);
    const searched = async () => {
      const { data } = (await site(`/game-search?query=${encodeURIComponent('кости')}&limit=100`)).json();
      return { count: data.count as number, slugs: (data.items as { slug: string }[]).map((g) => g.slug) };
    };
    const lobbyIds = async () =>
      Object.keys((await site('/games?limit=50')).json().data as Record<string, unknown>).map(Number);
    expect(await lobbyIds()).toContain(game.id);
    const before = await searched();

    const off = await adminCall(t.app, content, 'POST', `/games/${game.id}/disable`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await site('/games/kometa-dice')).statusCode).toBe(404);
    expect(await lobbyIds()).not.toContain(game.id);
    expect(before.slugs).toContain('kometa-dice');
    const during = await searched();
    expect(during.count).toBe(before.count - 1);
    expect(during.slugs).not.toContain('kometa-dice');
    expect((await site('/game-images/kometa-dice.svg')).statusCode).toBe(404);

    const [audit] = await auditRows('game.disable', String(game.id));
    expect(audit).toMatchObject({
      operator_id: content.id,
      before: { active: true },
      after: { active: false },
    });

    const on = await adminCall(t.app, content, 'POST', `/games/${game.id}/enable`);
    expect(on.json().data.active).toBe(true);
    expect((await site('/games/kometa-dice')).statusCode).toBe(200);
    expect(await lobbyIds()).toContain(game.id);
    expect(await searched()).toEqual(before);
    expect(await auditRows('game.enable', String(game.id))).toHaveLength(1);
  });

  it('renames and re-tags a game: the lobby and search show the new name; bad input is refused in Russian', async () => {
    const game = await gameBySlug('kometa-roulette');
    expect((await site('/games/kometa-roulette')).json().data.title).toBe(game.title);
    const renamed = await adminCall(t.app, content, 'PUT', `/games/${game.id}`, {
      title: 'Рулетка «Комета»',
      tags: ['table', 'Live-Like', 'table'],
      volatility: 'low',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'Рулетка «Комета»',
      tags: ['table', 'live-like'],
      volatility: 'low',
    });
    expect((await site('/games/kometa-roulette')).json().data.title).toBe('Рулетка «Комета»');
    const found = await site(`/game-search?query=${encodeURIComponent('«комета»')}`);
    expect(Object.values(found.json().data.items).map((g) => (g as { slug: string }).slug)).toContain(
      'kometa-roulette',
    );
    const [audit] = await auditRows('game.update', String(game.id));
    expect(audit!.before).toMatchObject({ title: game.title });
    expect(audit!.after).toMatchObject({ title: 'Рулетка «Комета»', volatility: 'low' });

    const bad = await adminCall(t.app, content, 'PUT', `/games/${game.id}`, {
      title: '  ',
      tags: ['не латиница'],
      volatility: 'medium',
    });
    expect(bad.statusCode).toBe(400);
    expect(russian(bad).fields).toMatchObject({
      title: 'errors.games_admin.title_required',
      'tags.0': 'errors.games_admin.bad_tag',
    });
    const missing = await adminCall(t.app, content, 'PUT', '/games/999999', {
      title: 'Нет',
      tags: [],
      volatility: 'low',
    });
    expect(missing.statusCode).toBe(404);
    expect(russian(missing).message).toBe('errors.games_admin.game_not_found');
  });

  it('takes a cover only if it is a real image of the declared type, large enough, and serves it as WebP', async () => {
    const game = await gameBySlug('kometa-blackjack');
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
    const upload = (contentType: string, bytes: Buffer) =>
      adminCall(t.app, content, 'POST', `/games/${game.id}/image`, {
        contentType,
        data: bytes.toString('base64'),
      });

    const notImage = await upload('image/png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(notImage.statusCode).toBe(400);
    expect(russian(notImage).fields).toEqual({ data: 'errors.games_admin.image_type' });
    const lying = await upload('image/jpeg', await png(800, 600));
    expect(russian(lying).fields).toEqual({ data: 'errors.games_admin.image_type' });
    const small = await upload('image/png', await png(200, 150));
    expect(russian(small).fields).toEqual({ data: 'errors.games_admin.image_too_small' });
    const svg = await upload('image/svg+xml', Buffer.from('<svg/>'));
    expect(svg.statusCode).toBe(400);
    const large = await upload('image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(large.statusCode).toBe(400);
    expect(russian(large).fields).toEqual({ data: 'errors.games_admin.image_too_large' });

    const done = await upload('image/png', await png(1200, 900));
    expect(done.statusCode).toBe(200);
    const image = done.json().data.image as string;
    expect(image).toMatch(/^\/api\/v18\/game-images\/kometa-blackjack\.webp\?v=[a-f0-9]{16}$/);
    expect((await site('/games/kometa-blackjack')).json().data.image).toBe(image);
    const served = await t.app.inject({ url: `${image}&w=240` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 240,
      height: 180,
    });
    expect(await auditRows('game.image', String(game.id))).toHaveLength(1);
  });

  it('puts the lobby tabs and a set in a new order; an order that is not a permutation is refused', async () => {
    const tabs = (await adminCall(t.app, content, 'GET', '/lobby/tabs')).json().data as {
      id: number;
      slug: string;
    }[];
    expect(tabs.length).toBeGreaterThan(2);
    const reversed = [...tabs].reverse().map((tab) => tab.id);
    const ordered = await adminCall(t.app, content, 'PUT', '/lobby/tabs/order', { ids: reversed });
    expect(ordered.statusCode).toBe(200);
    const shown = (await site('/gameTypes')).json().data as { slug: string }[];
    expect(shown.map((type) => type.slug)).toEqual([...tabs].reverse().map((tab) => tab.slug));
    const [audit] = await auditRows('lobby.tabs_order', 'tabs');
    expect(audit!.after).toEqual({ order: [...tabs].reverse().map((tab) => tab.slug) });

    const partial = await adminCall(t.app, content, 'PUT', '/lobby/tabs/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(russian(partial).fields).toEqual({ ids: 'errors.games_admin.bad_order' });

    const sets = (await adminCall(t.app, content, 'GET', '/lobby/sets')).json().data as {
      slug: string;
      games: { id: number }[];
    }[];
    const promo = sets.find((set) => set.slug === 'home-page-promo')!;
    const order = promo.games.map((g) => g.id).reverse();
    expect(
      (await adminCall(t.app, content, 'PUT', '/lobby/sets/home-page-promo/order', { gameIds: order }))
        .statusCode,
    ).toBe(200);
    const seen = (await site('/game-catalog/sets/home-page-promo/games?limit=20')).json().data as {
      id: number;
    }[];
    expect(seen.map((g) => g.id)).toEqual(order);
    const unknown = await adminCall(t.app, content, 'PUT', '/lobby/sets/nowhere/order', { gameIds: [1] });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses what a role may not do', async () => {
    const game = await gameBySlug('kometa-video-slot');
    expect((await adminCall(t.app, support, 'GET', '/games')).statusCode).toBe(403);
    expect((await adminCall(t.app, risk, 'GET', '/games')).statusCode).toBe(200);
    const denied = await adminCall(t.app, risk, 'POST', `/games/${game.id}/disable`);
    expect(denied.statusCode).toBe(403);
    expect(russian(denied).message).toBe('errors.admin.forbidden');
    expect((await adminCall(t.app, content, 'GET', '/providers')).statusCode).toBe(200);
    expect((await adminCall(t.app, content, 'POST', '/providers/northwind/secret')).statusCode).toBe(403);
    expect((await adminCall(t.app, content, 'POST', '/providers/kometa/disable')).statusCode).toBe(403);
    expect((await adminCall(t.app, undefined, 'GET', '/games')).statusCode).toBe(401);
    expect(await auditRows('game.disable', String(game.id))).toHaveLength(0);
  });

  it('exports the filtered games as CSV', async () => {
    const csv = await adminCall(t.app, content, 'GET', '/games/export?provider=kometa&sort=title&order=asc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    // A header and Kometa's eight games (five classics and the originals mines, plinko and crash).
    expect(lines).toHaveLength(1 + 8);
    expect(lines[0]).toContain('теоретический RTP, %');
  });
});

describe('live RTP', () => {
  it('equals the returns over the stakes of the settled rounds the test plays, per window', async () => {
    const provider = providerClient(() => t.app);
    const p = await playerInGame(t.app, db(), clock, {
      email: 'rtp@games.test',
      funds: 1_000_000,
      game: 'dice',
    });
    let common = { token: p.session, user: p.user, game_code: 'dice' };
    /**
     * A round: bets, the one at `rollBack` (if any) rolled back, then a win for the first bet (0: a
     * loss), closing the round unless told otherwise.
     */
    async function round(
      stakes: number[],
      win: number,
      options: { closed?: boolean; rollBack?: number } = {},
    ) {
      const id = provider.uuid('rtp');
      const bets: string[] = [];
      for (const [i, amount] of stakes.entries()) {
        const bet = `${id}-b${i}`;
        const placed = await provider.call('/transaction/bet', {
          ...common,
          currency: 'RUB',
          request_uuid: bet,
          transaction_uuid: bet,
          round: id,
          round_closed: false,
          amount,
        });
        expect(placed.body.status).toBe('RS_OK');
        bets.push(bet);
      }
      if (options.rollBack !== undefined) {
        const undo = `${id}-undo`;
        const undone = await provider.call('/transaction/rollback', {
          ...common,
          request_uuid: undo,
          transaction_uuid: undo,
          reference_transaction_uuid: bets[options.rollBack],
          round: id,
          round_closed: false,
        });
        expect(undone.body.status).toBe('RS_OK');
      }
      const paid = await provider.call('/transaction/win', {
        ...common,
        currency: 'RUB',
        request_uuid: `${id}-w`,
        transaction_uuid: `${id}-w`,
        reference_transaction_uuid: bets[0],
        round: id,
        round_closed: options.closed ?? true,
        amount: win,
      });
      expect(paid.body.status).toBe('RS_OK');
    }

    // Eight days ago: rounds only the all-time window counts.
    const old: [number[], number][] = [
      [[1_000], 0],
      [[2_000, 500], 4_950],
      [[700], 1_386],
    ];
    for (const [stakes, win] of old) await round(stakes, win);
    clock.advance(8 * 24 * 3_600_000);
    // Sessions (the player's, the operators') have ended meanwhile: a new player plays today's rounds.
    const second = await playerInGame(t.app, db(), clock, { email: 'rtp2@games.test', funds: 1_000_000 });
    common = { ...common, token: second.session, user: second.user };
    content = await signInOperator(t.app, clock, 'content@games.test');
    risk = await signInOperator(t.app, clock, 'risk@games.test');
    admin = await signInOperator(t.app, clock, 'admin@games.test');
    // Today.
    const today: [number[], number][] = [
      [[100], 198],
      [[300], 0],
      [[5_000], 9_900],
      [[250, 250], 0],
      [[1_200], 0],
    ];
    for (const [stakes, win] of today) await round(stakes, win);
    // A rolled-back bet does not count (its round does, with the other bet); an open round is not settled.
    await round([400, 600], 0, { rollBack: 1 });
    today.push([[400], 0]);
    await round([900], 0, { closed: false });

    const sum = (rounds: [number[], number][]) => ({
      rounds: rounds.length,
      staked: rounds.reduce((s, [stakes]) => s + stakes.reduce((a, b) => a + b, 0), 0),
      returned: rounds.reduce((s, [, win]) => s + win, 0),
    });
    const expected = (rounds: [number[], number][]) => {
      const { staked, returned, ...rest } = sum(rounds);
      return { ...rest, staked, returned, rtp: Math.round((returned / staked) * 10_000) / 100 };
    };

    const game = await gameBySlug('kometa-dice');
    const detail = (await adminCall(t.app, risk, 'GET', `/games/${game.id}`)).json().data as GameAdminRow;
    const live = Object.fromEntries(detail.live.map((l) => [l.window, l]));
    expect(live.day).toMatchObject(expected(today));
    expect(live.week).toMatchObject(expected(today));
    expect(live.all).toMatchObject(expected([...old, ...today]));
    expect(detail.rtp).toBe(99);
    // A handful of rounds: the band is wide, nothing is flagged.
    expect(live.all!.band!.low).toBeLessThan(detail.rtp!);
    expect(live.all!.outside).toBe(false);
  });
});

describe('providers in the back office', () => {
  const balanceCall = (secret: string) =>
    providerClient(() => t.app, secret, 'northwind').call('/user/balance', {
      request_uuid: 'r-1',
      token: 'no-such-session',
      user: '1',
      game_code: 'none',
      currency: 'RUB',
    });

  it('rotates a secret: shown once, a hint afterwards, audited; the API then takes only the new one', async () => {
    expect((await balanceCall(THIRD_PARTY_SECRET)).status).toBe(200);
    const listed = (await adminCall(t.app, admin, 'GET', '/providers')).json().data.items as {
      id: string;
      secretHint: string;
      source: string;
    }[];
    expect(listed.find((p) => p.id === 'northwind')).toMatchObject({
      source: 'configuration',
      secretHint: '…6789',
    });

    const rotated = await adminCall(t.app, admin, 'POST', '/providers/northwind/secret');
    expect(rotated.statusCode).toBe(200);
    const { secret, provider } = rotated.json().data as { secret: string; provider: { secretHint: string } };
    expect(secret).toMatch(/^[a-f0-9]{64}$/);
    expect(provider.secretHint).toBe(`…${secret.slice(-4)}`);

    expect((await balanceCall(THIRD_PARTY_SECRET)).status).toBe(401);
    expect((await balanceCall(secret)).status).toBe(200);

    const again = (await adminCall(t.app, admin, 'GET', '/providers?query=north')).body;
    expect(again).not.toContain(secret);
    const [audit] = await auditRows('provider.secret_rotate', 'northwind');
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(audit!.after).toMatchObject({ secretHint: `…${secret.slice(-4)}` });
    const [stored] = await queryRows<{ secret_sealed: string }>(
      db(),
      sql`select secret_sealed from game_providers where id = 'northwind'`,
    );
    expect(stored!.secret_sealed).not.toContain(secret);

    const builtIn = await adminCall(t.app, admin, 'POST', '/providers/kometa/secret');
    expect(builtIn.statusCode).toBe(409);
    expect(russian(builtIn).message).toBe('errors.games_admin.built_in_secret');
    const unknown = await adminCall(t.app, admin, 'POST', '/providers/nobody/secret');
    expect(unknown.statusCode).toBe(404);
  });

  it('adds a provider with a secret answered once; a bad one is refused in Russian', async () => {
    const bad = await adminCall(t.app, admin, 'POST', '/providers', {
      id: 'X',
      name: '',
      launchUrl: 'ftp://nowhere',
    });
    expect(bad.statusCode).toBe(400);
    expect(russian(bad).fields).toMatchObject({
      id: 'errors.games_admin.bad_provider_id',
      name: 'errors.games_admin.provider_name_required',
      launchUrl: 'errors.games_admin.bad_launch_url',
    });
    const created = await adminCall(t.app, admin, 'POST', '/providers', {
      id: 'aurora',
      name: 'Аврора Геймс',
      launchUrl: 'https://aurora.example/play/{game}?token={token}&lang={lang}',
    });
    expect(created.statusCode).toBe(200);
    const { secret } = created.json().data as { secret: string };
    const signed = await providerClient(() => t.app, secret, 'aurora').call('/user/balance', {
      request_uuid: 'r-2',
      token: 'none',
      user: '1',
      game_code: 'none',
      currency: 'RUB',
    });
    expect(signed.status).toBe(200);
    const taken = await adminCall(t.app, admin, 'POST', '/providers', {
      id: 'aurora',
      name: 'Снова',
      launchUrl: 'https://aurora.example/?token={token}',
    });
    expect(taken.statusCode).toBe(409);
    expect(await auditRows('provider.create', 'aurora')).toHaveLength(1);
  });

  it('a provider switched off takes its games out of the lobby until switched on', async () => {
    const count = async () => Object.keys((await site('/games?limit=10')).json().data).length;
    const kometaShown = async () =>
      Object.values((await site('/games?limit=10')).json().data as Record<string, { slug: string }>).some(
        (g) => g.slug.startsWith('kometa-'),
      );
    expect(await kometaShown()).toBe(true);
    const before = await count();
    const off = await adminCall(t.app, admin, 'POST', '/providers/kometa/disable');
    expect(off.json().data).toMatchObject({ id: 'kometa', active: false });
    expect(await kometaShown()).toBe(false);
    expect(await count()).toBe(before);
    expect((await site('/games/kometa-dice')).statusCode).toBe(404);
    await adminCall(t.app, admin, 'POST', '/providers/kometa/enable');
    expect(await kometaShown()).toBe(true);
    expect(await auditRows('provider.disable', 'kometa')).toHaveLength(1);
  });
});
