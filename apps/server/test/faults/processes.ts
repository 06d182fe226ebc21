import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { childBaseEnvironment } from './config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAX_OUTPUT_CHARS = 4_000_000;

/**
 * Every process these tests start, so that afterAll (and, as a last resort, the test worker's own exit)
 * can kill it whatever happened: a fault test must never leave a server or a Redis running.
 */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Spawned {
  child: ChildProcess;
  exited: Promise<Exit>;
  output(): string;
  signal(signal: NodeJS.Signals): Promise<Exit>;
}

function spawnTracked(command: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < MAX_OUTPUT_CHARS) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    child,
    exited,
    output: () => output,
    async signal(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      // Bounded: a process that ignores the signal is killed for good after 5 s.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Kills every process still running (afterAll of each fault test calls it). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the server wrote to stdout and stderr (its pino lines). */
  output(): string;
  exited: Promise<Exit>;
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * The API (apps/server/src/main.ts) in its own Node process, as production runs it, listening on a
 * free loopback port; resolves once /readyz answers 200.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const spawned = spawnTracked(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...childBaseEnvironment,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SIGNATURE_MODE: 'off',
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_ITERATIONS: '2',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) {
      throw new Error(`the server exited while starting:\n${spawned.output().slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      await spawned.signal('SIGKILL');
      throw new Error(`the server was not ready within 60 s:\n${spawned.output().slice(-4000)}`);
    }
    try {
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (ready.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    url,
    pid: spawned.child.pid ?? 0,
    output: spawned.output,
    exited: spawned.exited,
    alive: () => spawned.child.exitCode === null && spawned.child.signalCode === null,
    kill: (signal = 'SIGKILL') => spawned.signal(signal),
  };
}

async function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, 500);
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

export interface RedisProcess {
  port: number;
  url: string;
  kill(): Promise<Exit>;
  /** SIGSTOP: the server hangs with its connections open (answers nothing, closes nothing). */
  pause(): void;
  /** SIGCONT after pause. */
  resume(): void;
}

/**
 * A private redis-server for one test, on its own port, with nothing persisted: the test may kill it
 * at will, unlike the shared Redis on 6379 that other test files use at the same time.
 */
export async function startRedis(port?: number): Promise<RedisProcess> {
  const chosen = port ?? (await freePort());
  const spawned = spawnTracked(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    childBaseEnvironment,
  );
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(chosen))) {
    if (spawned.child.exitCode !== null || Date.now() > deadline) {
      await spawned.signal('SIGKILL');
      throw new Error(`redis-server did not start on ${chosen}:\n${spawned.output().slice(-2000)}`);
    }
    await sleep(50);
  }
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    kill: () => spawned.signal('SIGKILL'),
    pause: () => spawned.child.kill('SIGSTOP'),
    resume: () => spawned.child.kill('SIGCONT'),
  };
}
