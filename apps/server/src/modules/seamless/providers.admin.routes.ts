import type { AdminRoutes } from '../operators/index.ts';
import type { ProvidersAdminService } from './providers-admin.service.ts';

/** The providers screen's operator routes (ADR 037), served by the operator API from ADMIN_ROUTES. */
export function providersAdminRoutes(service: ProvidersAdminService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('listProviders', async (_request, _reply, { query }) => ({ data: await service.list(query) }));
    route('exportProviders', async (_request, reply, { query }) =>
      csv(reply, 'providers.csv', service.csv((await service.list(query)).items)),
    );
    route('createProvider', async (request, _reply, { body }) => ({
      data: await service.create(body, operatorOf(request)),
    }));
    route('enableProvider', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, true, operatorOf(request)),
    }));
    route('disableProvider', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, false, operatorOf(request)),
    }));
    route('rotateProviderSecret', async (request, _reply, { params }) => ({
      data: await service.rotate(params.id, operatorOf(request)),
    }));
  };
}
