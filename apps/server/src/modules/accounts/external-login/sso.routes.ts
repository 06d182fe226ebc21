import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { LOGIN_TOKEN_TTL_SECONDS, dataEnvelope, successResult, tokenResponse } from '@kometa/contracts';
import type { Cache } from '../../../platform/cache/cache.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { TrackingService } from '../../tracking/index.ts';
import { metaOf, playerCalls, publicCall } from '../route-helpers.ts';
import type { Authenticated } from '../accounts.service.ts';
import type { TokenLoginService } from './token-login.service.ts';

const trackBody = z.strictObject({ trackId: z.string().min(10).max(128) });

/**
 * Single sign-on auto-login (spec §3 "track id for single sign-on"): a logged-in site stores a one-time
 * login token under the browser's track id (from GET /track, kept on the tracking domain); another of
 * the operator's sites in the same browser redeems it once, within two minutes, for its own session.
 */
export function ssoRoutes(deps: {
  tokenLogin: TokenLoginService;
  tracking: TrackingService;
  cache: Cache;
  authenticated: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(deps.authenticated);
    const key = (trackId: string) => `sso:${trackId}`;
    const ownTrackId = (trackId: string) => {
      if (!deps.tracking.isOwnTrackId(trackId))
        throw new AppError('VALIDATION_ERROR', { fields: { trackId: 'errors.invalid' } });
    };
    app.post(
      '/users/self/sso',
      playerCall({
        summary: 'Offer single sign-on to the operator’s other sites for this track id',
        body: trackBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        ownTrackId(request.body.trackId);
        const { token } = await deps.tokenLogin.issue(request.auth as Authenticated, metaOf(request));
        await deps.cache.set(key(request.body.trackId), token, LOGIN_TOKEN_TTL_SECONDS * 1000);
        return { data: { success: true as const } };
      },
    );
    app.post(
      '/login/sso',
      publicCall({
        summary: 'Single sign-on: a session for the login offered under this track id (once)',
        body: trackBody,
        response: tokenResponse,
      }),
      async (request) => {
        ownTrackId(request.body.trackId);
        const token = await deps.cache.get(key(request.body.trackId));
        if (!token) throw new AppError('BAD_CREDENTIALS');
        await deps.cache.delete(key(request.body.trackId));
        return { data: await deps.tokenLogin.exchange(token, metaOf(request)) };
      },
    );
  };
}
