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

export interface StartOptions {
  /** The variables the entry point reads its port and host from (the game server's: GAMES_PORT, GAMES_HOST). */
  portVariable?: string;
  hostVariable?: string;
  /** False for a cluster of servers sharing the cores: pinning them all to the server core starves them. */
  pin?: boolean;
}

/** Starts a TypeScript entry point in its own Node process and waits until `readyPath` answers 200. */
export async function startNodeServer(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  options: StartOptions = {},
): Promise<Running> {
  const port = await freePort();
  const pinned = options.pin === false ? null : pinning();
  const command = pinned ? 'taskset' : process.execPath;
  // BENCH_PROFILE_DIR: each bench server writes a V8 CPU profile there when it stops.
  const profile = benchConfig.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${benchConfig.profileDir}`] : [];
  const args = [...profile, '--import', 'tsx', entry];
  const child = spawn(command, pinned ? ['-c', pinned.server, process.execPath, ...args] : args, {
    env: {
      ...inheritedEnvironment,
      ...env,
      [options.portVariable ?? 'PORT']: String(port),
      [options.hostVariable ?? 'HOST']: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  live.add(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (let ready = false; !ready;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${entry} exited with ${child.exitCode ?? child.signalCode}`);
    // A server that never got ready is an error here, not a confusing failure of the load later.
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      live.delete(child);
      throw new Error(`${entry} did not answer ${readyPath} with 200 within 60 s`);
    }
    ready = await fetch(url + readyPath).then(
      (res) => res.status === 200,
      () => false, // not listening yet
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      // A child killed by a signal has no exit code, and its 'exit' event has already gone by.
      if (child.exitCode !== null || child.signalCode !== null) return void live.delete(child);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      live.delete(child);
    },
  };
}
