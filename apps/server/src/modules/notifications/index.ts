import { formatAmount, formatDateTime } from '@kometa/money';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { OutboxTemplate } from '../../platform/outbox/messages.ru.ts';
import type { ActivityEvent, ActivityHandler, ActivityKind, SubscribeOptions } from '../activity/index.ts';
import type { ProtectionNotice } from '../protection/index.ts';
import { deviceName } from './device.ts';
import { notificationTexts as t } from './notifications.ru.ts';

/** What the player e-mails need from the rest of the casino (bound in composition.ts). */
export interface NotificationPorts {
  subscribe<K extends ActivityKind>(
    name: string,
    handler: ActivityHandler<K>,
    options: SubscribeOptions<K>,
  ): void;
  /** The player's e-mail, when they have one (in the consumer's transaction, if given). */
  emailOf(userId: number, executor?: Db): Promise<string | null>;
  /**
   * The session a login at `at` opened, when its browser was never seen on this account before (a
   * first login after registration is not "new": registration saw it).
   */
  newDevice(
    userId: number,
    at: Date,
    executor?: Db,
  ): Promise<{ userAgent: string | null; ip: string | null } | null>;
  /** The operator's address the player last signed in on, when known (links go back there). */
  siteOf(userId: number, executor?: Db): Promise<string | null>;
}

const PAYMENT_KINDS = [
  'deposit.succeeded',
  'withdrawal.requested',
  'withdrawal.paid',
  'withdrawal.refused',
] as const;
type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Transactional e-mails (issue 20, ADR 041): a deposit credited, a withdrawal requested, paid or
 * refused, a login from a new device (from the activity stream, once per fact), a limit changed and
 * an exclusion started (told by player protection). Russian, with a plain-text alternative, through
 * the outbox; none is marketing, so none has an unsubscribe link.
 */
export function createNotificationsModule(deps: {
  outbox: Outbox;
  siteOrigin: string;
  timezone: string;
  ports: NotificationPorts;
}) {
  const { ports } = deps;
  const main = deps.siteOrigin.replace(/\/+$/, '');
  /** Links go back to the address the player uses (one of the operator's), else the main one. */
  const siteOf = async (userId: number, executor?: Db) =>
    ((await ports.siteOf(userId, executor)) ?? main).replace(/\/+$/, '');
  const when = (at: Date) => formatDateTime(Math.floor(at.getTime() / 1000), deps.timezone);

  async function mail(
    userId: number,
    template: OutboxTemplate,
    params: Record<string, string>,
    key: string,
    executor?: Db,
  ): Promise<void> {
    const to = await ports.emailOf(userId, executor);
    if (!to) return;
    await deps.outbox.send({ channel: 'email', to, template, params, key }, executor);
  }

  ports.subscribe(
    'notifications.payments',
    async (event: ActivityEvent<PaymentKind>, tx) => {
      const params = {
        amount: formatAmount(event.payload.amount, event.payload.currency),
        at: when(event.occurredAt),
      };
      const template: OutboxTemplate =
        event.kind === 'deposit.succeeded'
          ? 'deposit_credited'
          : event.kind === 'withdrawal.requested'
            ? 'withdrawal_requested'
            : event.kind === 'withdrawal.paid'
              ? 'withdrawal_paid'
              : 'withdrawal_refused';
      const site = await siteOf(event.userId, tx);
      const link = event.kind === 'deposit.succeeded' ? `${site}/games` : `${site}/payment/history`;
      await mail(event.userId, template, { ...params, link }, `${template}:${event.payload.paymentId}`, tx);
    },
    { kinds: PAYMENT_KINDS, from: 'end' },
  );

  ports.subscribe(
    'notifications.new-device',
    async (event: ActivityEvent<'player.logged_in'>, tx) => {
      const device = await ports.newDevice(event.userId, event.occurredAt, tx);
      if (!device) return;
      await mail(
        event.userId,
        'new_login',
        {
          at: when(event.occurredAt),
          device: deviceName(device.userAgent) ?? t.unknownDevice,
          ip: device.ip ?? '—',
          link: `${await siteOf(event.userId, tx)}/profile/settings`,
        },
        `new_login:${event.eventId}`,
        tx,
      );
    },
    { kinds: ['player.logged_in'], from: 'end' },
  );

  return {
    /** Player protection tells of a change the player made (after it committed). */
    async protectionChanged(userId: number, notice: ProtectionNotice, at: Date): Promise<void> {
      const key = `${notice.kind}:${userId}:${at.getTime()}`;
      if (notice.kind === 'exclusion') {
        const until = notice.until ? when(notice.until) : t.forever;
        await mail(userId, 'exclusion_started', { until }, key);
        return;
      }
      const shown =
        notice.amount === null
          ? null
          : notice.limit === 'session'
            ? t.minutes(notice.amount)
            : formatAmount(notice.amount, notice.currency);
      const change = t.limitChange(notice.action, t.limitName(notice.limit, notice.period), shown);
      if (!change) return;
      const link = `${await siteOf(userId)}/games-limits`;
      await mail(userId, 'limit_changed', { change, at: when(at), link }, key);
    },
  };
}
