import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchConfig } from './config.ts';
import { stopAll } from './lib/processes.ts';
import type { BenchResult, BenchSuite } from './lib/result.ts';
import { guestSettingsSuite } from './suites/guest-settings.bench.ts';
import { accountsSuite } from './suites/accounts.bench.ts';
import { ledgerSuite } from './suites/ledger.bench.ts';
import { providerApiSuite } from './suites/provider-api.bench.ts';
import { protectionSuite } from './suites/protection.bench.ts';
import { activitySuite } from './suites/activity.bench.ts';
import { bonusSuite } from './suites/bonus.bench.ts';
import { lobbySuite } from './suites/lobby.bench.ts';
import { webSuite } from './suites/web.bench.ts';
import { soakSuite } from './suites/soak.bench.ts';
import { backofficeSuite } from './suites/backoffice.bench.ts';
import { crashSuite } from './suites/crash.bench.ts';
import { gameClientsSuite } from './suites/game-clients.bench.ts';

/** Every benchmark of the project; each measures its target against a baseline in the same run. */
const suites: BenchSuite[] = [
  guestSettingsSuite,
  accountsSuite,
  ledgerSuite,
  providerApiSuite,
  protectionSuite,
  activitySuite,
  bonusSuite,
  lobbySuite,
  webSuite,
  soakSuite,
  backofficeSuite,
  crashSuite,
  gameClientsSuite,
];

/** Ratios as percentages, with enough digits that a tiny ratio does not print as 0.0 %. */
function percent(ratio: number): string {
  const value = ratio * 100;
  return `${value >= 1 ? value.toFixed(1) : value.toPrecision(2)} %`;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function table(results: BenchResult[]): string {
  const lines = [
    '| suite | target | baseline | ratio | goal | result |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => {
      const extra = (e?: Record<string, number>) =>
        e
          ? ` (${Object.entries(e)
              .map(([k, v]) => `${k} ${fmt(v)}`)
              .join(', ')})`
          : '';
      return `| ${r.suite} | ${r.target.name}: ${fmt(r.target.value)} ${r.target.unit}${extra(r.target.extra)} | ${r.baseline.name}: ${fmt(r.baseline.value)} ${r.baseline.unit}${extra(r.baseline.extra)} | ${percent(r.ratio)} | ${r.goal ? `≥ ${(r.goal.minRatio * 100).toFixed(0)} %` : '—'} | ${r.passed === null ? '—' : r.passed ? 'met' : 'NOT met'} |`;
    }),
  ];
  return lines.join('\n');
}

const chosen = suites.filter((s) => !benchConfig.only || s.name === benchConfig.only);
const results: BenchResult[] = [];
try {
  for (const suite of chosen) {
    console.error(`bench: ${suite.name}: ${suite.description}`);
    results.push(...(await suite.run()));
  }
} finally {
  stopAll();
}

const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version };
// BENCH_ONLY re-measures one suite: the other suites' last figures stay in the report, marked by date.
const kept: BenchResult[] = [];
if (benchConfig.only && existsSync('bench/results/latest.json')) {
  const previous = JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as {
    date: string;
    results: BenchResult[];
  };
  for (const result of previous.results) {
    if (result.suite !== benchConfig.only) {
      kept.push({ ...result, notes: result.notes ?? `measured ${previous.date.slice(0, 10)}` });
    }
  }
}
const all = [...kept, ...results].sort(
  (a, b) => suites.findIndex((s) => s.name === a.suite) - suites.findIndex((s) => s.name === b.suite),
);
const report = { date: new Date().toISOString(), machine, results: all };
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', JSON.stringify(report, null, 2) + '\n');
writeFileSync(
  'bench/RESULTS.md',
  `# Benchmark results\n\nWritten by \`npm run bench\` on ${report.date} (${machine.cpus} cores, ${machine.model}, Node ${machine.node}).\n` +
    `Machine-readable: \`bench/results/latest.json\`. Each figure is a ratio against a baseline measured in the same run,\n` +
    `because the machine is shared and noisy.\n\n${table(all)}\n`,
);
console.log(table(results));
console.log(JSON.stringify(report));
process.exitCode = results.some((r) => r.passed === false) ? 1 : 0;
