/** The only reader of process.env in `npm start` (tools/start.ts): ports and the site's address. */
export function startConfig(environment: Record<string, string | undefined> = process.env) {
  const sitePort = environment.PORT ?? '3000';
  const siteOrigin = environment.SITE_ORIGIN ?? `http://localhost:${sitePort}`;
  // The site answers on this machine under both local names: each is one of the operator's domains,
  // so links back to the site keep the one the player opened (ADR 041).
  const localOrigins = [`http://127.0.0.1:${sitePort}`, `http://localhost:${sitePort}`];
  const siteOrigins = [...new Set([siteOrigin, ...localOrigins])];
  const configured = (environment.ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    sitePort,
    siteOrigins,
    allowedDomains: [...new Set([...configured, ...siteOrigins.filter((origin) => origin !== siteOrigin)])],
    apiPort: environment.API_PORT ?? '3001',
    backofficePort: environment.BACKOFFICE_PORT ?? '3002',
    siteOrigin,
    publicUrl: environment.PUBLIC_URL ?? siteOrigin,
  };
}

/** What the started services inherit (each also gets its own settings from start.ts). */
export const inheritedEnvironment = (): Record<string, string | undefined> => ({ ...process.env });
