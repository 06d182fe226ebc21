import type { Db } from '../../platform/db/database.ts';
import { analyticsEvents, pageHits } from './tracking.tables.ts';

export function createTrackingRepository(db: Db) {
  return {
    async insertEvent(row: typeof analyticsEvents.$inferInsert): Promise<void> {
      await db.insert(analyticsEvents).values(row);
    },
    async insertHit(row: typeof pageHits.$inferInsert): Promise<void> {
      await db.insert(pageHits).values(row);
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
