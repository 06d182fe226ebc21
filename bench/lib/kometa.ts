import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeSignature } from '@kometa/server';
import { startNodeServer, type Running } from './processes.ts';

export const BENCH_SIGNATURE_KEY = 'bench-signature-key';
export const BENCH_USER_AGENT = 'kometa-bench';

/**
 * The Kometa server as production runs it (embedded database, enforced signatures, warn-level logs)
 * in its own process, with a fresh data folder removed on stop.
 */
export async function startKometa(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kometa-bench-'));
  const server = await startNodeServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      SIGNATURE_MODE: 'enforce',
      SIGNATURE_KEY: BENCH_SIGNATURE_KEY,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    '/readyz',
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The headers the site sends for a path this minute. */
export function signedHeaders(path: string): Record<string, string> {
  return {
    'user-agent': BENCH_USER_AGENT,
    'x-signature': computeSignature(
      BENCH_SIGNATURE_KEY,
      path,
      BENCH_USER_AGENT,
      Math.floor(Date.now() / 60_000),
    ),
  };
}
