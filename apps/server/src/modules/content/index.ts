import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createContentRepository } from './content.repository.ts';
import { createContentService } from './content.service.ts';
import { contentRoutes, mediaRoutes } from './content.routes.ts';
import { createContentAdminRepository } from './content-admin.repository.ts';
import { createContentAdminService, type ContentAdminPorts } from './content-admin.service.ts';
import { contentAdminRoutes } from './content.admin.routes.ts';

export type { ContentService } from './content.service.ts';
export type { ContentSeed } from './content.repository.ts';
export type { ContentAdminPorts } from './content-admin.service.ts';
export { sanitizeRichText } from './rich-text.ts';

/**
 * The site's content (spec §2.2, §3): SEO pages and redirects, menus, rotators, project images; and
 * their back-office screens (ADR 038), whose changes drop the guest caches.
 */
export function createContentModule({ db, clock }: { db: Db; clock: Clock }) {
  const service = createContentService(createContentRepository(db), clock);
  const adminRepository = createContentAdminRepository(db);
  return {
    service,
    routes: contentRoutes(service),
    /** The content screens' service and operator routes, with the audit writer and cache invalidation. */
    admin(ports: ContentAdminPorts) {
      const admin = createContentAdminService({ db, repository: adminRepository, clock, ports });
      return { service: admin, routes: contentAdminRoutes(admin), media: mediaRoutes(admin) };
    },
  };
}
