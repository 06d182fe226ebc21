import type { AdminRoutes } from '../operators/index.ts';
import type { ReportsService } from './reports.service.ts';

const periodOf = (query: { from: string; to: string }) => ({
  from: new Date(query.from),
  to: new Date(query.to),
});
const fileDay = (iso: string) => iso.slice(0, 10);

/** The reports' operator routes (ADR 039), served by the operator API from ADMIN_ROUTES. */
export function reportsAdminRoutes(service: ReportsService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('dashboardFigures', async (request) => ({
      data: await service.dashboard(operatorOf(request).permissions.includes('reports.view')),
    }));
    route('financeReport', async (_request, _reply, { query }) => ({
      data: await service.finance(periodOf(query), query.currency),
    }));
    route('exportFinanceReport', async (_request, reply, { query }) =>
      csv(
        reply,
        `report-${query.table}-${query.currency}-${fileDay(query.from)}-${fileDay(query.to)}.csv`,
        await service.financeCsv(periodOf(query), query.currency, query.table),
      ),
    );
    route('reconciliation', async (_request, _reply, { query }) => ({
      data: await service.reconcile(periodOf(query), query.currency),
    }));
    route('exportReconciliation', async (_request, reply, { query }) =>
      csv(
        reply,
        `reconciliation-${query.currency}-${fileDay(query.from)}-${fileDay(query.to)}.csv`,
        service.reconciliationCsv(await service.reconcile(periodOf(query), query.currency)),
      ),
    );
    route('responsibleGamingReport', async (_request, _reply, { query }) => ({
      data: await service.responsibleGaming(periodOf(query)),
    }));
    route('ledgerEntries', async (_request, _reply, { query }) => ({
      data: await service.ledgerEntries(query),
    }));
  };
}
