import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { oneTimeCodes } from './accounts.tables.ts';

export type OneTimeCodePurpose =
  'reset_email' | 'reset_sms' | 'confirm_email' | 'confirm_phone' | 'login_token';
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Not used yet and not expired. */
const live = (at: Date) => and(isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, at));

export function createOneTimeCodesRepository(db: Db) {
  return {
    async insert(row: typeof oneTimeCodes.$inferInsert): Promise<void> {
      await db.insert(oneTimeCodes).values(row);
    },
    async findLiveByHash(
      purpose: OneTimeCodePurpose,
      codeHash: Buffer,
      at: Date,
    ): Promise<OneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.codeHash, codeHash), live(at)))
        .limit(1);
      return row;
    },
    /** The newest live code of a purpose for a player (SMS codes are matched against it). */
    async latestLive(
      userId: number,
      purpose: OneTimeCodePurpose,
      at: Date,
    ): Promise<OneTimeCodeRow | undefined> {
      return (await this.latestLiveOf(userId, [purpose], at)).get(purpose);
    },
    /** The newest live code of each of these purposes, in one query. */
    async latestLiveOf(
      userId: number,
      purposes: OneTimeCodePurpose[],
      at: Date,
    ): Promise<Map<OneTimeCodePurpose, OneTimeCodeRow>> {
      const rows = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, purposes), live(at)))
        .orderBy(desc(oneTimeCodes.id));
      const latest = new Map<OneTimeCodePurpose, OneTimeCodeRow>();
      for (const row of rows) if (!latest.has(row.purpose)) latest.set(row.purpose, row);
      return latest;
    },
    /** Counts a wrong guess; true while the code still has guesses left. */
    async countAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.attempts, maxAttempts)))
        .returning({ attempts: oneTimeCodes.attempts });
      return rows.length === 1 && (rows[0]?.attempts ?? maxAttempts) < maxAttempts;
    },
    /** Marks a code used; only one caller ever succeeds. */
    async use(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
    /** Retires the unused codes of a purpose when a new one is sent. */
    async retire(userId: number, purpose: OneTimeCodePurpose, at: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
          ),
        );
    },
  };
}

export type OneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
