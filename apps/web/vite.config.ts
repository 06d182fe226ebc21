import { reactRouter } from '@react-router/dev/vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { API_PATH_PREFIXES } from './server/api-paths.ts';

// The development server passes the API's paths to the API process, as the site host does (ADR 022).
const upstream = process.env.API_UPSTREAM ?? 'http://127.0.0.1:3001';
/**
 * The build's id: a digest of the site's sources, so the browser's and the server's bundles agree
 * however often this file is read, and a new deploy of changed code gets a new id (the update bar).
 */
function buildId(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  walk(root);
  return hash.digest('hex').slice(0, 12);
}

export default defineConfig({
  plugins: [reactRouter()],
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId(join(import.meta.dirname, 'app'))),
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [prefix, { target: upstream, xfwd: true }])),
  },
  build: { target: 'es2022' },
});
