import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  changePasswordBody,
  dataEnvelope,
  recoveryCodesResponse,
  successResult,
  twoFactorBeginBody,
  twoFactorBeginResponse,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorStatusResponse,
} from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { AccountsService } from './accounts.service.ts';
import { metaOf, playerCalls } from './route-helpers.ts';

/** The password and two-factor authentication of a signed-in player. */
export function accountSecurityRoutes(
  service: AccountsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.put(
      '/users/self/password',
      playerCall({
        summary: 'Change password (old must match); ends every other session',
        body: changePasswordBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        const { oldPassword, newPassword } = request.body;
        await service.changePassword(authOf(request), oldPassword, newPassword, metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.get(
      '/users/self/two-factor',
      playerCall({
        summary: 'Whether two-factor authentication is on for the player',
        response: twoFactorStatusResponse,
      }),
      async (request) => ({ data: { enabled: await service.twoFactorEnabled(authOf(request)) } }),
    );
    app.post(
      '/users/self/two-factor',
      playerCall({
        summary: 'Start two-factor setup (password again): secret, otpauth URL, QR code',
        body: twoFactorBeginBody,
        response: twoFactorBeginResponse,
      }),
      async (request) => ({
        data: await service.beginTwoFactor(authOf(request), request.body.password, metaOf(request)),
      }),
    );
    app.post(
      '/users/self/two-factor/confirm',
      playerCall({
        summary: 'Confirm two-factor with a first code; answers the recovery codes once',
        body: twoFactorConfirmBody,
        response: recoveryCodesResponse,
      }),
      async (request) => ({
        data: {
          recoveryCodes: await service.confirmTwoFactor(authOf(request), request.body.code, metaOf(request)),
        },
      }),
    );
    app.delete(
      '/users/self/two-factor',
      playerCall({
        summary: 'Turn two-factor off (password and a code)',
        body: twoFactorDisableBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        const { password, code } = request.body;
        await service.disableTwoFactor(authOf(request), password, code, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
