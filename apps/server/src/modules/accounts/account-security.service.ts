import { AccountMessage } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AuthAudit } from './auth-audit.ts';
import { passwordProblem, type PasswordHasher } from './password.ts';
import type { Authenticated, RequestMeta } from './sessions.service.ts';
import { TwoFactorMessage, type TwoFactor } from './two-factor.ts';

/**
 * What guards a signed-in account: its password and two-factor authentication. Each change asks for
 * the password (or the old one) again, and ends every other session (ADR 009).
 */
export function createAccountSecurityService(deps: {
  repository: AccountsRepository;
  hasher: PasswordHasher;
  twoFactor: TwoFactor;
  clock: Clock;
  audit: AuthAudit;
}) {
  const { repository, hasher, twoFactor, clock, audit } = deps;

  async function reauthenticate(
    auth: Authenticated,
    password: string,
    meta: RequestMeta,
    event: string,
  ): Promise<void> {
    if (await hasher.verify(auth.user.passwordHash, password)) return;
    await audit(event, false, meta, { userId: auth.user.id, detail: { reason: 'password' } });
    throw new AppError('VALIDATION_ERROR', { fields: { password: AccountMessage.oldPasswordMismatch } });
  }

  const endOtherSessions = (auth: Authenticated, reason: string) =>
    repository.revokeOtherSessions(auth.user.id, auth.session.id, new Date(clock.now()), reason);

  return {
    twoFactorEnabled: (auth: Authenticated) => twoFactor.isEnabled(auth.user.id),

    /** Starts two-factor setup after the password is confirmed again. */
    async beginTwoFactor(auth: Authenticated, password: string, meta: RequestMeta) {
      await reauthenticate(auth, password, meta, 'two_factor.begin');
      return twoFactor.begin(
        auth.user.id,
        auth.user.email ?? auth.user.phone ?? auth.user.username ?? `#${auth.user.id}`,
      );
    },

    /** Confirms setup with a first code; gives the recovery codes once; every other session ends. */
    async confirmTwoFactor(auth: Authenticated, code: string, meta: RequestMeta): Promise<string[]> {
      const codes = await twoFactor.confirm(auth.user.id, code);
      const ended = await endOtherSessions(auth, 'two-factor enabled');
      await audit('two_factor.enable', true, meta, {
        userId: auth.user.id,
        detail: { endedSessions: ended },
      });
      return codes;
    },

    async disableTwoFactor(
      auth: Authenticated,
      password: string,
      code: string,
      meta: RequestMeta,
    ): Promise<void> {
      await reauthenticate(auth, password, meta, 'two_factor.disable');
      if (!(await twoFactor.check(auth.user.id, code))) {
        await audit('two_factor.disable', false, meta, { userId: auth.user.id });
        throw new AppError('VALIDATION_ERROR', { fields: { code: TwoFactorMessage.invalid } });
      }
      await twoFactor.disable(auth.user.id);
      const ended = await endOtherSessions(auth, 'two-factor disabled');
      await audit('two_factor.disable', true, meta, {
        userId: auth.user.id,
        detail: { endedSessions: ended },
      });
    },

    /** Old password must match; every other session ends (ADR 009). */
    async changePassword(
      auth: Authenticated,
      oldPassword: string,
      newPassword: string,
      meta: RequestMeta,
    ): Promise<void> {
      if (!(await hasher.verify(auth.user.passwordHash, oldPassword))) {
        await audit('password.change', false, meta, { userId: auth.user.id });
        throw new AppError('VALIDATION_ERROR', {
          fields: { oldPassword: AccountMessage.oldPasswordMismatch },
        });
      }
      const problem = await passwordProblem(newPassword);
      if (problem) throw new AppError('VALIDATION_ERROR', { fields: { newPassword: problem } });
      await repository.updateUser(auth.user.id, { passwordHash: await hasher.hash(newPassword) });
      const ended = await endOtherSessions(auth, 'password changed');
      await audit('password.change', true, meta, { userId: auth.user.id, detail: { endedSessions: ended } });
    },
  };
}
