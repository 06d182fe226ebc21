import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginLookupBody,
  lookupEmailBody,
  lookupPhoneBody,
  lookupResponse,
  tokenResponse,
} from '@kometa/contracts';
import type { AccountsService } from './accounts.service.ts';
import { metaOf, publicCall } from './route-helpers.ts';

/** The lookup login's two steps (spec §4). */
export function signInRoutes(service: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Step one by e-mail or by phone: the same call, the login typed differently.
    const lookups = [
      { kind: 'email', by: 'e-mail', body: lookupEmailBody },
      { kind: 'phone', by: 'phone', body: lookupPhoneBody },
    ] as const;
    for (const { kind, by, body } of lookups) {
      app.post(
        `/lookup/${kind}`,
        publicCall({ summary: `Lookup login, step one, by ${by}`, body, response: lookupResponse }),
        async (request) => {
          const typed = request.body;
          const login = 'email' in typed ? typed.email : typed.phone;
          return { data: await service.lookup(kind, login, typed.password, metaOf(request)) };
        },
      );
    }
    app.post(
      '/login/lookup',
      publicCall({
        summary: 'Lookup login, step two: a session token',
        body: loginLookupBody,
        response: tokenResponse,
      }),
      async (request) => {
        const { lookup, password, twoFactorCode } = request.body;
        return { data: await service.login(lookup, password, twoFactorCode, metaOf(request)) };
      },
    );
  };
}
