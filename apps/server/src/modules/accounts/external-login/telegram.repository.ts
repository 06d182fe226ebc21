import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { telegramAccounts } from '../accounts.tables.ts';

export function createTelegramRepository(db: Db) {
  return {
    async find(telegramId: number) {
      const [row] = await db
        .select()
        .from(telegramAccounts)
        .where(eq(telegramAccounts.telegramId, telegramId))
        .limit(1);
      return row;
    },
    async link(telegramId: number, userId: number, username: string | null, at: Date): Promise<void> {
      await db
        .insert(telegramAccounts)
        .values({ telegramId, userId, username, linkedAt: at })
        .onConflictDoNothing();
    },
    async unlinkUser(userId: number): Promise<void> {
      await db.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId));
    },
  };
}

export type TelegramRepository = ReturnType<typeof createTelegramRepository>;
