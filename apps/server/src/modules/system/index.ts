import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/index.ts';
import { createSystemService } from './system.service.ts';
import { mobappRoutes, systemRoutes } from './system.routes.ts';

export type { SystemService } from './system.service.ts';

export function createSystemModule(deps: { clock: Clock; settings: SettingsService }) {
  const service = createSystemService(deps);
  return { service, routes: systemRoutes(service), unversionedRoutes: mobappRoutes(service) };
}
