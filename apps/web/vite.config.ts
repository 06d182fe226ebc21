import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { API_PATH_PREFIXES } from './server/api-paths.ts';

// The development server passes the API's paths to the API process, as the site host does (ADR 022).
const upstream = process.env.API_UPSTREAM ?? 'http://127.0.0.1:3001';
// One id per build, the same for the browser's and the server's bundles (the update bar compares them).
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [prefix, { target: upstream, xfwd: true }])),
  },
  build: { target: 'es2022' },
});
