import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  changePasswordBody,
  commonQuery,
  counterName,
  counterResponse,
  countersResponse,
  dataEnvelope,
  denominationBody,
  profileSettingsBody,
  recoveryCodesResponse,
  twoFactorBeginBody,
  twoFactorBeginResponse,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorStatusResponse,
  loginLookupBody,
  lookupEmailBody,
  lookupPhoneBody,
  lookupResponse,
  registrationBody,
  sessionsResponse,
  successResult,
  tokenResponse,
  userResponse,
  type User,
  type UserWallet,
} from '@kometa/contracts';
import type { AccountsService, Authenticated, RequestMeta } from './accounts.service.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import type { TelegramService } from './telegram.service.ts';
import type { OAuthService } from './oauth.service.ts';
import type { CurrencyCode } from '@kometa/money';

/** The player's wallets, from the wallet module (injected: accounts never imports it). */
export type WalletsOf = (userId: number, currency: CurrencyCode) => Promise<UserWallet[]>;
/** Player protection's part of the User (limits and their schedule), from the protection module. */
export type ProtectionOf = (
  userId: number,
  currency: CurrencyCode,
) => Promise<Pick<User, 'limits' | 'limitsSchedule' | 'verificationForm'>>;
import { AppError } from '../../platform/http/app-error.ts';
import { TelegramMessage } from '@kometa/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on routes that need a logged-in player. */
    auth?: Authenticated;
  }
}

export function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  const verification = request.headers['verification-token'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    verificationToken: typeof verification === 'string' ? verification.slice(0, 1024) : null,
  };
}

/** preHandler for routes that need a logged-in player: 401 AUTHENTICATION otherwise. */
export function requireUser(service: AccountsService): preHandlerAsyncHookHandler {
  return async (request) => {
    request.auth = await service.authenticate(request.ctx.authToken);
  };
}

export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('route is missing requireUser');
  return request.auth;
}

