import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { verificationCodes } from './accounts.tables.ts';

export type VerificationPurpose =
  'reset_email' | 'reset_sms' | 'confirm_email' | 'confirm_phone' | 'login_token';
export type VerificationRow = typeof verificationCodes.$inferSelect;

/** Not used yet and not expired. */
const live = (at: Date) => and(isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, at));

export function createVerificationRepository(db: Db) {
  return {
    async insert(row: typeof verificationCodes.$inferInsert): Promise<void> {
      await db.insert(verificationCodes).values(row);
    },
    async findLiveByHash(
      purpose: VerificationPurpose,
      codeHash: Buffer,
      at: Date,
    ): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.codeHash, codeHash), live(at)),
        )
        .limit(1);
      return row;
    },
    /** The newest live code of a purpose for a player (SMS codes are matched against it). */
    async latestLive(
      userId: number,
      purpose: VerificationPurpose,
      at: Date,
    ): Promise<VerificationRow | undefined> {
      return (await this.latestLiveOf(userId, [purpose], at)).get(purpose);
    },
    /** The newest live code of each of these purposes, in one query. */
    async latestLiveOf(
      userId: number,
      purposes: VerificationPurpose[],
      at: Date,
    ): Promise<Map<VerificationPurpose, VerificationRow>> {
      const rows = await db
        .select()
        .from(verificationCodes)
        .where(
          and(eq(verificationCodes.userId, userId), inArray(verificationCodes.purpose, purposes), live(at)),
        )
        .orderBy(desc(verificationCodes.id));
      const latest = new Map<VerificationPurpose, VerificationRow>();
      for (const row of rows) if (!latest.has(row.purpose)) latest.set(row.purpose, row);
      return latest;
    },
    /** Counts a wrong guess; true while the code still has guesses left. */
    async countAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxAttempts)))
        .returning({ attempts: verificationCodes.attempts });
      return rows.length === 1 && (rows[0]?.attempts ?? maxAttempts) < maxAttempts;
    },
    /** Marks a code used; only one caller ever succeeds. */
    async use(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ usedAt: at })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    /** Retires the unused codes of a purpose when a new one is sent. */
    async retire(userId: number, purpose: VerificationPurpose, at: Date): Promise<void> {
      await db
        .update(verificationCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.usedAt),
          ),
        );
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
