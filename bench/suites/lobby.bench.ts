import { benchConfig } from '../config.ts';
import { load, openLoad, type LoadResult, type OpenLoadResult } from '../lib/load.ts';
import { startNodeServer } from '../lib/processes.ts';
import { signedHeaders, startKometa } from '../lib/kometa.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const mean = (results: LoadResult[], pick: (r: LoadResult) => number) =>
  results.reduce((sum, r) => sum + pick(r), 0) / results.length;

/** The lobby's first page for a guest: served from the guest cache after the first request. */
const LIST = '/api/v18/games?limit=20&offset=0&isMobile=0';
/**
 * A guest's search over the 2,005-game demo lobby (Cyrillic name and a tag, most played first);
 * `cacheKey` is the client's deliberate bypass, so every request is searched afresh.
 */
const SEARCH = `/api/v18/game-search?query=${encodeURIComponent('дракон')}&tags=asia&sort=-betStatistic&limit=20&cacheKey=bench`;
const SEARCH_GOAL_P99_MS = 20;
/** The site signs the path alone, without its query. */
const signed = (url: string) => signedHeaders(url.split('?')[0]!);

/**
 * The lobby (issue 6): a guest's GET /games (cached) and game search (uncached) against the bare
 * Fastify hello-world, alternating rounds at 50 connections, on the embedded default database.
 */
export const lobbySuite: BenchSuite = {
  name: 'lobby',
  description: 'Guest GET /games (cached) and game search (uncached) vs bare Fastify, 50 connections',
  async run(): Promise<BenchResult[]> {
    const bare = await startNodeServer('bench/servers/bare-fastify.ts', {}, '/healthz');
    // Every request comes from one address: the per-address limit is lifted (it is still counted).
    const kometa = await startKometa({ RATE_LIMIT_PER_MINUTE: '100000000' });
    try {
      for (const path of [LIST, SEARCH]) {
        const warm = await fetch(kometa.url + path, { headers: signed(path) });
        if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}: ${await warm.text()}`);
        const found = (await warm.json()) as { data: Record<string, unknown> | { count: number } };
        if (path === SEARCH && !((found.data as { count: number }).count > 0))
          throw new Error('the search found nothing: is the demo lobby loaded?');
      }
      const warmup = { connections: benchConfig.connections, durationSeconds: 2 };
      await load(bare.url + '/hello', warmup);
      await load(kometa.url + LIST, { ...warmup, headers: signed(LIST) });
      await load(kometa.url + SEARCH, { ...warmup, headers: signed(SEARCH) });

      const runs = { bare: [] as LoadResult[], list: [] as LoadResult[], search: [] as LoadResult[] };
      const full = { connections: benchConfig.connections, durationSeconds: benchConfig.durationSeconds };
      for (let round = 0; round < benchConfig.rounds; round++) {
        runs.bare.push(await load(bare.url + '/hello', full));
        runs.list.push(await load(kometa.url + LIST, { ...full, headers: signed(LIST) }));
        runs.search.push(await load(kometa.url + SEARCH, { ...full, headers: signed(SEARCH) }));
      }
      const failures = [...runs.list, ...runs.search].reduce((n, r) => n + r.errors + r.non2xx, 0);
      if (failures > 0) throw new Error(`kometa answered ${failures} failed or non-2xx requests under load`);

      // Latency is read open loop at a share of the measured capacity, over the same 50 connections
      // (ADR 017): 50 callers always waiting only measure capacity again (Little's law).
      const capacity = mean(runs.search, (r) => r.requestsPerSecond);
      const open: { share: number; result: OpenLoadResult }[] = [];
      for (const share of [0.25, 0.5, 0.75]) {
        const result = await openLoad(kometa.url + SEARCH, {
          rate: Math.round(capacity * share),
          seconds: benchConfig.durationSeconds,
          connections: benchConfig.connections,
          headers: signed(SEARCH),
        });
        if (result.errors + result.non2xx + result.unanswered > 0)
          throw new Error(`open-loop search: ${JSON.stringify(result)}`);
        open.push({ share, result });
      }

      const baseline = {
        name: 'bare Fastify GET /hello',
        value: Math.round(mean(runs.bare, (r) => r.requestsPerSecond)),
        unit: 'req/s',
        extra: { p50Ms: mean(runs.bare, (r) => r.p50Ms), p99Ms: mean(runs.bare, (r) => r.p99Ms) },
      };
      const figures = (results: LoadResult[]) => ({
        value: Math.round(mean(results, (r) => r.requestsPerSecond)),
        unit: 'req/s',
        extra: { p50Ms: mean(results, (r) => r.p50Ms), p99Ms: mean(results, (r) => r.p99Ms) },
      });
      const notes = `${benchConfig.rounds} alternating rounds of ${benchConfig.durationSeconds} s, ${benchConfig.connections} connections, embedded database`;
      const listRatio = mean(runs.list, (r) => r.requestsPerSecond) / baseline.value;
      const searchP99 = mean(runs.search, (r) => r.p99Ms);
      return [
        {
          suite: 'lobby',
          metric: 'requests/s',
          target: { name: 'GET /api/v18/games, first page (guest, cached)', ...figures(runs.list) },
          baseline,
          ratio: listRatio,
          goal: { minRatio: 0.6 },
          passed: listRatio >= 0.6,
          notes,
        },
        {
          suite: 'lobby',
          metric: 'requests/s',
          target: {
            name: 'GET /api/v18/game-search over 2,005 games (guest, uncached)',
            ...figures(runs.search),
          },
          baseline,
          ratio: mean(runs.search, (r) => r.requestsPerSecond) / baseline.value,
          goal: null,
          passed: null,
          notes,
        },
        {
          suite: 'lobby',
          metric: 'search p99 latency (closed loop)',
          target: {
            name: `game search p99, ${benchConfig.connections} connections always busy (wrk)`,
            value: searchP99,
            unit: 'ms',
          },
          baseline: { name: 'goal', value: SEARCH_GOAL_P99_MS, unit: 'ms' },
          ratio: SEARCH_GOAL_P99_MS / searchP99,
          goal: null,
          passed: null,
          notes: `Saturation: latency ≈ ${benchConfig.connections} / throughput (Little's law); it reads capacity, not latency at a traffic.`,
        },
        ...open.map(({ share, result }) => ({
          suite: 'lobby',
          metric: `search p99 latency at ${share * 100} % of capacity`,
          target: {
            name: `game search p99, open loop at ${Math.round(result.rate)} req/s over ${benchConfig.connections} connections`,
            value: result.p99Ms,
            unit: 'ms',
            extra: { p50Ms: result.p50Ms, p90Ms: result.p90Ms, maxMs: result.maxMs },
          },
          baseline: { name: 'goal', value: SEARCH_GOAL_P99_MS, unit: 'ms' },
          // Read as goal ÷ measured: at least 100 % when the p99 is under the goal.
          ratio: SEARCH_GOAL_P99_MS / result.p99Ms,
          goal: share === 0.5 ? { minRatio: 1 } : null,
          passed: share === 0.5 ? result.p99Ms < SEARCH_GOAL_P99_MS : null,
          notes:
            share === 0.5
              ? 'The goal is read here: half of the measured capacity, latency counted from when each request was due.'
              : notes,
        })),
      ];
    } finally {
      await Promise.all([bare.stop(), kometa.stop()]);
    }
  },
};
