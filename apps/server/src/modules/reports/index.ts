import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createReconciliation, type ReconciliationPorts } from './reconciliation.ts';
import { reportsAdminRoutes } from './reports.admin.routes.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

export type { ReportsService } from './reports.service.ts';
export type { ReconciliationPorts, StatementRecord } from './reconciliation.ts';
export { rtpBand, RTP_MIN_ROUNDS, RTP_BAND_SIGMAS } from './reports.service.ts';

/** What the reports need of other modules (bound in the composition). */
export interface ReportsPorts extends ReconciliationPorts {
  /** Withdrawals not final yet (payments module). */
  waitingWithdrawals(): Promise<number>;
  /** KYC documents waiting for a review (verification module). */
  pendingKyc(): Promise<number>;
}

/**
 * Reports of the back office (issue 18 items 7 and 8, ADR 039): finance over a period and currency
 * from the ledger, the reconciliation with the payment providers and the game server, the
 * responsible-gaming report, the ledger's entries, and the dashboard's figures and alerts.
 */
export function createReportsModule(deps: { db: Db; clock: Clock; timezone: string; ports: ReportsPorts }) {
  const repository = createReportsRepository(deps.db, deps.timezone);
  const now = () => deps.clock.now();
  const reconciliation = createReconciliation({ repository, ports: deps.ports, now });
  const service = createReportsService({
    repository,
    reconciliation,
    timezone: deps.timezone,
    now,
    queues: { withdrawals: () => deps.ports.waitingWithdrawals(), kyc: () => deps.ports.pendingKyc() },
  });
  return { service, admin: reportsAdminRoutes(service) };
}
