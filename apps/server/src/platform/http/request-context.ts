import type { FastifyInstance, FastifyRequest } from 'fastify';

export const SUPPORTED_LANGUAGES = ['ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export interface RequestContext {
  /** The Auth-Token header, when the client sent one (resolved to a session by the accounts module). */
  authToken: string | null;
  language: Language;
  /** The operator domain the request is for: the `domain` parameter when allowed, else the main site. */
  siteDomain: string;
  country: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** Guest answers of this GET route may be cached server-side. */
    guestCache?: boolean;
    /** Skips the signature check (calls made before the client knows the server time). */
    signatureExempt?: boolean;
    /** Operational routes: no country gate, no signature, no rate limit. */
    operational?: boolean;
  }
}

function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  const wanted = value?.trim().slice(0, 2).toLowerCase();
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(wanted ?? '') ? (wanted as Language) : 'ru';
}

export function hostOf(originOrHost: string): string {
  return originOrHost
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

export function registerRequestContext(
  app: FastifyInstance,
  options: { siteOrigin: string; allowedDomains: string[]; countryHeader: string },
): void {
  const mainDomain = hostOf(options.siteOrigin);
  const allowed = new Set(options.allowedDomains.map(hostOf));
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.headers['auth-token'];
    const query = request.query as Record<string, unknown> | undefined;
    const domainParam = typeof query?.domain === 'string' ? hostOf(query.domain) : undefined;
    const country = request.headers[options.countryHeader];
    request.ctx = {
      authToken: typeof token === 'string' && token.length > 0 ? token : null,
      language: languageOf(request.headers['content-language']),
      siteDomain: domainParam && allowed.has(domainParam) ? domainParam : mainDomain,
      country: typeof country === 'string' && country.length > 0 ? country.trim().toUpperCase() : null,
    };
  });
}
