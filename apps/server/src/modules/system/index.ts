import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/index.ts';
import { createSystemService } from './system.service.ts';
import { mobappRoutes, systemRoutes } from './system.routes.ts';

export type { SystemService } from './system.service.ts';

/** What the system calls need from other modules. */
export interface SystemPorts {
  settings: SettingsService;
}

export function createSystemModule(deps: { clock: Clock; ports: SystemPorts }) {
  const service = createSystemService({ clock: deps.clock, settings: deps.ports.settings });
  return { service, routes: systemRoutes(service), unversionedRoutes: mobappRoutes(service) };
}