export function accountsRoutes(
  service: AccountsService,
  confirmation: ConfirmationService,
  telegram: TelegramService,
  oauth: OAuthService,
  walletsOf: WalletsOf,
  protectionOf?: ProtectionOf,
): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = requireUser(service);
    /** The whole User of spec §3: profile, confirmation waits and wallets. */
    const present = async (auth: Authenticated) => {
      const [status, wallets, protection] = await Promise.all([
        confirmation.status(auth.user.id),
        walletsOf(auth.user.id, auth.user.currency as CurrencyCode),
        protectionOf?.(auth.user.id, auth.user.currency as CurrencyCode),
      ]);
      return { ...service.self(auth, wallets), ...protection, ...status };
    };
    const tags = ['accounts'];

    app.post(
      '/registration',
      {
        schema: {
          tags,
          summary: 'Register by e-mail or phone; logs the player in',
          querystring: commonQuery,
          body: registrationBody,
          response: { 200: tokenResponse },
        },
      },
      async (request) => {
        // A telegramToken (from POST /login/telegram) is checked before the account exists, linked after.
        // So is an oauthToken (from POST /lookup/oauth).
        const { telegramToken, oauthToken } = request.body;
        if (telegramToken !== undefined && !telegram.readLinkToken(telegramToken)) {
          throw new AppError('VALIDATION_ERROR', { fields: { telegramToken: TelegramMessage.invalid } });
        }
        if (oauthToken !== undefined) oauth.checkLinkToken(oauthToken);
        const meta = metaOf(request);
        const { token, user } = await service.register(request.body, meta);
        if (telegramToken !== undefined) await telegram.linkWithToken(user.id, telegramToken);
        if (oauthToken !== undefined) await oauth.linkWithToken(user.id, oauthToken, meta);
        // Registered by e-mail: the confirmation link is sent at once (spec §4 confirm e-mail popup).
        await confirmation.afterRegistration(user, meta);
        return { data: { token } };
      },
    );
    app.post(
      '/lookup/email',
      {
        schema: {
          tags,
          summary: 'Lookup login, step one, by e-mail',
          querystring: commonQuery,
          body: lookupEmailBody,
          response: { 200: lookupResponse },
        },
      },
      async (request) => ({
        data: await service.lookup('email', request.body.email, request.body.password, metaOf(request)),
      }),
    );
    app.post(
      '/lookup/phone',
      {
        schema: {
          tags,
          summary: 'Lookup login, step one, by phone',
          querystring: commonQuery,
          body: lookupPhoneBody,
          response: { 200: lookupResponse },
        },
      },
      async (request) => ({
        data: await service.lookup('phone', request.body.phone, request.body.password, metaOf(request)),
      }),
    );
    app.post(
      '/login/lookup',
      {
        schema: {
          tags,
          summary: 'Lookup login, step two: a session token',
          querystring: commonQuery,
          body: loginLookupBody,
          response: { 200: tokenResponse },
        },
      },
      async (request) => ({
        data: await service.login(
          request.body.lookup,
          request.body.password,
          request.body.twoFactorCode,
          metaOf(request),
        ),
      }),
    );
    app.post(
      '/users/self/refreshToken',
      {
        schema: {
          tags,
          summary: 'A new token for a live session (the old one stops working)',
          querystring: commonQuery,
          response: { 200: tokenResponse },
        },
      },
      async (request) => ({ data: await service.refresh(request.ctx.authToken, metaOf(request)) }),
    );
    app.post(
      '/users/self/logout',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'End this session',
          querystring: commonQuery,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.logout(authOf(request), metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.get(
      '/users/self',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The logged-in player',
          querystring: commonQuery,
          response: { 200: userResponse },
        },
      },
      async (request) => {
        return { data: await present(authOf(request)) };
      },
    );
    app.put(
      '/users/self/password',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Change password (old must match); ends every other session',
          querystring: commonQuery,
          body: changePasswordBody,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.changePassword(
          authOf(request),
          request.body.oldPassword,
          request.body.newPassword,
          metaOf(request),
        );
        return { data: { success: true as const } };
      },
    );
    app.get(
      '/users/self/two-factor',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Whether two-factor authentication is on for the player',
          querystring: commonQuery,
          response: { 200: twoFactorStatusResponse },
        },
      },
      async (request) => ({ data: { enabled: await service.twoFactorEnabled(authOf(request)) } }),
    );
    app.post(
      '/users/self/two-factor',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Start two-factor setup (password again): secret, otpauth URL, QR code',
          querystring: commonQuery,
          body: twoFactorBeginBody,
          response: { 200: twoFactorBeginResponse },
        },
      },
      async (request) => ({
        data: await service.beginTwoFactor(authOf(request), request.body.password, metaOf(request)),
      }),
    );
    app.post(
      '/users/self/two-factor/confirm',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Confirm two-factor with a first code; answers the recovery codes once',
          querystring: commonQuery,
          body: twoFactorConfirmBody,
          response: { 200: recoveryCodesResponse },
        },
      },
      async (request) => ({
        data: {
          recoveryCodes: await service.confirmTwoFactor(authOf(request), request.body.code, metaOf(request)),
        },
      }),
    );
    app.delete(
      '/users/self/two-factor',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Turn two-factor off (password and a code)',
          querystring: commonQuery,
          body: twoFactorDisableBody,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.disableTwoFactor(
          authOf(request),
          request.body.password,
          request.body.code,
          metaOf(request),
        );
        return { data: { success: true as const } };
      },
    );
    app.patch(
      '/users/self/settings',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Profile settings (auto-logout, locale)',
          querystring: commonQuery,
          body: profileSettingsBody,
          response: { 200: userResponse },
        },
      },
      async (request) => ({
        data: await present(await service.updateSettings(authOf(request), request.body)),
      }),
    );
    app.put(
      '/users/self/denomination',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Save the chip value (minor units); the previous one becomes the default',
          querystring: commonQuery,
          body: denominationBody,
          response: { 200: userResponse },
        },
      },
      async (request) => ({
        data: await present(await service.setDenomination(authOf(request), request.body.denomination)),
      }),
    );
    app.post(
      '/users/self/denomination/restore',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Restore the default chip value',
          querystring: commonQuery,
          response: { 200: userResponse },
        },
      },
      async (request) => ({ data: await present(await service.restoreDenomination(authOf(request))) }),
    );
    const counterParams = z.strictObject({ name: counterName });
    app.get(
      '/users/self/counters',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Header counters',
          querystring: commonQuery,
          response: { 200: countersResponse },
        },
      },
      async (request) => ({ data: await service.counters(authOf(request)) }),
    );
    app.get(
      '/users/self/counters/:name',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'One header counter',
          params: counterParams,
          querystring: commonQuery,
          response: { 200: counterResponse },
        },
      },
      async (request) => {
        const all = await service.counters(authOf(request));
        return {
          data: all.find((c) => c.name === request.params.name) ?? { name: request.params.name, value: 0 },
        };
      },
    );
    app.put(
      '/users/self/counters/:name/reset',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Reset a header counter',
          params: counterParams,
          querystring: commonQuery,
          response: { 200: counterResponse },
        },
      },
      async (request) => ({ data: await service.resetCounter(authOf(request), request.params.name) }),
    );
    app.get(
      '/users/self/sessions',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The player’s live sessions',
          querystring: commonQuery,
          response: { 200: sessionsResponse },
        },
      },
      async (request) => ({ data: await service.sessions(authOf(request)) }),
    );
    app.delete(
      '/users/self/sessions/others',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'End every other session',
          querystring: commonQuery,
          response: { 200: dataEnvelope(z.object({ ended: z.number().int() })) },
        },
      },
      async (request) => ({
        data: { ended: await service.endOtherSessions(authOf(request), metaOf(request)) },
      }),
    );
  };
}
