import type { Database } from '../src/platform/db/database.ts';
import { runSeedOnce } from '../src/platform/db/seed-runs.ts';
import type { ContentService } from '../src/modules/content/index.ts';
import type { SettingsService } from '../src/modules/settings/index.ts';
import { demoContent } from './demo-content.ts';
import { demoSettings } from './demo-settings.ts';
import { legalPageSeeds } from './demo-legal-pages.ts';

/**
 * Demo data on first start. Settings are topped up on every start (new keys appear, edited values stay);
 * content loads once per database.
 */
export async function loadDemo(
  database: Database,
  services: { settings: SettingsService; content: ContentService },
) {
  await services.settings.ensureDefaults(demoSettings);
  await runSeedOnce(database, 'demo-content-v1', () => services.content.loadDemo(demoContent));
  // The legal pages (issue 20): their own run, so a database seeded before them gets them too.
  await runSeedOnce(database, 'demo-legal-pages-v1', () =>
    services.content.loadDemo({ images: [], menus: [], pages: legalPageSeeds, redirects: [], slides: [] }),
  );
}
