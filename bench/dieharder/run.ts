import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * `npm run bench:dieharder`: dieharder (Debian package) over the provably-fair stream
 * (bench/dieharder/stream.ts), test by test, each bounded in time; writes bench/dieharder/REPORT.md.
 */
const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';
/** The tests dieharder rates "Good", that finish in minutes on two cores. */
const TESTS = [0, 1, 3, 8, 10, 11, 12, 13, 15, 16, 100, 101, 102, 200, 202, 203, 205, 209];
const LIMIT_MS = 240_000;

function runTest(test: number): Promise<string[]> {
  return new Promise((resolve) => {
    const shell = spawn(
      'bash',
      ['-c', `node --import tsx bench/dieharder/stream.ts ${SEED} | dieharder -g 200 -d ${test}`],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    let out = '';
    shell.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => process.kill(-shell.pid!, 'SIGKILL'), LIMIT_MS);
    shell.on('exit', () => {
      clearTimeout(timer);
      const rows = out.split('\n').filter((line) => /\|\s*(PASSED|WEAK|FAILED)\s*$/.test(line));
      resolve(rows.length > 0 ? rows : [`   test ${test}: not finished within ${LIMIT_MS / 1000} s`]);
    });
  });
}

const rows: string[] = [];
for (const test of TESTS) {
  const result = await runTest(test);
  console.log(result.join('\n'));
  rows.push(...result);
}
const count = (word: string) => rows.filter((row) => row.includes(word)).length;
writeFileSync(
  'bench/dieharder/REPORT.md',
  `# dieharder over the provably-fair stream\n\nWritten by \`npm run bench:dieharder\` on ${new Date().toISOString()}: dieharder ${'3.31.1'} reading the\n` +
    `HMAC-SHA256 stream of packages/fairness raw (\`-g 200\`), seed \`${SEED}\`, client seed \`dieharder\`,\n` +
    `nonces 0, 1, 2… with cursors 0–3 each. A single WEAK among many tests is expected by chance (p < 0.005 or > 0.995).\n\n` +
    `Passed: ${count('PASSED')}, weak: ${count('WEAK')}, failed: ${count('FAILED')}.\n\n` +
    '```\n        test_name   |ntup| tsamples |psamples|  p-value |Assessment\n' +
    rows.join('\n') +
    '\n```\n',
);
