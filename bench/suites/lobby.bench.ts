import { benchConfig } from '../config.ts';
import { load, type LoadResult } from '../lib/load.ts';
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
          metric: 'p99 latency',
          target: { name: 'game search p99 (guest, uncached)', value: searchP99, unit: 'ms' },
          baseline: { name: 'goal', value: SEARCH_GOAL_P99_MS, unit: 'ms' },
          // Read as goal ÷ measured: at least 100 % when the p99 is under the goal.
          ratio: SEARCH_GOAL_P99_MS / searchP99,
          goal: { minRatio: 1 },
          passed: searchP99 < SEARCH_GOAL_P99_MS,
          notes,
        },
      ];
    } finally {
      await Promise.all([bare.stop(), kometa.stop()]);
    }
  },
};
