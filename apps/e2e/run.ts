import { spawn } from 'node:child_process';
import { e2eConfig, runEnvironment } from './config.ts';

/**
 * The browser tests as CI runs them (ADR 051): the desktop and the phone project at the same time,
 * each against a whole site of its own (its own ports, its own embedded databases), so a back-office
 * journey that switches a game off on the desktop never meets a phone journey playing it. Arguments
 * go to Playwright as they are; with `--project` only that project runs, as `playwright test` would.
 */
const args = process.argv.slice(2);
const projects = args.some((a) => a.startsWith('--project')) ? [null] : (['desktop', 'phone'] as const);

/** The phone's site listens ten ports above the desktop's. */
const portsOf = (shift: number) => ({
  E2E_SITE_PORT: String(e2eConfig.sitePort + shift),
  E2E_API_PORT: String(e2eConfig.apiPort + shift),
  E2E_BACKOFFICE_PORT: String(e2eConfig.backofficePort + shift),
  E2E_GAMES_PORT: String(e2eConfig.gamesPort + shift),
  E2E_IDP_PORT: String(e2eConfig.idpPort + shift),
});

const runs = projects.map(
  (project, i) =>
    new Promise<number>((resolve) => {
      const child = spawn(
        'npx',
        ['playwright', 'test', ...(project ? [`--project=${project}`] : []), ...args],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: runEnvironment(
            project ? { ...portsOf(i * 10), E2E_OUTPUT_DIR: `test-results/${project}` } : {},
          ),
        },
      );
      const label = project ? `${project.padEnd(7)} │ ` : '';
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${label}${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`${label}${rest}\n`));
      }
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
      child.on('close', (code) => resolve(code ?? 1));
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
