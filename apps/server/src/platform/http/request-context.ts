import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { EdgeStep } from './edge.ts';
import { requestLogger, type Logger } from '../logger.ts';

export const SUPPORTED_LANGUAGES = ['ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export interface RequestContext {
  /** The Auth-Token header, when the client sent one (resolved to a session by the accounts module). */
  authToken: string | null;
  language: Language;
  /** The operator domain the request is for: the `domain` parameter when allowed, else the main site. */
  siteDomain: string;
  /**
   * The site address the player is on (scheme and host, as the site host forwards them), when it is
   * one of the operator's domains (SITE_ORIGIN, ALLOWED_DOMAINS); else SITE_ORIGIN. Links back to the
   * site (after a payment, a game's lobby and cashier, e-mails) use it (ADR 041).
   */
  siteOrigin: string;
  country: string | null;
  /** The matched route's config and path, read once (Fastify builds routeOptions anew on each read). */
  route: FastifyContextConfig;
  routeUrl: string | undefined;
  /** This request's logger (bound to its id); use it instead of request.log, which is silent. */
  readonly log: Logger;
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
    /**
     * Calls from partners' servers (payment and game providers) that prove themselves with their own
     * signature: no country gate, no web-client signature, no per-IP rate limit (a provider sends
     * thousands of calls a minute from a few addresses; unsigned calls are refused at once).
     */
    partner?: boolean;
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

class Context implements RequestContext {
  #log: Logger | undefined;
  constructor(
    private readonly root: Logger,
    private readonly requestId: string,
    readonly route: FastifyContextConfig,
    readonly routeUrl: string | undefined,
    readonly authToken: string | null,
    readonly language: Language,
    readonly siteDomain: string,
    readonly siteOrigin: string,
    readonly country: string | null,
  ) {}

  /** Built on first use: most requests never log. */
  get log(): Logger {
    this.#log ??= requestLogger(this.root, this.requestId);
    return this.#log;
  }
}

export function decorateRequestContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
}

/** The first edge step: who is asking, in which language, for which domain and route. */
export function requestContextStep(options: {
  siteOrigin: string;
  allowedDomains: string[];
  countryHeader: string;
  log: Logger;
}): EdgeStep {
  const mainDomain = hostOf(options.siteOrigin);
  const allowed = new Set(options.allowedDomains.map(hostOf));
  const mainOrigin = options.siteOrigin.replace(/\/+$/, '');
  /** Each operator host and its origin as configured (a bare host takes the request's scheme). */
  const operatorOrigins = new Map<string, string | null>(
    [options.siteOrigin, ...options.allowedDomains].map((entry) => [
      hostOf(entry),
      /^[a-z][a-z0-9+.-]*:\/\//i.test(entry.trim()) ? entry.trim().replace(/\/+$/, '') : null,
    ]),
  );
  /** The visitor's address (Host, or X-Forwarded-Host from a trusted proxy) when it is the operator's. */
  const siteOriginOf = (host: string, protocol: string): string => {
    const visited = hostOf(host);
    if (!operatorOrigins.has(visited)) return mainOrigin;
    return operatorOrigins.get(visited) ?? `${protocol}://${visited}`;
  };
  /**
   * The operator's other domains say which site a call is for with `domain`, or with `referer` (the
   * page's URL) when they call the API cross-domain; only listed domains are honoured.
   */
  const siteDomainOf = (domain: unknown, referer: unknown): string | undefined => {
    if (typeof domain === 'string') {
      const host = hostOf(domain);
      if (allowed.has(host)) return host;
    }
    if (typeof referer === 'string') {
      const host = hostOf(referer).split('/', 1)[0] ?? '';
      if (allowed.has(host)) return host;
    }
    return undefined;
  };
  return (request) => {
    const headers = request.headers;
    const token = headers['auth-token'];
    const query = request.query as Record<string, unknown> | undefined;
    const siteDomain = query ? siteDomainOf(query.domain, query.referer) : undefined;
    const country = headers[options.countryHeader];
    const routeOptions = request.routeOptions;
    request.ctx = new Context(
      options.log,
      request.id,
      routeOptions.config,
      routeOptions.url,
      typeof token === 'string' && token.length > 0 ? token : null,
      languageOf(headers['content-language']),
      siteDomain ?? mainDomain,
      siteOriginOf(request.host, request.protocol),
      typeof country === 'string' && country.length > 0 ? country.trim().toUpperCase() : null,
    );
    return undefined;
  };
}
