import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { socialAccounts } from '../accounts.tables.ts';

export function createOAuthRepository(db: Db) {
  return {
    async find(provider: string, subject: string) {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)))
        .limit(1);
      return row;
    },
    async ofUser(userId: number) {
      return db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
    },
    /** Links; false when the identity or this player's slot for the provider is already taken. */
    async link(row: typeof socialAccounts.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(socialAccounts)
        .values(row)
        .onConflictDoNothing()
        .returning({ userId: socialAccounts.userId });
      return inserted.length === 1;
    },
    async unlink(userId: number, provider: string): Promise<boolean> {
      const deleted = await db
        .delete(socialAccounts)
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)))
        .returning({ userId: socialAccounts.userId });
      return deleted.length === 1;
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
