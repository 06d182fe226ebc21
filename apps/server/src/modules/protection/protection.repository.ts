import { sql } from 'drizzle-orm';
import type { LimitKind, LimitPeriod } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { StoredLimit } from './limits.ts';

export interface LimitRow extends StoredLimit {
  kind: LimitKind;
  period: LimitPeriod;
}

export interface ExclusionRow {
  kind: 'timeout' | 'self_exclusion';
  option: string;
  startedAt: Date;
  until: Date | null;
}

export interface AuditEntry {
  userId: number;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
  at: Date;
}

const iso = (date: Date) => date.toISOString();
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** The only door to player protection's tables (migration 0014). */
export function createProtectionRepository(db: Db) {
  return {
    async setTimezone(timezone: string): Promise<void> {
      await db.execute(sql`update rg_config set timezone = ${timezone}`);
    },

    /** Serialises a player's money movements that limits guard (bets take the same lock). */
    async lockPlayer(userId: number, executor: Db): Promise<void> {
      await executor.execute(sql`select pg_advisory_xact_lock(7001, ${userId}::integer)`);
    },

    async limits(userId: number, executor: Db = db): Promise<LimitRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select kind, period, amount, pending_amount, pending_removal, pending_since
            from rg_limits where user_id = ${userId} order by kind, period`,
      );
      return rows.map((row) => ({
        kind: row.kind as LimitKind,
        period: row.period as LimitPeriod,
        amount: Number(row.amount),
        pendingAmount: row.pending_amount === null ? null : Number(row.pending_amount),
        pendingRemoval: Boolean(row.pending_removal),
        pendingSince: dateOf(row.pending_since),
      }));
    },

    async saveLimit(
      userId: number,
      limit: { kind: LimitKind; period: LimitPeriod } & StoredLimit,
      at: Date,
      executor: Db,
    ): Promise<void> {
      const since = limit.pendingSince ? iso(limit.pendingSince) : null;
      await executor.execute(sql`insert into rg_limits
          (user_id, kind, period, amount, pending_amount, pending_removal, pending_since, created_at, updated_at)
        values (${userId}, ${limit.kind}, ${limit.period}, ${limit.amount}, ${limit.pendingAmount},
                ${limit.pendingRemoval}, ${since}::timestamptz, ${iso(at)}::timestamptz, ${iso(at)}::timestamptz)
        on conflict (user_id, kind, period) do update set
          amount = excluded.amount, pending_amount = excluded.pending_amount,
          pending_removal = excluded.pending_removal, pending_since = excluded.pending_since,
          updated_at = excluded.updated_at`);
    },

    async deleteLimit(userId: number, kind: LimitKind, period: LimitPeriod, executor: Db): Promise<void> {
      await executor.execute(
        sql`delete from rg_limits where user_id = ${userId} and kind = ${kind} and period = ${period}`,
      );
    },

    /** The current period of each length in the operator's time zone: its start and its reset. */
    async periods(
      at: Date,
      executor: Db = db,
    ): Promise<Record<LimitPeriod, { start: Date; resetsAt: Date }>> {
      const [row] = await queryRows<Record<string, string>>(
        executor,
        sql`select rg_period_start('day', ${iso(at)}::timestamptz) as day_start,
                   rg_period_start('week', ${iso(at)}::timestamptz) as week_start,
                   rg_period_start('month', ${iso(at)}::timestamptz) as month_start,
                   ((date_trunc('day', ${iso(at)}::timestamptz at time zone c.timezone) + interval '1 day') at time zone c.timezone) as day_end,
                   ((date_trunc('week', ${iso(at)}::timestamptz at time zone c.timezone) + interval '1 week') at time zone c.timezone) as week_end,
                   ((date_trunc('month', ${iso(at)}::timestamptz at time zone c.timezone) + interval '1 month') at time zone c.timezone) as month_end
            from rg_config c`,
      );
      const period = (name: LimitPeriod) => ({
        start: new Date(row![`${name}_start`]!),
        resetsAt: new Date(row![`${name}_end`]!),
      });
      return { day: period('day'), week: period('week'), month: period('month') };
    },

    /** What the player staked and won since the start of a period (whole local days). */
    async play(userId: number, currency: string, since: Date, executor: Db = db) {
      const [row] = await queryRows<{ staked: string | null; won: string | null }>(
        executor,
        sql`select sum(staked) as staked, sum(won) as won from rg_activity
            where user_id = ${userId} and currency = ${currency} and day >= rg_local_day(${iso(since)}::timestamptz)`,
      );
      return { staked: Number(row?.staked ?? 0), won: Number(row?.won ?? 0) };
    },

    /** The exclusion in force (the one lasting longest when several overlap). */
    async currentExclusion(userId: number, at: Date, executor: Db = db): Promise<ExclusionRow | null> {
      const [row] = await queryRows<Record<string, unknown>>(
        executor,
        sql`select kind, option, started_at, until from rg_exclusions
            where user_id = ${userId} and started_at <= ${iso(at)}::timestamptz
              and (until is null or until > ${iso(at)}::timestamptz)
            order by until desc nulls first limit 1`,
      );
      if (!row) return null;
      return {
        kind: row.kind as ExclusionRow['kind'],
        option: String(row.option),
        startedAt: new Date(row.started_at as string),
        until: dateOf(row.until),
      };
    },

    async insertExclusion(userId: number, exclusion: ExclusionRow, executor: Db): Promise<void> {
      await executor.execute(sql`insert into rg_exclusions (user_id, kind, option, started_at, until)
        values (${userId}, ${exclusion.kind}, ${exclusion.option}, ${iso(exclusion.startedAt)}::timestamptz,
                ${exclusion.until ? iso(exclusion.until) : null}::timestamptz)`);
    },

    async excludeIdentities(
      userId: number,
      identities: { kind: 'email' | 'phone' | 'payment'; hash: Buffer }[],
      until: Date | null,
      executor: Db,
    ): Promise<void> {
      for (const identity of identities) {
        await executor.execute(sql`insert into rg_excluded_identities (kind, value_hash, user_id, until)
          values (${identity.kind}, decode(${identity.hash.toString('hex')}, 'hex'), ${userId},
                  ${until ? iso(until) : null}::timestamptz)
          on conflict (kind, value_hash, user_id) do update set until = excluded.until`);
      }
    },

    /** Whether any of these identities belongs to a player excluded now (other than `except`). */
    async identityExcluded(
      identities: { kind: 'email' | 'phone' | 'payment'; hash: Buffer }[],
      at: Date,
      options: { except?: number; executor?: Db } = {},
    ): Promise<boolean> {
      for (const identity of identities) {
        const rows = await queryRows<{ found: number }>(
          options.executor ?? db,
          sql`select 1 as found from rg_excluded_identities
              where kind = ${identity.kind} and value_hash = decode(${identity.hash.toString('hex')}, 'hex')
                and (until is null or until > ${iso(at)}::timestamptz) and user_id <> ${options.except ?? 0}
              limit 1`,
        );
        if (rows.length > 0) return true;
      }
      return false;
    },

    async rememberPaymentIdentities(userId: number, hashes: Buffer[], executor: Db = db): Promise<void> {
      for (const hash of hashes) {
        await executor.execute(sql`insert into rg_payment_identities (user_id, value_hash)
          values (${userId}, decode(${hash.toString('hex')}, 'hex')) on conflict do nothing`);
      }
    },

    /** Other players who paid with or to the same details as this one. */
    async sharingPaymentDetails(userId: number, executor: Db = db): Promise<number[]> {
      const rows = await queryRows<{ user_id: unknown }>(
        executor,
        sql`select distinct other.user_id from rg_payment_identities mine
            join rg_payment_identities other on other.value_hash = mine.value_hash and other.user_id <> mine.user_id
            where mine.user_id = ${userId} limit 20`,
      );
      return rows.map((row) => Number(row.user_id));
    },

    async paymentIdentitiesOf(userId: number, executor: Db = db): Promise<Buffer[]> {
      const rows = await queryRows<{ hash: string }>(
        executor,
        sql`select encode(value_hash, 'hex') as hash from rg_payment_identities where user_id = ${userId}`,
      );
      return rows.map((row) => Buffer.from(row.hash, 'hex'));
    },

    async blockSessions(userId: number, until: Date): Promise<void> {
      await db.execute(sql`insert into rg_session_blocks (user_id, until) values (${userId}, ${iso(until)}::timestamptz)
        on conflict (user_id) do update set until = greatest(rg_session_blocks.until, excluded.until)`);
    },

    async realityCheck(
      userId: number,
    ): Promise<{ intervalMinutes: number; acknowledgedAt: Date | null } | null> {
      const [row] = await queryRows<{ interval_minutes: number; acknowledged_at: string | null }>(
        db,
        sql`select interval_minutes, acknowledged_at from rg_reality_checks where user_id = ${userId}`,
      );
      return row
        ? { intervalMinutes: row.interval_minutes, acknowledgedAt: dateOf(row.acknowledged_at) }
        : null;
    },

    async saveRealityCheck(
      userId: number,
      value: { intervalMinutes: number; acknowledgedAt: Date | null },
    ): Promise<void> {
      const acknowledged = value.acknowledgedAt ? iso(value.acknowledgedAt) : null;
      await db.execute(sql`insert into rg_reality_checks (user_id, interval_minutes, acknowledged_at)
        values (${userId}, ${value.intervalMinutes}, ${acknowledged}::timestamptz)
        on conflict (user_id) do update set interval_minutes = excluded.interval_minutes,
          acknowledged_at = excluded.acknowledged_at`);
    },

    async audit(entry: AuditEntry, executor: Db = db): Promise<void> {
      await executor.execute(sql`insert into rg_audit (user_id, actor, action, before, after, at)
        values (${entry.userId}, ${entry.actor}, ${entry.action}, ${JSON.stringify(entry.before ?? null)}::jsonb,
                ${JSON.stringify(entry.after ?? null)}::jsonb, ${iso(entry.at)}::timestamptz)`);
    },

    async auditOf(userId: number): Promise<AuditEntry[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select user_id, actor, action, before, after, at from rg_audit where user_id = ${userId} order by id`,
      );
      return rows.map((row) => ({
        userId: Number(row.user_id),
        actor: String(row.actor),
        action: String(row.action),
        before: row.before,
        after: row.after,
        at: new Date(row.at as string),
      }));
    },
  };
}

export type ProtectionRepository = ReturnType<typeof createProtectionRepository>;
