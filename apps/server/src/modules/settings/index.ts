import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, type SettingsServiceOptions } from './settings.service.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsAdmin, type SettingsAdminPorts } from './settings-admin.ts';

export type { SettingsService } from './settings.service.ts';
export type { SettingsAdminPorts } from './settings-admin.ts';

export function createSettingsModule({ db, ...options }: { db: Db } & SettingsServiceOptions) {
  const repository = createSettingsRepository(db);
  const service = createSettingsService(repository, options);
  return {
    service,
    routes: settingsRoutes(service),
    /** The settings screen of the back office (ADR 038). */
    admin: (deps: { clock: Clock; ports: SettingsAdminPorts }) =>
      createSettingsAdmin({ db, repository, ...deps }),
  };
}
