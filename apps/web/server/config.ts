import { fileURLToPath } from 'node:url';

/** The only reader of process.env in the site host (ADR 022). */
export function loadHostConfig(environment: Record<string, string | undefined> = process.env) {
  const port = Number(environment.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${environment.PORT}`);
  return {
    host: environment.HOST ?? '0.0.0.0',
    port,
    /** The API process the host passes the API's paths to. */
    apiUpstream: (environment.API_UPSTREAM ?? 'http://127.0.0.1:3001').replace(/\/+$/, ''),
    buildDir: environment.WEB_BUILD_DIR ?? fileURLToPath(new URL('../build', import.meta.url)),
  };
}

export type HostConfig = ReturnType<typeof loadHostConfig>;
