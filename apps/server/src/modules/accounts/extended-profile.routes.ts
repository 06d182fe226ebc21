import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { extendedProfileBody, extendedProfileResponse } from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { ExtendedProfileService } from './extended-profile.service.ts';
import { playerCalls } from './route-helpers.ts';

/** The signed-in player's extended profile (ADR 040). */
export function extendedProfileRoutes(
  service: ExtendedProfileService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.get(
      '/users/self/extended-profile',
      playerCall({ summary: "The player's extended profile", response: extendedProfileResponse }),
      async (request) => ({ data: await service.get(authOf(request).user.id) }),
    );
    app.put(
      '/users/self/extended-profile',
      playerCall({
        summary: 'Fill or edit the extended profile; completing it the first time gives its gift',
        body: extendedProfileBody,
        response: extendedProfileResponse,
      }),
      async (request) => ({ data: await service.save(authOf(request).user.id, request.body) }),
    );
  };
}
