import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  OAuthMessage,
  dataEnvelope,
  oauthLinkBody,
  oauthLinksResponse,
  oauthLookupBody,
  oauthLookupQuery,
  oauthLookupResponse,
  oauthProviderId,
  successResult,
} from '@kometa/contracts';
import { AppError } from '../../../platform/http/app-error.ts';
import { authOf } from '../../../platform/http/auth-guard.ts';
import { metaOf, playerCalls, publicCall } from '../route-helpers.ts';
import type { AccountsService } from '../accounts.service.ts';
import type { OAuthService } from './oauth.service.ts';

/** The provider's callback parameters the relying party checks (RFC 6749 §4.1.2, RFC 9207 `iss`). */
const CALLBACK_PARAMS = ['code', 'state', 'iss'] as const;

export function oauthRoutes(
  service: OAuthService,
  accounts: AccountsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.post(
      '/lookup/oauth',
      publicCall({
        summary:
          'Social login (OpenID Connect): provider → redirect_url; code+state → token, two-factor or oauthToken; token+twoFactorCode → token',
        querystring: oauthLookupQuery,
        body: oauthLookupBody,
        response: oauthLookupResponse,
      }),
      async (request) => {
        const { query } = request;
        const body = request.body ?? {};
        const meta = metaOf(request);
        if (body.token !== undefined && body.twoFactorCode !== undefined) {
          return { data: await accounts.loginWithSecondFactor(body.token, body.twoFactorCode, meta) };
        }
        if (query.error !== undefined)
          throw new AppError('VALIDATION_ERROR', { message: OAuthMessage.denied });
        if (query.code !== undefined || query.state !== undefined) {
          const callback: Record<string, string> = {};
          for (const name of CALLBACK_PARAMS) {
            const value = query[name];
            if (value !== undefined) callback[name] = value;
          }
          return { data: await service.complete(callback, body.referralCode ?? null, meta) };
        }
        if (query.provider !== undefined) {
          return { data: await service.begin(query.provider, body.referralCode ?? null) };
        }
        throw new AppError('VALIDATION_ERROR', { fields: { provider: OAuthMessage.unknownProvider } });
      },
    );
    app.get(
      '/users/self/oauth',
      playerCall({ summary: 'The social identities linked to the player', response: oauthLinksResponse }),
      async (request) => ({ data: await service.links(authOf(request).user.id) }),
    );
    app.put(
      '/users/self/oauth',
      playerCall({
        summary: 'Link the social identity an oauthToken names',
        body: oauthLinkBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.linkWithToken(authOf(request).user.id, request.body.oauthToken, metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.delete(
      '/users/self/oauth/:provider',
      playerCall({
        summary: 'Unlink a social identity',
        params: z.strictObject({ provider: oauthProviderId }),
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.unlink(authOf(request).user.id, request.params.provider, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
