import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm start`: the casino (apps/server) and Kometa's game server (apps/games) side by side, on the
 * embedded databases by default. Ctrl-C stops both; if one exits, the other is stopped too.
 */
const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5_000).unref();
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
    ),
  ).then(
    () => process.exit(code),
    () => process.exit(code),
  );
}

for (const workspace of ['@kometa/server', '@kometa/games']) {
  const child = spawn('npm', ['run', 'start', '-w', workspace], { stdio: 'inherit' });
  child.once('exit', (code) => stopAll(code ?? 1));
  children.push(child);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
