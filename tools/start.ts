import { buildWhenStale } from './builds.ts';
import { startConfig } from './config.ts';
import { createServiceGroup } from './processes.ts';

/**
 * `npm start`: the whole site on http://localhost:3000 on a bare machine (ADR 022): the site host
 * (apps/web, built first when its build is missing or older than its sources) in front of the API
 * (apps/server, on 3001) and Kometa's game server (apps/games, on 3100), on the embedded databases by
 * default. Ctrl-C stops them all; if one exits, the others are stopped too.
 */
const {
  sitePort: SITE_PORT,
  apiPort: API_PORT,
  backofficePort: BACKOFFICE_PORT,
  siteOrigin: SITE_ORIGIN,
  siteOrigins,
  allowedDomains,
  publicUrl,
} = startConfig();

if (!buildWhenStale()) process.exit(1);

const group = createServiceGroup();

const services: [string, Record<string, string>][] = [
  [
    '@kometa/server',
    {
      PORT: API_PORT,
      HOST: '127.0.0.1',
      // The site host is the only caller on loopback: it forwards the visitor's address.
      TRUST_PROXY: '127.0.0.1',
      SITE_ORIGIN,
      ALLOWED_DOMAINS: allowedDomains.join(','),
      PUBLIC_URL: publicUrl,
    },
  ],
  [
    '@kometa/games',
    // Frames are embedded by, and link back to, the site under either of its local names.
    {
      CASINO_URL: `http://127.0.0.1:${API_PORT}`,
      SITE_ORIGINS: siteOrigins.join(','),
    },
  ],
  ['@kometa/web', { PORT: SITE_PORT, API_UPSTREAM: `http://127.0.0.1:${API_PORT}` }],
];
const start = (workspace: string, env: Record<string, string>) =>
  group.start(['run', 'start', '-w', workspace], env);

/** The API is ready once it answers /readyz (migrations applied, demo content loaded). */
async function apiReady(): Promise<void> {
  for (;;) {
    if (group.stopping) return;
    const ready = await fetch(`http://127.0.0.1:${API_PORT}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

for (const [workspace, env] of services.slice(0, 2)) start(workspace, env);
// The site opens once the API answers, so its first visitor never meets an error page.
await apiReady();
const [siteWorkspace, siteEnv] = services[2]!;
if (!group.stopping) start(siteWorkspace, siteEnv);
// The back office on its own origin, passing only /api/admin to the API (ADR 028).
if (!group.stopping) {
  start('@kometa/backoffice', {
    PORT: BACKOFFICE_PORT,
    HOST: '127.0.0.1',
    API_UPSTREAM: `http://127.0.0.1:${API_PORT}`,
  });
  console.log(`Back office: http://127.0.0.1:${BACKOFFICE_PORT}/ (demo operators: README, "Demo")`);
}
