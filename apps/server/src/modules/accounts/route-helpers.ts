import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { RequestMeta } from './sessions.service.ts';

/** What the services record of a request: its address, its browser and its Verification-Token, bounded. */
export function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  const verification = request.headers['verification-token'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    verificationToken: typeof verification === 'string' ? verification.slice(0, 1024) : null,
    country: request.ctx.country,
    siteOrigin: request.ctx.siteOrigin,
  };
}

const tags = ['accounts'];

/** The options of a call anyone may make (the API documentation lists it under accounts). */
export const publicCall = routeOptions({ tags });

/** The options of a signed-in player's calls: behind the auth guard over this module's sessions. */
export const playerCalls = (authenticated: preHandlerAsyncHookHandler) =>
  routeOptions({ tags, preHandler: authenticated });
