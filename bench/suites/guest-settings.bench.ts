import { benchConfig } from '../config.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { startNodeServer } from '../lib/processes.ts';
import { signedHeaders, startKometa } from '../lib/kometa.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

function mean(results: LoadResult[], pick: (r: LoadResult) => number): number {
  return results.reduce((sum, r) => sum + pick(r), 0) / results.length;
}

/**
 * A guest GET /api/v18/settings served from the guest cache (the full production path: country gate,
 * CORS, enforced signature check, cache hit) against a bare Fastify hello-world, alternating rounds.
 */
export const guestSettingsSuite: BenchSuite = {
  name: 'guest-settings',
  description: 'Guest GET /settings (cached) vs bare Fastify hello-world, 50 connections, loopback',
  async run(): Promise<BenchResult[]> {
    const bare = await startNodeServer('bench/servers/bare-fastify.ts', {}, '/healthz');
    const kometa = await startKometa();
    try {
      const path = '/api/v18/settings';
      const warm = await fetch(kometa.url + path, { headers: signedHeaders(path) });
      if (warm.status !== 200) throw new Error(`settings answered ${warm.status}`);
      const options = {
        connections: benchConfig.connections,
        durationSeconds: Math.max(2, benchConfig.durationSeconds / 5),
      };
      await load(bare.url + '/hello', options);
      await load(kometa.url + path, { ...options, headers: signedHeaders(path) });

      const bareRuns: LoadResult[] = [];
      const kometaRuns: LoadResult[] = [];
      const full = { connections: benchConfig.connections, durationSeconds: benchConfig.durationSeconds };
      for (let round = 0; round < benchConfig.rounds; round++) {
        bareRuns.push(await load(bare.url + '/hello', full));
        kometaRuns.push(await load(kometa.url + path, { ...full, headers: signedHeaders(path) }));
      }
      const failures = kometaRuns.reduce((n, r) => n + r.errors + r.non2xx, 0);
      if (failures > 0) throw new Error(`kometa answered ${failures} failed or non-2xx requests under load`);
      const target = mean(kometaRuns, (r) => r.requestsPerSecond);
      const baseline = mean(bareRuns, (r) => r.requestsPerSecond);
      const ratio = target / baseline;
      return [
        {
          suite: 'guest-settings',
          metric: 'requests/s',
          target: {
            name: 'GET /api/v18/settings (guest, cached)',
            value: Math.round(target),
            unit: 'req/s',
            extra: { p50Ms: mean(kometaRuns, (r) => r.p50Ms), p99Ms: mean(kometaRuns, (r) => r.p99Ms) },
          },
          baseline: {
            name: 'bare Fastify GET /hello',
            value: Math.round(baseline),
            unit: 'req/s',
            extra: { p50Ms: mean(bareRuns, (r) => r.p50Ms), p99Ms: mean(bareRuns, (r) => r.p99Ms) },
          },
          ratio,
          goal: { minRatio: 0.7 },
          passed: ratio >= 0.7,
          notes: `${benchConfig.rounds} alternating rounds of ${benchConfig.durationSeconds} s, ${benchConfig.connections} connections`,
        },
      ];
    } finally {
      await Promise.all([bare.stop(), kometa.stop()]);
    }
  },
};
