import { spawn, type ChildProcess } from 'node:child_process';
import { inheritedEnvironment } from './config.ts';

/**
 * The services `npm start` and `npm run dev` run, each in a process group of its own, so that
 * stopping one stops everything it started (npm, its shell, tsx and the server), never leaving a
 * process behind. If one exits, the others are stopped too.
 */
export function createServiceGroup() {
  const children: ChildProcess[] = [];
  let stopping = false;

  function stopAll(code: number): void {
    if (stopping) return;
    stopping = true;
    for (const child of children) {
      if (child.exitCode !== null || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    const exit = () => process.exit(code);
    setTimeout(() => {
      // Whatever did not stop in time is stopped for good.
      for (const child of children) {
        if (child.exitCode === null && child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }
      exit();
    }, 8_000).unref();
    Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    ).then(exit, exit);
  }

  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  return {
    get stopping() {
      return stopping;
    },
    stopAll,
    /** Runs an npm script of a workspace with extra environment. */
    start(args: string[], env: Record<string, string>): void {
      const child = spawn('npm', args, {
        stdio: 'inherit',
        detached: true,
        env: { ...inheritedEnvironment(), ...env },
      });
      child.once('exit', (code) => stopAll(code ?? 1));
      children.push(child);
    },
  };
}
