import { spawn } from 'node:child_process';
import { freePort, type Running } from './processes.ts';
import { inheritedEnvironment } from '../config.ts';

/**
 * The whole site as `npm start` runs it (site host, API and game server, embedded databases in
 * memory) on free ports; stopped with SIGTERM, which stops all three.
 */
export async function startSite(): Promise<Running> {
  const [site, api, games] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/start.ts'], {
    env: {
      ...inheritedEnvironment,
      PORT: String(site),
      API_PORT: String(api),
      GAMES_PORT: String(games),
      KOMETA_GAMES_URL: `http://127.0.0.1:${games}`,
      DATA_DIR: ':memory:',
      GAMES_DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${site}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the site did not start in 3 minutes');
    const ready = await fetch(`${url}/`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
