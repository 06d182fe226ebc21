import { startConfig } from './config.ts';
import { createServiceGroup } from './processes.ts';

/**
 * `npm run dev`: the site with hot reload (React Router's dev server on the site's port, passing the
 * API's paths on as the site host does), the API restarting on change, and the game server.
 */
const { sitePort, apiPort, siteOrigin, siteOrigins, allowedDomains, publicUrl } = startConfig();
const group = createServiceGroup();
const run = (args: string[], env: Record<string, string>) => group.start(args, env);

run(['run', 'dev', '-w', '@kometa/server'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  TRUST_PROXY: '127.0.0.1',
  SITE_ORIGIN: siteOrigin,
  ALLOWED_DOMAINS: allowedDomains.join(','),
  PUBLIC_URL: publicUrl,
});
run(['run', 'start', '-w', '@kometa/games'], {
  CASINO_URL: `http://127.0.0.1:${apiPort}`,
  SITE_ORIGINS: siteOrigins.join(','),
});
run(['run', 'dev', '-w', '@kometa/web'], {
  WEB_DEV_PORT: sitePort,
  API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
});
