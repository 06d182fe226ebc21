import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AdminMessage, CSRF_HEADER, OPERATOR_COOKIE, type AdminAccess } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { sameSecret } from '../../platform/secrets.ts';
import type { Actor, SignedInOperator } from './actor.ts';
import type { OperatorsService } from './operators.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of an operator call (set by requireOperator). */
    operator?: SignedInOperator;
  }
}

/** The operator's session token from the request's cookie, if any. */
export function operatorToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === OPERATOR_COOKIE)
      return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** The session cookie (ADR 028): HttpOnly, SameSite=Strict, only sent to the operator API. */
export function setOperatorCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const value = token === null ? '; Max-Age=0' : '';
  void reply.header(
    'set-cookie',
    `${OPERATOR_COOKIE}=${token ?? ''}; Path=/api/admin; HttpOnly; SameSite=Strict${secure}${value}`,
  );
}

export const actorOf = (request: FastifyRequest): Omit<Actor, 'id' | 'email'> => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

/** The operator of a guarded route (a programming error on a route without the guard). */
export function operatorOf(request: FastifyRequest): SignedInOperator {
  if (!request.operator) throw new Error('operator route without requireOperator');
  return request.operator;
}

const changes = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * The guard of every operator call, run before the body is even parsed: a live operator session
 * (else 401), the session's CSRF token on every call that changes something, and the call's permission
 * (else 403). Sign-in steps need only a CSRF header, which a cross-site form cannot send.
 */
export function requireOperator(service: OperatorsService, access: AdminAccess): onRequestAsyncHookHandler {
  if (access === 'signIn') {
    return async (request) => {
      if (changes(request) && !request.headers[CSRF_HEADER]) {
        throw new AppError('FORBIDDEN', { message: AdminMessage.csrf });
      }
    };
  }
  return async (request) => {
    const operator = await service.authenticate(operatorToken(request), actorOf(request));
    if (changes(request)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, operator.csrfToken)) {
        throw new AppError('FORBIDDEN', { message: AdminMessage.csrf });
      }
    }
    if (access !== 'signedIn' && !operator.permissions.includes(access)) throw new AppError('FORBIDDEN');
    request.operator = operator;
  };
}
