import type { Db } from '../../platform/db/database.ts';
import { analyticsEvents, pageHits } from './tracking.tables.ts';

export function createTrackingRepository(db: Db) {
  return {
    async insertEvent(row: typeof analyticsEvents.$inferInsert): Promise<void> {
      await db.insert(analyticsEvents).values(row);
    },
    async insertHit(row: typeof pageHits.$inferInsert, executor: Db = db): Promise<void> {
      await executor.insert(pageHits).values(row);
    },
    /** Work in one transaction (a signed-in player's hit and its activity event). */
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction(work),
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
