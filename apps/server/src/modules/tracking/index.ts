import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Rng } from '../../platform/rng.ts';
import { createTrackingRepository } from './tracking.repository.ts';
import { createTrackingService, type TrackingPorts } from './tracking.service.ts';
import { trackingRoutes } from './tracking.routes.ts';

export type { TrackingService, TrackingPorts } from './tracking.service.ts';

export function createTrackingModule({
  db,
  ...deps
}: {
  db: Db;
  clock: Clock;
  rng: Rng;
  secret: string;
  ports: TrackingPorts;
}) {
  const service = createTrackingService({ repository: createTrackingRepository(db), ...deps });
  return { service, routes: trackingRoutes(service) };
}
