/** The only reader of process.env in `npm start` (tools/start.ts): ports and the site's address. */
export function startConfig(environment: Record<string, string | undefined> = process.env) {
  const sitePort = environment.PORT ?? '3000';
  const siteOrigin = environment.SITE_ORIGIN ?? `http://localhost:${sitePort}`;
  return {
    sitePort,
    apiPort: environment.API_PORT ?? '3001',
    siteOrigin,
    publicUrl: environment.PUBLIC_URL ?? siteOrigin,
  };
}

/** What the started services inherit (each also gets its own settings from start.ts). */
export const inheritedEnvironment = (): Record<string, string | undefined> => ({ ...process.env });
