import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startNodeServer } from '../lib/processes.ts';
import { startSite } from '../lib/site.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';
import { CHROME_FLAGS, CHROMIUM } from '../lib/chromium.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'lobby', path: '/games' },
  { name: 'game page (guest demo)', path: '/game/kometa/kometa-dice' },
];
const GOAL = { score: 0.9, cls: 0.05, homeJsKb: 150 };

interface PageFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse's mobile performance audit (simulated slow 4G and a mid-range phone), median of three runs. */
async function audit(port: number, url: string): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let run = 0; run < 3; run++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    runs.push({
      score: Number(lhr.categories.performance?.score ?? 0),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    });
  }
  runs.sort((a, b) => a.score - b.score);
  return runs[1]!;
}

/** The JavaScript the home page loads (its scripts and module preloads), gzipped as it is served. */
async function homeJavaScript(site: string): Promise<number> {
  const html = await (await fetch(`${site}/`)).text();
  const sources = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  // The entry also imports its chunks: follow the static imports of each file once.
  const seen = new Set<string>();
  let bytes = 0;
  const queue = [...sources];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await (await fetch(new URL(path, site))).text();
    bytes += gzipSync(code).length;
    for (const match of code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(new URL(match[1]!, new URL(path, site)).pathname);
    }
  }
  return bytes;
}

/**
 * The player site (issue 8): Lighthouse's mobile performance score, LCP, TBT and CLS of the home, the
 * lobby and a game page, against a bare scriptless page of the same machine in the same run; and the
 * JavaScript the home page sends.
 */
export const webSuite: BenchSuite = {
  name: 'web',
  description: 'Lighthouse mobile performance of home, lobby and game page vs a bare page; home JS gzip',
  async run(): Promise<BenchResult[]> {
    const bare = await startNodeServer('bench/servers/bare-fastify.ts', {}, '/healthz');
    const site = await startSite();
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const baseline = await audit(chrome.port, `${bare.url}/page`);
      const results: BenchResult[] = [];
      for (const page of PAGES) {
        const figures = await audit(chrome.port, `${site.url}${page.path}`);
        results.push({
          suite: 'web',
          metric: 'Lighthouse performance (mobile)',
          target: {
            name: `${page.name} ${page.path}`,
            value: Math.round(figures.score * 100),
            unit: 'points',
            extra: { lcpMs: figures.lcpMs, tbtMs: figures.tbtMs, cls: figures.cls },
          },
          baseline: { name: 'bare scriptless page', value: Math.round(baseline.score * 100), unit: 'points' },
          ratio: figures.score / baseline.score,
          goal: { minRatio: GOAL.score },
          passed: figures.score >= GOAL.score && figures.cls < GOAL.cls,
          notes: `Median of 3 runs; goal: score ≥ 90 and CLS < ${GOAL.cls} (CLS ${figures.cls.toFixed(3)}).`,
        });
      }
      const js = await homeJavaScript(site.url);
      results.push({
        suite: 'web',
        metric: 'home JavaScript (gzip)',
        target: { name: 'JavaScript the home page loads', value: Math.round(js / 102.4) / 10, unit: 'KB' },
        baseline: { name: 'goal', value: GOAL.homeJsKb, unit: 'KB' },
        ratio: (GOAL.homeJsKb * 1024) / js,
        goal: { minRatio: 1 },
        passed: js < GOAL.homeJsKb * 1024,
        notes: 'Scripts and module preloads of the home page and the chunks they import, gzipped.',
      });
      return results;
    } finally {
      chrome.kill();
      await Promise.all([bare.stop(), site.stop()]);
    }
  },
};
