import { createHash } from 'node:crypto';
import {
  AccountMessage,
  CONFIRMATION_REQUEST_LIMIT,
  CONFIRMATION_WAIT_SECONDS,
  ConfirmationMessage,
} from '@kometa/contracts';
import type { Cache } from '../../platform/cache/cache.ts';
import { unixSeconds, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { Rng } from '../../platform/rng.ts';
import { uniqueViolation, type AccountsRepository } from './accounts.repository.ts';
import { checkPhone } from './accounts.validation.ts';
import type { Authenticated, RequestMeta } from './accounts.service.ts';
import type { AuthAudit } from './auth-audit.ts';
import { createRequestInterval } from './request-interval.ts';
import { newSmsCode, newToken, siteLink, tokenHash } from './session-tokens.ts';
import type { OneTimeCodesRepository } from './one-time-codes.repository.ts';
import type { ActivityRecorder } from '../activity/index.ts';

const DAY_MS = 86_400_000;
const MAX_CODE_ATTEMPTS = 5;

function phoneCodeHash(userId: number, code: string): Buffer {
  return createHash('sha256').update(`confirm:${userId}:${code}`).digest();
}

/**
 * E-mail confirmation by link and phone confirmation by SMS code (spec §7, §8, §9): a wait between
 * requests answered with code 39 / 40 and its ttl, and at most 11 requests a day.
 */
export function createConfirmationService(deps: {
  accounts: AccountsRepository;
  codes: OneTimeCodesRepository;
  outbox: Outbox;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  siteOrigin: string;
  audit: AuthAudit;
  activity: ActivityRecorder;
}) {
  const { accounts, codes, clock } = deps;
  const interval = createRequestInterval(deps.cache, clock);

  /** The contact confirmed and, the first time only, its activity event, in one transaction. */
  async function confirmed(userId: number, contact: 'email' | 'phone', at: Date): Promise<void> {
    await accounts.transaction(async (tx) => {
      if (!(await accounts.confirmContact(userId, contact, tx))) return;
      await deps.activity.record(tx, {
        kind: contact === 'email' ? 'player.email_confirmed' : 'player.phone_confirmed',
        userId,
        at,
        payload: {},
      });
    });
  }

  async function gate(userId: number, kind: 'email' | 'phone'): Promise<void> {
    const day = Math.floor(clock.now() / DAY_MS);
    const used = Number((await deps.cache.get(`confirm:count:${kind}:${userId}:${day}`)) ?? 0);
    if (used >= CONFIRMATION_REQUEST_LIMIT) {
      throw new AppError('RATE_LIMITED', { message: ConfirmationMessage.requestLimit });
    }
    const ttl = await interval(`confirm:wait:${kind}:${userId}`, CONFIRMATION_WAIT_SECONDS[kind] * 1000);
    if (ttl > 0) {
      throw new AppError(kind === 'email' ? 'EMAIL_CONFIRMATION_TTL' : 'PHONE_CONFIRMATION_TTL', {
        message: ConfirmationMessage.alreadySent,
        extra: { ttl },
      });
    }
    await deps.cache.increment(`confirm:count:${kind}:${userId}:${day}`, DAY_MS);
  }

  /** A new confirmation link (the previous one stops working), sent by the outbox. */
  async function sendEmailLink(user: { id: number; email: string }, meta: RequestMeta): Promise<void> {
    const now = new Date(clock.now());
    await codes.retire(user.id, 'confirm_email', now);
    const token = newToken(deps.rng);
    await codes.insert({
      userId: user.id,
      purpose: 'confirm_email',
      codeHash: tokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + DAY_MS),
    });
    await deps.outbox.send({
      channel: 'email',
      to: user.email,
      template: 'confirm_email',
      params: { link: siteLink(meta.siteOrigin ?? deps.siteOrigin, `/email-confirmation/confirm/${token}`) },
    });
    await deps.audit('email.confirm_request', true, meta, { userId: user.id });
  }

  return {
    async requestEmail(auth: Authenticated, meta: RequestMeta): Promise<number> {
      const { user } = auth;
      if (!user.email || user.emailConfirmed) {
        throw new AppError('VALIDATION_ERROR', { fields: { email: ConfirmationMessage.nothingToConfirm } });
      }
      await gate(user.id, 'email');
      await sendEmailLink({ id: user.id, email: user.email }, meta);
      return CONFIRMATION_WAIT_SECONDS.email;
    },

    /** Right after registration by e-mail: the confirmation link goes out without being asked for. */
    async afterRegistration(user: { id: number; email: string | null }, meta: RequestMeta): Promise<void> {
      if (!user.email) return;
      await gate(user.id, 'email');
      await sendEmailLink({ id: user.id, email: user.email }, meta);
    },

    async confirmEmail(token: string, meta: RequestMeta): Promise<void> {
      const now = new Date(clock.now());
      const found = await codes.findLiveByHash('confirm_email', tokenHash(token), now);
      if (!found || !(await codes.use(found.id, now))) {
        await deps.audit('email.confirm', false, meta);
        throw new AppError('VALIDATION_ERROR', { fields: { token: ConfirmationMessage.wrongToken } });
      }
      await confirmed(found.userId, 'email', now);
      await deps.audit('email.confirm', true, meta, { userId: found.userId });
    },

    async requestPhone(auth: Authenticated, meta: RequestMeta): Promise<number> {
      const { user } = auth;
      if (!user.phone || user.phoneConfirmed) {
        throw new AppError('VALIDATION_ERROR', { fields: { phone: ConfirmationMessage.nothingToConfirm } });
      }
      await gate(user.id, 'phone');
      const now = new Date(clock.now());
      await codes.retire(user.id, 'confirm_phone', now);
      const code = newSmsCode(deps.rng);
      await codes.insert({
        userId: user.id,
        purpose: 'confirm_phone',
        codeHash: phoneCodeHash(user.id, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 10 * 60_000),
      });
      await deps.outbox.send({ channel: 'sms', to: user.phone, template: 'confirm_phone', params: { code } });
      await deps.audit('phone.confirm_request', true, meta, { userId: user.id });
      return CONFIRMATION_WAIT_SECONDS.phone;
    },

    /**
     * The phone form (POST /forms/{id}/phone, ADR 034): the typed phone becomes the account's (unless
     * a phone is confirmed already), then its code is sent as `requestPhone` sends it.
     */
    async requestPhoneFor(auth: Authenticated, typed: string, meta: RequestMeta): Promise<number> {
      const checked = checkPhone(typed);
      if ('problem' in checked)
        throw new AppError('VALIDATION_ERROR', { fields: { phone: checked.problem } });
      const { user } = auth;
      if (user.phoneConfirmed) {
        throw new AppError('VALIDATION_ERROR', { fields: { phone: ConfirmationMessage.nothingToConfirm } });
      }
      if (user.phone !== checked.value) {
        // A code sent to the previous number must not confirm this one.
        await codes.retire(user.id, 'confirm_phone', new Date(clock.now()));
        try {
          await accounts.setUnconfirmedPhone(user.id, checked.value);
        } catch (error) {
          if (uniqueViolation(error) !== 'phone') throw error;
          throw new AppError('VALIDATION_ERROR', { fields: { phone: AccountMessage.phoneTaken } });
        }
      }
      return this.requestPhone({ ...auth, user: { ...user, phone: checked.value } }, meta);
    },

    async confirmPhone(auth: Authenticated, code: string, meta: RequestMeta): Promise<void> {
      const now = new Date(clock.now());
      const live = await codes.latestLive(auth.user.id, 'confirm_phone', now);
      const right =
        live !== undefined &&
        live.attempts < MAX_CODE_ATTEMPTS &&
        live.codeHash.equals(phoneCodeHash(auth.user.id, code));
      if (!live || !right || !(await codes.use(live.id, now))) {
        if (live) await codes.countAttempt(live.id, MAX_CODE_ATTEMPTS);
        await deps.audit('phone.confirm', false, meta, { userId: auth.user.id });
        throw new AppError('VALIDATION_ERROR', { fields: { code: ConfirmationMessage.wrongCode } });
      }
      await confirmed(auth.user.id, 'phone', now);
      await deps.audit('phone.confirm', true, meta, { userId: auth.user.id });
    },

    /** What the User shows about pending confirmations (spec §3). */
    async status(userId: number) {
      const now = new Date(clock.now());
      const latest = await codes.latestLiveOf(userId, ['confirm_email', 'confirm_phone'], now);
      const email = latest.get('confirm_email');
      const phone = latest.get('confirm_phone');
      const next = (row: typeof email, kind: 'email' | 'phone') =>
        row ? unixSeconds(row.createdAt) + CONFIRMATION_WAIT_SECONDS[kind] : null;
      const ttl = (row: typeof email) =>
        row ? Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)) : null;
      return {
        emailConfirmationTokenTtl: ttl(email),
        phoneConfirmationCodeTtl: ttl(phone),
        hasPhoneConfirmationCode: phone !== undefined,
        nextEmailConfirmationRequestAt: next(email, 'email'),
        nextPhoneConfirmationRequestAt: next(phone, 'phone'),
      };
    },
  };
}

export type ConfirmationService = ReturnType<typeof createConfirmationService>;
