import argon2 from 'argon2';
import { benchConfig } from '../config.ts';
import { load } from '../lib/load.ts';
import { startNodeServer } from '../lib/processes.ts';
import { signedHeaders, startKometa } from '../lib/kometa.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';

type Measured = Awaited<ReturnType<typeof load>>;

/** A logged-in GET /users/self (session lookup and confirmation state on every call) under load. */
async function usersSelf(
  database: string,
  env: Record<string, string>,
  hello: Measured,
): Promise<BenchResult> {
  const kometa = await startKometa({
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  });
  try {
    const registered = await fetch(`${kometa.url}/api/v18/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders('/api/v18/registration') },
      body: JSON.stringify({
        email: 'bench@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      }),
    });
    const token = ((await registered.json()) as { data: { token: string } }).data.token;
    const path = '/api/v18/users/self';
    const options = {
      connections: benchConfig.connections,
      durationSeconds: benchConfig.durationSeconds,
      headers: { ...signedHeaders(path), 'auth-token': token },
    };
    await load(`${kometa.url}${path}`, { ...options, durationSeconds: 2 });
    const self = await load(`${kometa.url}${path}`, options);
    if (self.errors + self.non2xx > 0)
      throw new Error(`GET /users/self failed ${self.errors + self.non2xx} times under load`);
    return {
      suite: 'accounts',
      metric: 'requests/s',
      target: {
        name: `GET /api/v18/users/self (logged in, ${database})`,
        value: Math.round(self.requestsPerSecond),
        unit: 'req/s',
        extra: { p50Ms: self.p50Ms, p99Ms: self.p99Ms },
      },
      baseline: {
        name: 'bare Fastify GET /hello',
        value: Math.round(hello.requestsPerSecond),
        unit: 'req/s',
        extra: { p99Ms: hello.p99Ms },
      },
      ratio: self.requestsPerSecond / hello.requestsPerSecond,
      goal: null,
      passed: null,
      notes: `Each call reads the session and the confirmation state from ${database} (two queries).`,
    };
  } finally {
    await kometa.stop();
  }
}

/** Argon2id verifications per second at the production cost, two at a time (two cores). */
async function argon2Rate(seconds: number): Promise<{ perSecond: number; msPerHash: number }> {
  const params = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;
  const hash = await argon2.hash('kometa-correct-horse', params);
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      await argon2.verify(hash, 'kometa-correct-horse');
      done++;
    }
  };
  await Promise.all([worker(), worker()]);
  const elapsed = (performance.now() - started) / 1000;
  const single = performance.now();
  await argon2.verify(hash, 'kometa-correct-horse');
  return { perSecond: done / elapsed, msPerHash: performance.now() - single };
}

/**
 * Accounts: the cost of a password hash (logins are deliberately slow: two verifications each, one per
 * lookup step) and a logged-in GET /users/self (session lookup on every call) against bare Fastify.
 */
export const accountsSuite: BenchSuite = {
  name: 'accounts',
  description: 'Argon2id logins/s and GET /users/self vs bare Fastify hello-world',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    const sha = performance.now();
    let shaCount = 0;
    const { createHash } = await import('node:crypto');
    while (performance.now() - sha < 1000) {
      createHash('sha256').update('kometa-correct-horse').digest();
      shaCount++;
    }
    const rate = await argon2Rate(Math.max(3, benchConfig.durationSeconds / 2));
    results.push({
      suite: 'accounts',
      metric: 'logins/s',
      target: {
        name: 'Argon2id (46 MiB, 1 pass) lookup logins (2 verifications each), 2 cores',
        value: Math.round((rate.perSecond / 2) * 10) / 10,
        unit: 'logins/s',
        extra: {
          msPerHash: Math.round(rate.msPerHash * 10) / 10,
          verificationsPerSecond: Math.round(rate.perSecond),
        },
      },
      baseline: { name: 'SHA-256 of the same password, 1 core', value: shaCount, unit: 'hashes/s' },
      ratio: rate.perSecond / shaCount,
      goal: null,
      passed: null,
      notes: 'Deliberately slow: the ratio shows how much costlier than a plain hash a guess is.',
    });

    const bare = await startNodeServer('bench/servers/bare-fastify.ts', {}, '/healthz');
    try {
      const options = { connections: benchConfig.connections, durationSeconds: benchConfig.durationSeconds };
      const hello = await load(`${bare.url}/hello`, options);
      results.push(await usersSelf('embedded PGlite', {}, hello));
      const database = await freshBenchDatabase();
      if (database) {
        try {
          results.push(await usersSelf('PostgreSQL', { DATABASE_URL: database.url }, hello));
        } finally {
          await database.drop();
        }
      } else console.error('bench: accounts: no PostgreSQL at BENCH_DATABASE_URL, embedded only');
    } finally {
      await bare.stop();
    }
    return results;
  },
};
