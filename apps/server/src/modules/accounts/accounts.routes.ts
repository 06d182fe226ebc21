import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { authGuard } from '../../platform/http/auth-guard.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import type { AccountsService, Authenticated } from './accounts.service.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import type { OAuthService } from './external-login/oauth.service.ts';
import type { TelegramService } from './external-login/telegram.service.ts';
import { profileRoutes, type ProtectionOf, type WalletsOf } from './profile.routes.ts';
import { registrationRoutes } from './registration.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { signInRoutes } from './sign-in.routes.ts';

export type { ProtectionOf, WalletsOf } from './profile.routes.ts';

declare module '../../platform/http/auth-guard.ts' {
  /** A signed-in request carries its player, session and roles (set by the platform's auth guard). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging, not a new type
  interface RequestAuth extends Authenticated {}
}

/** The platform's auth guard over this module's sessions: 401 AUTHENTICATION without a live one. */
export function requireUser(service: AccountsService): preHandlerAsyncHookHandler {
  return authGuard((token) => service.authenticate(token));
}

/** The module's own calls, a file per use case: registration, sign-in, sessions, security, profile. */
export function accountsRoutes(
  service: AccountsService,
  confirmation: ConfirmationService,
  telegram: TelegramService,
  oauth: OAuthService,
  walletsOf: WalletsOf,
  protectionOf: ProtectionOf | undefined,
  profileFilled: (userId: number) => Promise<boolean>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = requireUser(service);
    await app.register(registrationRoutes({ service, confirmation, telegram, oauth }));
    await app.register(signInRoutes(service));
    await app.register(sessionsRoutes(service, authenticated));
    await app.register(accountSecurityRoutes(service, authenticated));
    await app.register(
      profileRoutes({ service, confirmation, walletsOf, protectionOf, profileFilled, authenticated }),
    );
  };
}
