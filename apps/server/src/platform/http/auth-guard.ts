import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/**
 * What a signed-in request carries. The platform knows nothing of players: the accounts module,
 * which authenticates them, declares the fields by declaration merging
 * (`declare module '…/auth-guard.ts' { interface RequestAuth extends Authenticated {} }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the accounts module
export interface RequestAuth {}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on routes that need a signed-in player. */
    auth?: RequestAuth;
  }
}

/** Turns the request's session token into the signed-in player, or throws the 401 AppError. */
export type Authenticate = (token: string | null) => Promise<RequestAuth>;

/**
 * The preHandler for routes that need a signed-in player (ARCHITECTURE.md: the auth guard is
 * platform). The accounts module supplies `authenticate`; the composition passes the guard to every
 * module's routes.
 */
export function authGuard(authenticate: Authenticate): preHandlerAsyncHookHandler {
  return async (request) => {
    request.auth = await authenticate(request.ctx.authToken);
  };
}

/** The signed-in player of a route behind the guard (a programming error on a route without it). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error('route is missing the auth guard');
  return request.auth;
}
