import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { createServer } from 'node:net';
import { benchConfig, inheritedEnvironment } from '../config.ts';

const live = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.on('exit', () => stopAll());

export function stopAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * On a machine with two or more cores the server runs on one core and the load generator on another,
 * so neither steals the other's core and the baseline and target are measured the same way.
 */
export function pinning(): { server: string; loader: string } | null {
  if (cpus().length < 2) return null;
  const probe = spawnSync('taskset', ['-c', '0', 'true']);
  return probe.status === 0 ? { server: '1', loader: '0' } : null;
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point in its own Node process and waits until `readyPath` answers 200. */
export async function startNodeServer(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<Running> {
  const port = await freePort();
  const pinned = pinning();
  const command = pinned ? 'taskset' : process.execPath;
  // BENCH_PROFILE_DIR: each bench server writes a V8 CPU profile there when it stops.
  const profile = benchConfig.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${benchConfig.profileDir}`] : [];
  const args = [...profile, '--import', 'tsx', entry];
  const child = spawn(command, pinned ? ['-c', pinned.server, process.execPath, ...args] : args, {
    env: { ...inheritedEnvironment, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  live.add(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      live.delete(child);
    },
  };
}
