import { createHmac, timingSafeEqual, createHash } from 'node:crypto';
import { TelegramMessage } from '@kometa/contracts';
import type { Clock } from '../../../platform/clock.ts';
import type { TelegramRepository } from './telegram.repository.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { Authenticated, RequestMeta } from '../accounts.service.ts';
import type { AuthAudit } from '../auth-audit.ts';
import { verifyInitData, verifyWidget, type TelegramIdentity } from './telegram.ts';

const LINK_TOKEN_TTL_MS = 10 * 60_000;

/**
 * Telegram login (Login Widget or Mini App): a verified, fresh identity that is linked logs in; one
 * that is not gets a signed, short-lived `telegramToken` that links it when the player registers (age
 * gate included) or links it from a logged-in session.
 */
export function createTelegramService(deps: {
  repository: TelegramRepository;
  botToken: string | undefined;
  appSecret: string;
  clock: Clock;
  audit: AuthAudit;
  openSession: (userId: number, meta: RequestMeta) => Promise<{ token: string }>;
  twoFactorEnabled: (userId: number) => Promise<boolean>;
  issueSecondFactorLookup: (userId: number) => Promise<{ lookup: string; ttlSeconds: number }>;
}) {
  const { repository, clock } = deps;
  const key = createHash('sha256').update(`${deps.appSecret}:telegram-link`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function verified(
    input: { widget: Record<string, string | number | undefined> } | { initData: string },
  ): TelegramIdentity {
    if (!deps.botToken) throw new AppError('NOT_FOUND');
    const now = Math.floor(clock.now() / 1000);
    const result =
      'widget' in input
        ? verifyWidget(input.widget, deps.botToken, now)
        : verifyInitData(input.initData, deps.botToken, now);
    if (result === 'invalid')
      throw new AppError('VALIDATION_ERROR', { fields: { telegram: TelegramMessage.invalid } });
    if (result === 'expired')
      throw new AppError('VALIDATION_ERROR', { fields: { telegram: TelegramMessage.expired } });
    return result;
  }

  function linkToken(identity: TelegramIdentity): string {
    const payload = Buffer.from(
      JSON.stringify({ i: identity.id, u: identity.username, e: clock.now() + LINK_TOKEN_TTL_MS }),
    ).toString('base64url');
    return `${payload}.${mac(payload)}`;
  }

  function readLinkToken(token: string): { id: number; username: string | null } | undefined {
    const [payload, given] = token.split('.');
    if (!payload || !given) return undefined;
    const a = Buffer.from(mac(payload));
    const b = Buffer.from(given);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      i: number;
      u: string | null;
      e: number;
    };
    return claims.e > clock.now() ? { id: claims.i, username: claims.u } : undefined;
  }

  async function link(userId: number, identity: { id: number; username: string | null }): Promise<void> {
    const existing = await repository.find(identity.id);
    if (existing && existing.userId !== userId) {
      throw new AppError('VALIDATION_ERROR', { fields: { telegram: TelegramMessage.alreadyLinked } });
    }
    if (existing) return;
    await repository.link(identity.id, userId, identity.username, new Date(clock.now()));
  }

  return {
    async login(
      input: Parameters<typeof verified>[0],
      meta: RequestMeta,
    ): Promise<
      | { token: string }
      | { token: null; telegramToken: string }
      | { token: null; lookup: string; twoFactor: { enabled: true; confirmed: false; ttl: number } }
    > {
      const identity = verified(input);
      const linked = await repository.find(identity.id);
      if (!linked) {
        await deps.audit('login.telegram', false, meta, {
          detail: { reason: 'not linked', telegramId: identity.id },
        });
        return { token: null, telegramToken: linkToken(identity) };
      }
      // Telegram proves the identity, not the second factor: a player with two-factor on gives the code.
      if (await deps.twoFactorEnabled(linked.userId)) {
        const { lookup, ttlSeconds } = await deps.issueSecondFactorLookup(linked.userId);
        await deps.audit('login.telegram', true, meta, {
          userId: linked.userId,
          detail: { step: 'two-factor' },
        });
        return { token: null, lookup, twoFactor: { enabled: true, confirmed: false, ttl: ttlSeconds } };
      }
      const session = await deps.openSession(linked.userId, meta);
      await deps.audit('login.telegram', true, meta, { userId: linked.userId });
      return session;
    },

    /** Links the identity a telegramToken names to this (new or logged-in) player. */
    async linkWithToken(userId: number, telegramToken: string): Promise<void> {
      const identity = readLinkToken(telegramToken);
      if (!identity)
        throw new AppError('VALIDATION_ERROR', { fields: { telegramToken: TelegramMessage.invalid } });
      await link(userId, identity);
    },

    async unlink(auth: Authenticated): Promise<void> {
      await repository.unlinkUser(auth.user.id);
    },

    readLinkToken,

    /** The account a Telegram id is linked to, if any. */
    async linkedUser(telegramId: number): Promise<number | undefined> {
      return (await repository.find(telegramId))?.userId;
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
