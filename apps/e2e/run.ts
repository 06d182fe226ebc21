import { spawn } from 'node:child_process';
import { buildWhenStale } from '../../tools/builds.ts';
import { e2eConfig, runEnvironment } from './config.ts';
import { digestOf } from './support/digest.ts';

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

interface HalfEnd {
  label: string;
  code: number;
  lines: string[];
}

function half(index: number): Promise<HalfEnd> {
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
    const lines: string[] = [];
    const print = (line: string) => {
      lines.push(line);
      process.stdout.write(`${label}${line}\n`);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const whole = (rest + chunk).split('\n');
        rest = whole.pop() ?? '';
        whole.forEach(print);
      });
      stream.on('end', () => rest && print(rest));
    }
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
    child.on('close', (code) => resolve({ label, code: code ?? 1, lines }));
  });
}

// Both halves' sites serve the same builds: made here, once, not by two halves writing one folder.
if (HALVES > 1 && !buildWhenStale()) process.exit(1);
const ends = await Promise.all(Array.from({ length: HALVES }, (_, i) => half(i)));
// Each half in brief once both have ended, a failed half last: the tail of CI's log says what failed.
if (HALVES > 1) {
  process.stdout.write('\n== the browser tests in brief\n');
  for (const end of [...ends].sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0))) {
    for (const line of digestOf(end.lines)) process.stdout.write(`${end.label}${line}\n`);
  }
}
process.exit(ends.some((end) => end.code !== 0) ? 1 : 0);
