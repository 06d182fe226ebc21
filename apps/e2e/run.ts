import { spawn } from 'node:child_process';
import { buildWhenStale } from '../../tools/builds.ts';
import { e2eConfig, runEnvironment } from './config.ts';

/**
 * The browser tests as CI runs them (ADR 051): two halves at the same time (playwright.config.ts
 * deals the specs by `E2E_HALF`), each against a whole site of its own (its own ports, its own
 * embedded databases, its own output folder). Inside a half the tests run one after another as
 * before, so a back-office journey that switches a game off never meets a player's journey at the
 * same moment. Arguments go to Playwright as they are; with `--shard` or `--project`, or with spec
 * files named, Playwright runs once over the whole suite, as `playwright test` would.
 */
const args = process.argv.slice(2);
const once = args.some((a) => a.startsWith('--shard') || a.startsWith('--project') || a.endsWith('.ts'));
const HALVES = once ? 1 : 2;

/** The second half's site listens ten ports above the first's. */
const portsOf = (shift: number) => ({
  E2E_SITE_PORT: String(e2eConfig.sitePort + shift),
  E2E_API_PORT: String(e2eConfig.apiPort + shift),
  E2E_BACKOFFICE_PORT: String(e2eConfig.backofficePort + shift),
  E2E_GAMES_PORT: String(e2eConfig.gamesPort + shift),
  E2E_IDP_PORT: String(e2eConfig.idpPort + shift),
});

function half(index: number): Promise<number> {
  return new Promise((resolve) => {
    const split = HALVES > 1;
    const child = spawn('npx', ['playwright', 'test', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: runEnvironment(
        split
          ? {
              ...portsOf(index * 10),
              E2E_HALF: String(index + 1),
              E2E_OUTPUT_DIR: `test-results/half-${index + 1}`,
            }
          : {},
      ),
    });
    const label = split ? `${index + 1}/${HALVES} │ ` : '';
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
  });
}

// Both halves' sites serve the same builds: made here, once, not by two halves writing one folder.
if (HALVES > 1 && !buildWhenStale()) process.exit(1);
const codes = await Promise.all(Array.from({ length: HALVES }, (_, i) => half(i)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
