import type { Db } from '../../platform/db/database.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, type SettingsServiceOptions } from './settings.service.ts';
import { settingsRoutes } from './settings.routes.ts';

export type { SettingsService } from './settings.service.ts';

export function createSettingsModule(db: Db, options: SettingsServiceOptions) {
  const service = createSettingsService(createSettingsRepository(db), options);
  return { service, routes: settingsRoutes(service) };
}
