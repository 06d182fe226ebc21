import type { AdminRoutes } from '../operators/index.ts';
import type { PromotionsAdminService } from './promotions-admin.service.ts';

/** The promotions' operator routes (ADR 040), served by the operator API from ADMIN_ROUTES. */
export function promotionsAdminRoutes(service: PromotionsAdminService): AdminRoutes {
  return ({ route, operatorOf }) => {
    route('listPromotions', async () => ({ data: await service.list() }));
    route('promotion', async (_request, _reply, { params }) => ({ data: await service.get(params.id) }));
    route('createPromotion', async (request, _reply, { body }) => ({
      data: await service.create(body, operatorOf(request)),
    }));
    route('updatePromotion', async (request, _reply, { params, body }) => ({
      data: await service.update(params.id, body, operatorOf(request)),
    }));
    route('activatePromotion', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, true, operatorOf(request)),
    }));
    route('deactivatePromotion', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, false, operatorOf(request)),
    }));
  };
}
