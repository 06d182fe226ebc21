import { ADMIN_PREFIX, CSRF_HEADER } from '@kometa/contracts';

/** An answer of the operator API that was not a success: its status and message key. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

/**
 * The session's CSRF token, kept in memory only (ADR 028): the session itself is an HttpOnly cookie the
 * scripts never see; the token proves a change comes from this app.
 */
let csrfToken = '1';
export const setCsrfToken = (token: string | null) => {
  csrfToken = token ?? '1';
};

/** What happens when any call finds the session gone (the app goes back to sign-in). */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (listener: () => void) => {
  onSignedOut = listener;
};

type Query = Record<string, string | number | undefined | null>;

export const queryString = (query: Query = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Calls the operator API on this origin (cookie sent by the browser, CSRF token added on changes). */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; signIn?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ADMIN_PREFIX}${path}${queryString(options.query)}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'GET' ? {} : { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken }),
      },
      ...(options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : method === 'GET'
          ? {}
          : { body: '{}' }),
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  const json = (await response.json().catch(() => ({}))) as {
    data?: T;
    error?: { message?: string; fields?: Record<string, string> };
  };
  if (!response.ok) {
    if (response.status === 401 && !options.signIn) onSignedOut();
    throw new ApiError(response.status, json.error?.message ?? 'errors.internal', json.error?.fields ?? {});
  }
  return json.data as T;
}

/** A CSV export's address (a plain link: the browser downloads it with the session cookie). */
export const exportUrl = (path: string, query: Query) => `${ADMIN_PREFIX}${path}${queryString(query)}`;
