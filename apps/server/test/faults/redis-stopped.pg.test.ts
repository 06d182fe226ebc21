import { beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { requirePostgresAndRedis } from '../harness.ts';
import { betBody, casino, newPlayer, winBody, type Casino, type Player, type Reply } from './casino.ts';
import { FUNDS, fundedPlayers } from './operations.ts';
import { sleep, startRedis, startServer, type RedisProcess, type ServerProcess } from './processes.ts';
import { useFaultStage } from './stage.ts';

requirePostgresAndRedis();

const PREFIX = 'kometa_faults:';
/**
 * Answers while Redis is away must come promptly, not after the client's reconnect attempts (which took
 * 12–30 s before the fix); the bound leaves room for password hashing on a busy CI machine.
 */
const PROMPT_MS = 5_000;

/**
 * Redis (guest cache, rate limits, login-failure counters, pub/sub) is stopped under a serving API: guests
 * and players keep being served from the process's memory, the outage is logged and visible in
 * /readyz, no money is lost, and once Redis is back on its port the server uses it again.
 */
describe('Redis stopped while the server is serving', () => {
  const stage = useFaultStage();
  let redis: RedisProcess;
  let server: ServerProcess;
  let api: Casino;
  let player: Player;

  beforeAll(async () => {
    // A private redis-server: the shared one on 6379 serves other test files and is never stopped.
    redis = await startRedis();
    server = await startServer(
      // The recovery is an info line of the server's own log.
      stage.serverEnv({ REDIS_URL: redis.url, REDIS_PREFIX: PREFIX, LOG_LEVEL: 'info' }),
    );
    api = casino(server.url);
    player = (await fundedPlayers(api, stage.books, 'redis', 1))[0]!;
  });

  /** Keys of the private Redis under the server's prefix that match `pattern`. */
  async function keysIn(pattern: string): Promise<string[]> {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.keys(`${PREFIX}${pattern}`);
    } finally {
      client.disconnect();
    }
  }

  /** Whether the server wrote `text` to its log (its pipe may lag the answer a little: up to 2 s). */
  async function logged(text: string): Promise<boolean> {
    const deadline = Date.now() + 2_000;
    while (!server.output().includes(text) && Date.now() < deadline) await sleep(20);
    return server.output().includes(text);
  }

  let page = 10;
  /**
   * Asks for lobby pages no one asked for yet until one is stored in Redis (up to 10 s): a MISS whose
   * entry lands in Redis, then a HIT. That is the server using Redis again, not its own memory.
   */
  async function expectRedisUsedAgain(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && page < 100) {
      const path = `/api/v18/games?limit=${++page}`;
      expect(prompt(await api.get(path), path).headers.get('x-cache')).toBe('MISS');
      const written = Date.now() + 300;
      while (Date.now() < written) {
        if ((await keysIn('gc:*')).some((key) => key.endsWith(path))) {
          expect((await api.get(path)).headers.get('x-cache')).toBe('HIT');
          return;
        }
        await sleep(25);
      }
    }
    throw new Error('no guest answer reached Redis within 10 s of its return');
  }

  const prompt = (reply: Reply, what: string) => {
    expect(reply.status, `${what}: ${reply.failure ?? JSON.stringify(reply.body)}`).toBe(200);
    expect(reply.ms, what).toBeLessThan(PROMPT_MS);
    return reply;
  };

  it('serves guests and players from memory while Redis is down, and uses Redis again when it returns', async () => {
    // Before: guest answers are cached in Redis, rate-limit counters live there.
    expect(prompt(await api.get('/api/v18/menu/header'), 'warm header').headers.get('x-cache')).toBe('MISS');
    expect((await api.get('/api/v18/menu/header')).headers.get('x-cache')).toBe('HIT');
    expect((await keysIn('gc:*')).length).toBeGreaterThan(0);
    expect((await keysIn('rl:*')).length).toBeGreaterThan(0);

    await redis.kill();

    // Guests: the header (cached), the footer (first time: a miss, then a hit from memory) and the lobby.
    for (const path of ['/api/v18/menu/header', '/api/v18/menu/footer', '/api/v18/games?limit=5']) {
      prompt(await api.get(path), `guest ${path}`);
    }
    const footer = prompt(await api.get('/api/v18/menu/footer'), 'footer again');
    expect(footer.headers.get('x-cache')).toBe('HIT');
    // Rate limits still count (per instance now): the limiter answers its headers instead of failing,
    // and its count goes down from one call to the next.
    const remaining = async () => {
      const reply = prompt(
        await api.get('/api/v18/users/self/wallets', { 'auth-token': player.token }),
        'wallets',
      );
      return Number(reply.headers.get('x-ratelimit-remaining'));
    };
    const first = await remaining();
    expect(first).toBeGreaterThan(0);
    expect(await remaining()).toBe(first - 1);

    // Players: register, log in (the login guard reads its failure counters from the cache), read the
    // balance, bet and win through the provider API, deposit through the sandbox.
    const newcomer = await newPlayer(api, `redis-down-${Date.now()}@example.com`);
    const login = await api.login(newcomer.email);
    prompt(login.lookup, 'login lookup');
    prompt(login.login!, 'login');
    expect(await api.balance(login.token!)).toBe(0);
    const bet = prompt(
      await api.provider('/transaction/bet', betBody(player, 'redis-down-bet', 'redis-down-round', 3_000)),
      'bet',
    );
    expect(bet.body).toMatchObject({ status: 'RS_OK', balance: FUNDS - 3_000 });
    const win = prompt(
      await api.provider(
        '/transaction/win',
        winBody(player, 'redis-down-win', 'redis-down-bet', 'redis-down-round', 1_200),
      ),
      'win',
    );
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: FUNDS - 1_800 });
    const deposit = prompt(await api.deposit(player.token, 25_000, 'redis-down-dep'), 'deposit');
    const reference = String((deposit.body.data as { redirectUrl: string }).redirectUrl).split(
      '/sandbox/pay/',
    )[1]!;
    expect((await api.choose(reference, 'success')).status).toBe(303);
    const deadline = Date.now() + 15_000;
    while ((await api.balance(player.token)) !== FUNDS - 1_800 + 25_000 && Date.now() < deadline)
      await sleep(100);
    expect(await api.balance(player.token)).toBe(FUNDS - 1_800 + 25_000);

    // The outage is visible: /readyz names the cache, and the server logged it once.
    // Still ready: a balancer must not take every instance out because Redis is away.
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'degraded', database: true, cache: false });
    expect(await logged('Redis is unreachable')).toBe(true);
    expect(server.output().match(/Redis is unreachable/g)).toHaveLength(1);
    expect(server.alive()).toBe(true);

    // Redis again, on the same port: the server reconnects by itself and stores there again.
    redis = await startRedis(redis.port);
    const back = Date.now() + 15_000;
    while (Date.now() < back && (await api.get('/readyz')).body.cache !== true) await sleep(200);
    expect((await api.get('/readyz')).body).toMatchObject({ status: 'ok', database: true, cache: true });
    expect(await logged('Redis is back')).toBe(true);
    await expectRedisUsedAgain();
    expect((await keysIn('rl:*')).length).toBeGreaterThan(0);

    // Nothing was lost: the bet, the win and the deposit are in the ledger once, which is sound.
    expect(
      await stage.books.postings(['provider:kometa:redis-down-bet', 'provider:kometa:redis-down-win']),
    ).toEqual(
      new Map([
        ['provider:kometa:redis-down-bet', 1],
        ['provider:kometa:redis-down-win', 1],
      ]),
    );
    expect((await stage.books.realBalances()).get(player.userId)).toBe(FUNDS - 1_800 + 25_000);
    expect(await stage.books.audit()).toEqual([]);
    expect(await stage.books.halfWritten()).toEqual([]);
  });

  it('answers promptly while Redis hangs with its connections open, and uses it again when it resumes', async () => {
    redis.pause();
    try {
      // The first call waits out the command timeout (1 s); the following ones skip Redis for a while.
      for (const path of ['/api/v18/menu/header', '/api/v18/gameTypes', '/api/v18/games?limit=7']) {
        prompt(await api.get(path), `guest ${path} while hung`);
      }
      prompt(
        await api.get('/api/v18/users/self/wallets', { 'auth-token': player.token }),
        'wallets while hung',
      );
      const bet = prompt(
        await api.provider('/transaction/bet', betBody(player, 'redis-hung-bet', 'redis-hung-round', 2_000)),
        'bet while hung',
      );
      expect(bet.body).toMatchObject({ status: 'RS_OK', balance: FUNDS - 1_800 + 25_000 - 2_000 });
      expect((await api.get('/readyz')).body).toMatchObject({ database: true, cache: false });
      // A second outage, logged again.
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline && server.output().match(/Redis is unreachable/g)?.length !== 2)
        await sleep(20);
      expect(server.output().match(/Redis is unreachable/g)).toHaveLength(2);
    } finally {
      redis.resume();
    }
    await expectRedisUsedAgain();
    expect(server.alive()).toBe(true);
    expect((await stage.books.realBalances()).get(player.userId)).toBe(FUNDS - 1_800 + 25_000 - 2_000);
    expect(await stage.books.audit()).toEqual([]);
  });
});
