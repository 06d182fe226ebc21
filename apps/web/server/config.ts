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
    /**
     * The proxies in front of this host that may say who the visitor is (ADR 024): none by default,
     * or their addresses; never "anyone", which would let a visitor name any address.
     */
    trustProxy: trustProxy(environment.TRUST_PROXY),
    /** The longest a session lives (the API's SESSION_MAX_DAYS): the session cookie never outlives it. */
    sessionMaxAgeSeconds: Number(environment.SESSION_MAX_DAYS ?? 30) * 86_400,
    buildDir: environment.WEB_BUILD_DIR ?? fileURLToPath(new URL('../build', import.meta.url)),
  };
}

function trustProxy(raw: string | undefined): false | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  const entries = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = entries.filter(
    (entry) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]*[.:][0-9a-fA-F.:]*(\/\d{1,3})?)$/.test(entry),
  );
  if (wrong.length > 0)
    throw new Error(
      `TRUST_PROXY: name the proxies' addresses or ranges (never true, never a hop count): ${wrong.join(', ')}`,
    );
  return entries;
}

export type HostConfig = ReturnType<typeof loadHostConfig>;
