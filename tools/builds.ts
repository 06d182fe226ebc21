import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const APPS = join(ROOT, 'apps');

/** The static builds `npm start` serves: each built again when missing or older than its sources. */
const BUILDS = [
  {
    label: 'the site',
    workspace: '@kometa/web',
    output: join(APPS, 'web', 'build', 'server', 'index.js'),
    sources: ['app', 'react-router.config.ts', 'vite.config.ts'].map((name) => join(APPS, 'web', name)),
  },
  // The back office (ADR 028): a static app.
  {
    label: 'the back office',
    workspace: '@kometa/backoffice',
    output: join(APPS, 'backoffice', 'dist', 'index.html'),
    sources: ['src', 'index.html', 'vite.config.ts'].map((name) => join(APPS, 'backoffice', name)),
  },
];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Builds the site and the back office where their build is missing or stale; false if a build failed.
 * Whoever starts several sites from one checkout at once (the e2e halves) calls it first, so no two
 * builds write the same folder together.
 */
export function buildWhenStale(): boolean {
  for (const build of BUILDS) {
    const fresh =
      existsSync(build.output) && Math.max(...build.sources.map(newest)) <= statSync(build.output).mtimeMs;
    if (fresh) continue;
    console.log(`Building ${build.label}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) return false;
  }
  return true;
}
