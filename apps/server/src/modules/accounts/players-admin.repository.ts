import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface LiveSessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The accounts' tables as the back office's player card changes them (ADR 045), in its transaction. */
export function createPlayersAdminRepository(db: Db) {
  return {
    /** The player's stored labels, locked until the transaction ends; undefined: no such player. */
    async lockLabels(userId: number, tx: Db): Promise<string[] | undefined> {
      const [row] = await queryRows<{ labels: string[] }>(
        tx,
        sql`select labels from users where id = ${userId} for update`,
      );
      return row?.labels;
    },
    async saveLabels(userId: number, labels: readonly string[], tx: Db): Promise<void> {
      await queryRows(
        tx,
        sql`update users set labels = ${`{${labels.join(',')}}`}::text[] where id = ${userId}`,
      );
    },
    /** Sessions not revoked nor expired, last used first (the idle check is the caller's). */
    async liveSessions(userId: number, now: Date, executor: Db = db): Promise<LiveSessionRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select id, user_agent, ip, created_at, last_seen_at from sessions
            where user_id = ${userId} and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz
            order by last_seen_at desc, id desc`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        userAgent: (row.user_agent as string | null) ?? null,
        ip: (row.ip as string | null) ?? null,
        createdAt: new Date(row.created_at as string),
        lastSeenAt: new Date(row.last_seen_at as string),
      }));
    },
    /** Revokes the player's sessions (one, or all when `sessionId` is null); answers the ids ended. */
    async revoke(
      userId: number,
      sessionId: number | null,
      at: Date,
      reason: string,
      tx: Db,
    ): Promise<number[]> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`update sessions set revoked_at = ${at.toISOString()}::timestamptz, revoked_reason = ${reason}
            where user_id = ${userId} and revoked_at is null
              and (${sessionId}::bigint is null or id = ${sessionId}::bigint)
            returning id::text`,
      );
      return rows.map((row) => Number(row.id));
    },
  };
}

export type PlayersAdminRepository = ReturnType<typeof createPlayersAdminRepository>;
