import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { recoveryCodes, twoFactor } from './accounts.tables.ts';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: number): Promise<TwoFactorRow | undefined> {
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
      return row;
    },
    /** A new pending secret replaces an unconfirmed one; a confirmed one is never overwritten here. */
    async savePending(userId: number, secretSealed: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(twoFactor)
        .values({ userId, secretSealed, createdAt: at })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secretSealed, createdAt: at, lastTimeStep: null },
          setWhere: isNull(twoFactor.confirmedAt),
        })
        .returning({ userId: twoFactor.userId });
      return rows.length === 1;
    },
    async confirm(userId: number, at: Date, codeHashes: Buffer[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(twoFactor).set({ confirmedAt: at }).where(eq(twoFactor.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },
    async remove(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      });
    },
    /** Accepts a time step only if it is later than the last one accepted: atomic, so a code works once. */
    async claimTimeStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastTimeStep: step })
        .where(
          and(
            eq(twoFactor.userId, userId),
            or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step)),
          ),
        )
        .returning({ userId: twoFactor.userId });
      return rows.length === 1;
    },
    async useRecoveryCode(userId: number, codeHash: Buffer, at: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId });
      return rows.length === 1;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
