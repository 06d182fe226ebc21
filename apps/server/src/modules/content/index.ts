import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createContentRepository } from './content.repository.ts';
import { createContentService } from './content.service.ts';
import { contentRoutes } from './content.routes.ts';

export type { ContentService } from './content.service.ts';
export type { ContentSeed } from './content.repository.ts';

export function createContentModule(db: Db, clock: Clock) {
  const service = createContentService(createContentRepository(db), clock);
  return { service, routes: contentRoutes(service) };
}
