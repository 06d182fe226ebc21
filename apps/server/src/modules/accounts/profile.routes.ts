import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  counterName,
  counterResponse,
  countersResponse,
  denominationBody,
  profileSettingsBody,
  userResponse,
  type User,
  type UserWallet,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { AccountsService, Authenticated } from './accounts.service.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import { playerCalls } from './route-helpers.ts';

/** The player's wallets, from the wallet module (injected: accounts never imports it). */
export type WalletsOf = (userId: number, currency: CurrencyCode) => Promise<UserWallet[]>;
/** Player protection's part of the User (limits and their schedule), from the protection module. */
export type ProtectionOf = (
  userId: number,
  currency: CurrencyCode,
) => Promise<Pick<User, 'limits' | 'limitsSchedule' | 'verificationForm'>>;

/** The signed-in player's User, its settings and chip value, and the header counters. */
export function profileRoutes(deps: {
  service: AccountsService;
  confirmation: ConfirmationService;
  walletsOf: WalletsOf;
  protectionOf?: ProtectionOf | undefined;
  /** Whether the extended profile is complete (ADR 040). */
  profileFilled: (userId: number) => Promise<boolean>;
  authenticated: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { service, confirmation, walletsOf, protectionOf, profileFilled } = deps;
  /** The whole User of spec §3: profile, confirmation waits and wallets. */
  const present = async (auth: Authenticated) => {
    const [status, wallets, protection, filled] = await Promise.all([
      confirmation.status(auth.user.id),
      walletsOf(auth.user.id, auth.user.currency as CurrencyCode),
      protectionOf?.(auth.user.id, auth.user.currency as CurrencyCode),
      profileFilled(auth.user.id),
    ]);
    return {
      ...service.self(auth, wallets),
      ...protection,
      ...status,
      extendedProfileFilled: filled,
      isExtendedProfileFilledUser: filled,
    };
  };
  return async (app) => {
    const playerCall = playerCalls(deps.authenticated);
    app.get(
      '/users/self',
      playerCall({ summary: 'The logged-in player', response: userResponse }),
      async (request) => ({ data: await present(authOf(request)) }),
    );
    app.patch(
      '/users/self/settings',
      playerCall({
        summary: 'Profile settings (auto-logout, locale)',
        body: profileSettingsBody,
        response: userResponse,
      }),
      async (request) => ({
        data: await present(await service.updateSettings(authOf(request), request.body)),
      }),
    );
    app.put(
      '/users/self/denomination',
      playerCall({
        summary: 'Save the chip value (minor units); the previous one becomes the default',
        body: denominationBody,
        response: userResponse,
      }),
      async (request) => ({
        data: await present(await service.setDenomination(authOf(request), request.body.denomination)),
      }),
    );
    app.post(
      '/users/self/denomination/restore',
      playerCall({ summary: 'Restore the default chip value', response: userResponse }),
      async (request) => ({ data: await present(await service.restoreDenomination(authOf(request))) }),
    );

    const counterParams = z.strictObject({ name: counterName });
    app.get(
      '/users/self/counters',
      playerCall({ summary: 'Header counters', response: countersResponse }),
      async (request) => ({ data: await service.counters(authOf(request)) }),
    );
    app.get(
      '/users/self/counters/:name',
      playerCall({ summary: 'One header counter', params: counterParams, response: counterResponse }),
      async (request) => {
        const { name } = request.params;
        const all = await service.counters(authOf(request));
        return { data: all.find((c) => c.name === name) ?? { name, value: 0 } };
      },
    );
    app.put(
      '/users/self/counters/:name/reset',
      playerCall({ summary: 'Reset a header counter', params: counterParams, response: counterResponse }),
      async (request) => ({ data: await service.resetCounter(authOf(request), request.params.name) }),
    );
  };
}
