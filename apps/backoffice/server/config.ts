/** The only reader of process.env in the back office's host. */
export interface BackofficeHostConfig {
  port: number;
  host: string;
  /** The API that answers /api/admin/* (its origin, no path). */
  apiUpstream: string;
  /** The built app (vite build). */
  distDir: string;
  /** Proxies in front of this host whose X-Forwarded-For is believed (ADR 024); none by default. */
  trustProxy: string | false;
}

export function hostConfig(
  environment: Record<string, string | undefined> = process.env,
): BackofficeHostConfig {
  return {
    port: Number(environment.PORT ?? 3002),
    host: environment.HOST ?? '0.0.0.0',
    apiUpstream: environment.API_UPSTREAM ?? 'http://127.0.0.1:3001',
    distDir: environment.BACKOFFICE_DIST ?? new URL('../dist', import.meta.url).pathname,
    trustProxy: environment.TRUST_PROXY || false,
  };
}
