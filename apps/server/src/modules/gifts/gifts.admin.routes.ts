import type { AdminRoutes } from '../operators/index.ts';
import type { AbuseFlagsService } from './abuse-flags.service.ts';
import type { BonusesAdminService } from './bonuses-admin.service.ts';

/** The bonus screens' operator routes (ADR 033), served by the operator API from ADMIN_ROUTES. */
export function giftsAdminRoutes(service: BonusesAdminService, abuse: AbuseFlagsService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('listOffers', async (_request, _reply, { query }) => ({ data: await service.listOffers(query) }));
    route('exportOffers', async (_request, reply, { query }) =>
      csv(reply, 'offers.csv', service.offersCsv((await service.listOffers(query)).items)),
    );
    route('offer', async (_request, _reply, { params, query }) => ({
      data: await service.offer(params.id, query),
    }));
    route('createOffer', async (request, _reply, { body }) => ({
      data: await service.createOffer(body, operatorOf(request)),
    }));
    route('updateOffer', async (request, _reply, { params, body }) => ({
      data: await service.updateOffer(params.id, body, operatorOf(request)),
    }));
    route('activateOffer', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, true, operatorOf(request)),
    }));
    route('deactivateOffer', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, false, operatorOf(request)),
    }));
    route('listPromoCodes', async (_request, _reply, { query }) => ({
      data: await service.listCodes(query),
    }));
    route('createPromoCode', async (request, _reply, { body }) => ({
      data: await service.createCode(body, operatorOf(request)),
    }));
    route('playerBonuses', async (_request, _reply, { params }) => ({
      data: await service.playerBonuses(params.id),
    }));
    route('grantBonus', async (request, _reply, { params, body }) => ({
      data: await service.grant(params.id, body, operatorOf(request)),
    }));
    route('cancelBonus', async (request, _reply, { params, body }) => ({
      data: await service.cancel(params.id, params.giftId, body.reason, operatorOf(request)),
    }));
    route('listAbuseFlags', async (_request, _reply, { query }) => ({ data: await abuse.list(query) }));
    route('exportAbuseFlags', async (_request, reply, { query }) =>
      csv(reply, 'abuse-flags.csv', abuse.csv((await abuse.list(query)).items)),
    );
    route('playerAbuseFlags', async (_request, _reply, { params }) => ({
      data: await abuse.ofPlayer(params.id),
    }));
  };
}
