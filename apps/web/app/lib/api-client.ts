import { queryString, type QueryValue } from './query-string.ts';
import { signPath } from './signature.ts';

export const API_PREFIX = '/api/v18';

/** The envelope's error (spec §7, ADR 004): a numeric code and a message key the site translates. */
export interface ApiErrorBody {
  code: number;
  message: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}

/** What a call answers: 200 and 4xx are answers the caller reads (spec §7); 5xx throws. */
export interface ApiResponse<T> {
  status: number;
  data?: T;
  error?: ApiErrorBody;
  headers: Headers;
}

export class ApiUnavailable extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`the API answered ${status} to ${path}`);
    this.name = 'ApiUnavailable';
  }
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); the API's address on the server. */
  baseUrl: string;
  fetch: typeof fetch;
  token: () => string | null;
  /** A refreshed token (or null when the session is gone). */
  setToken: (token: string | null) => void;
  language: () => string;
  signatureKey: () => string | null;
  userAgent: () => string;
  /** The server's clock (the client's plus the offset GET /time gave). */
  serverNow: () => number;
  /** The disable-cache cookie is set: GETs carry cacheKey (spec §7). */
  bypassCache?: () => boolean;
  /** The refresh failed: the session is reset and the login modal opens (spec §4). */
  onSessionLost?: () => void;
  /** 403 with reason 'suspicious activity' for a player: the anti-fraud popup, no refresh. */
  onSuspicious?: () => void;
  /** 451: the restricted-region (remarketing) mode. */
  onRestricted?: () => void;
}

/** Calls that never trigger a refresh on 401 (spec §7): logging in is what makes a token. */
const REFRESH_EXEMPT = ['/login', '/lookup', '/oauth', '/users/self/refreshToken'];

/**
 * The player API's client (spec §7, §4, §8): JSON, Auth-Token, Content-Language and the signature on
 * every call; on 401 or 403 one token refresh, with concurrent calls waiting for it and replayed with
 * the new token; a failed refresh resets the session.
 */
export function createApiClient(options: ApiClientOptions) {
  let refreshing: Promise<string | null> | null = null;

  async function send<T>(
    method: string,
    path: string,
    query: Record<string, QueryValue> | undefined,
    body: unknown,
    token: string | null,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const fullPath = `${API_PREFIX}${path}`;
    const cacheKey = method === 'GET' && options.bypassCache?.() ? { cacheKey: Date.now() } : {};
    const url = `${options.baseUrl}${fullPath}${queryString({ ...query, ...cacheKey })}`;
    const key = options.signatureKey();
    const multipart = body instanceof FormData;
    const headers: Record<string, string> = {
      // A multipart body (a document upload) carries its own content type with the boundary.
      ...(multipart ? {} : { 'content-type': 'application/json' }),
      'content-language': options.language(),
      ...(token ? { 'auth-token': token } : {}),
      ...(key ? await signPath(key, fullPath, options.userAgent(), options.serverNow()) : {}),
      ...extraHeaders,
    };
    const response = await options.fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) }),
    });
    if (response.status >= 500) throw new ApiUnavailable(response.status, fullPath);
    const text = await response.text();
    const json = text ? (JSON.parse(text) as { data?: T; error?: ApiErrorBody }) : {};
    return {
      status: response.status,
      headers: response.headers,
      ...(json.data === undefined ? {} : { data: json.data }),
      ...(json.error === undefined ? {} : { error: json.error }),
    };
  }

  /** One refresh at a time: every caller that meets a 401 waits for the same one. */
  function refresh(expired: string): Promise<string | null> {
    refreshing ??= (async () => {
      try {
        const answer = await send<{ token: string }>(
          'POST',
          '/users/self/refreshToken',
          undefined,
          {},
          expired,
        );
        const token = answer.status === 200 ? (answer.data?.token ?? null) : null;
        options.setToken(token);
        if (!token) options.onSessionLost?.();
        return token;
      } catch {
        // The API is down: keep the session, the call's own answer stands.
        return expired;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    init: { query?: Record<string, QueryValue>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    // A call made while a refresh runs waits for its token.
    const token = refreshing ? await refreshing : options.token();
    const answer = await send<T>(method, path, init.query, init.body, token, init.headers);
    if (answer.status === 451) options.onRestricted?.();
    if (answer.status !== 401 && answer.status !== 403) return answer;
    if (!token || REFRESH_EXEMPT.some((prefix) => path.startsWith(prefix))) return answer;
    if (answer.status === 403 && answer.headers.get('reason')?.toLowerCase() === 'suspicious activity') {
      options.onSuspicious?.();
      return answer;
    }
    const renewed = await refresh(token);
    if (!renewed || renewed === token) return answer;
    return send<T>(method, path, init.query, init.body, renewed, init.headers);
  }

  return {
    request,
    get: <T>(path: string, query?: Record<string, QueryValue>) =>
      request<T>('GET', path, query ? { query } : {}),
    post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>('POST', path, { body: body ?? {}, ...(headers ? { headers } : {}) }),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body: body ?? {} }),
    /** A multipart form (a document upload), sent as it is. */
    upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
