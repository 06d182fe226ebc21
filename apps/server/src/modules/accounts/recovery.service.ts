import { createHash } from 'node:crypto';
import { ResetMessage } from '@kometa/contracts';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { Rng } from '../../platform/rng.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { RequestMeta } from './accounts.service.ts';
import type { AuthAudit } from './auth-audit.ts';
import { checkEmail, checkPhone } from './accounts.validation.ts';
import { passwordProblem, type PasswordHasher } from './password.ts';
import { newSmsCode, newToken, siteLink, tokenHash } from './session-tokens.ts';
import { TwoFactorMessage, type TwoFactor } from './two-factor.ts';
import type { OneTimeCodesRepository } from './one-time-codes.repository.ts';
import { createRequestInterval } from './request-interval.ts';

export interface RecoveryPolicy {
  linkTtlMs: number;
  smsCodeTtlMs: number;
  /** How long before the same e-mail or phone may ask again (CONFIRMATION_CODE_RESET_PASSWORD_TTL). */
  requestIntervalMs: { email: number; sms: number };
  maxCodeAttempts: number;
  /** Requests per e-mail or phone per day, whatever the interval: an SMS costs the operator money. */
  dailyLimit: { email: number; sms: number };
}

const DAY_MS = 86_400_000;

function smsCodeHash(userId: number, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`).digest();
}

/**
 * Password reset by e-mail link or SMS code (spec §2.1, §8). The answer never says whether an account
 * exists; a reset never bypasses two-factor; it ends every session.
 */
export function createRecoveryService(deps: {
  accounts: AccountsRepository;
  codes: OneTimeCodesRepository;
  hasher: PasswordHasher;
  twoFactor: TwoFactor;
  outbox: Outbox;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  siteOrigin: string;
  policy: RecoveryPolicy;
  audit: AuthAudit;
}) {
  const { accounts, codes, clock, policy } = deps;

  const interval = createRequestInterval(deps.cache, clock);

  /** One request per interval and a few per day per e-mail or phone, whether or not an account has it. */
  async function claimRequestSlot(channel: 'email' | 'sms', identifier: string): Promise<void> {
    const day = Math.floor(clock.now() / DAY_MS);
    const today = `reset:day:${identifier}:${day}`;
    if (Number((await deps.cache.get(today)) ?? 0) >= policy.dailyLimit[channel])
      throw new AppError('RATE_LIMITED', {
        message: ResetMessage.dailyLimit,
        headers: { 'retry-after': String(Math.ceil(((day + 1) * DAY_MS - clock.now()) / 1000)) },
      });
    const ttl = await interval(`reset:req:${identifier}`, policy.requestIntervalMs[channel]);
    if (ttl > 0)
      throw new AppError('CONFIRMATION_CODE_RESET_PASSWORD_TTL', {
        message:
          channel === 'email' ? ResetMessage.alreadyRequestedEmail : ResetMessage.alreadyRequestedPhone,
        extra: { ttl },
      });
    await deps.cache.increment(today, DAY_MS);
  }

  return {
    async request(input: { email: string } | { phone: string }, meta: RequestMeta): Promise<'email' | 'sms'> {
      const channel = 'email' in input ? 'email' : 'sms';
      const checked = 'email' in input ? checkEmail(input.email) : checkPhone(input.phone);
      if ('problem' in checked) {
        throw new AppError('VALIDATION_ERROR', {
          fields: { [channel === 'email' ? 'email' : 'phone']: checked.problem },
        });
      }
      await claimRequestSlot(channel, checked.value);
      const user =
        channel === 'email'
          ? await accounts.findUserByEmail(checked.value)
          : await accounts.findUserByPhone(checked.value);
      await deps.audit('password.reset_request', Boolean(user), meta, {
        userId: user?.id ?? null,
        lookup: checked.value,
      });
      if (!user) return channel;
      const now = new Date(clock.now());
      const byEmail = channel === 'email';
      const purpose = byEmail ? 'reset_email' : 'reset_sms';
      await codes.retire(user.id, purpose, now);
      // A link by e-mail, a short code by SMS; only its hash is kept.
      const secret = byEmail ? newToken(deps.rng) : newSmsCode(deps.rng);
      const ttlMs = byEmail ? policy.linkTtlMs : policy.smsCodeTtlMs;
      await codes.insert({
        userId: user.id,
        purpose,
        codeHash: byEmail ? tokenHash(secret) : smsCodeHash(user.id, secret),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      await deps.outbox.send({
        channel,
        to: checked.value,
        // Each purpose's message template bears its name.
        template: purpose,
        params: byEmail
          ? {
              link: siteLink(meta.siteOrigin ?? deps.siteOrigin, `/resetting/reset/${secret}`),
              minutes: Math.round(ttlMs / 60_000),
            }
          : { code: secret },
      });
      return channel;
    },

    async reset(
      token: string,
      input: { password: string; phone?: string | undefined; twoFactorCode?: string | undefined },
      meta: RequestMeta,
    ): Promise<void> {
      const now = new Date(clock.now());
      let found: { id: number; userId: number } | undefined;
      let wrong: string = ResetMessage.wrongToken;
      if (input.phone !== undefined) {
        wrong = ResetMessage.wrongCode;
        const phone = checkPhone(input.phone);
        const user = 'value' in phone ? await accounts.findUserByPhone(phone.value) : undefined;
        const live = user ? await codes.latestLive(user.id, 'reset_sms', now) : undefined;
        if (live && user) {
          if (live.codeHash.equals(smsCodeHash(user.id, token))) found = live;
          else await codes.countAttempt(live.id, policy.maxCodeAttempts);
          if (live.attempts >= policy.maxCodeAttempts) found = undefined;
        }
      } else {
        const live = await codes.findLiveByHash('reset_email', tokenHash(token), now);
        // A link whose two-factor step was guessed at too often is spent (below).
        if (live && live.attempts < policy.maxCodeAttempts) found = live;
      }
      if (!found) {
        await deps.audit('password.reset', false, meta);
        throw new AppError('VALIDATION_ERROR', { fields: { token: wrong } });
      }
      const problem = await passwordProblem(input.password);
      if (problem) throw new AppError('VALIDATION_ERROR', { fields: { password: problem } });
      if (await deps.twoFactor.isEnabled(found.userId)) {
        if (!input.twoFactorCode)
          throw new AppError('VALIDATION_ERROR', { fields: { twoFactorCode: TwoFactorMessage.required } });
        if (!(await deps.twoFactor.check(found.userId, input.twoFactorCode))) {
          // Every wrong code counts against this link (or SMS code); the last allowed one spends it, so
          // a reset link is no way around two-factor's own limits.
          const open = await codes.countAttempt(found.id, policy.maxCodeAttempts);
          if (!open) await codes.use(found.id, now);
          await deps.audit('password.reset', false, meta, {
            userId: found.userId,
            detail: { reason: 'two-factor code', spent: !open },
          });
          throw new AppError('VALIDATION_ERROR', {
            fields: open ? { twoFactorCode: TwoFactorMessage.invalid } : { token: wrong },
          });
        }
      }
      if (!(await codes.use(found.id, now)))
        throw new AppError('VALIDATION_ERROR', { fields: { token: wrong } });
      await accounts.updateUser(found.userId, { passwordHash: await deps.hasher.hash(input.password) });
      await accounts.revokeOtherSessions(found.userId, 0, now, 'password reset');
      await deps.audit('password.reset', true, meta, { userId: found.userId });
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
