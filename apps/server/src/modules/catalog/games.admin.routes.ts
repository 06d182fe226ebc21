import type { AdminRoutes } from '../operators/index.ts';
import type { GamesAdminService } from './games-admin.service.ts';

/** The games and lobby screens' operator routes (ADR 037), served by the operator API from ADMIN_ROUTES. */
export function gamesAdminRoutes(service: GamesAdminService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('listGames', async (_request, _reply, { query }) => ({ data: await service.list(query) }));
    route('exportGames', async (_request, reply, { query }) =>
      csv(reply, 'games.csv', service.csv((await service.list(query)).items)),
    );
    route('game', async (_request, _reply, { params }) => ({ data: await service.game(params.id) }));
    route('updateGame', async (request, _reply, { params, body }) => ({
      data: await service.update(params.id, body, operatorOf(request)),
    }));
    route('enableGame', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, true, operatorOf(request)),
    }));
    route('disableGame', async (request, _reply, { params }) => ({
      data: await service.setActive(params.id, false, operatorOf(request)),
    }));
    route('uploadGameImage', async (request, _reply, { params, body }) => ({
      data: await service.uploadImage(params.id, body, operatorOf(request)),
    }));
    route('lobbyTabs', async () => ({ data: await service.tabs() }));
    route('orderLobbyTabs', async (request, _reply, { body }) => ({
      data: await service.orderTabs(body.ids, operatorOf(request)),
    }));
    route('gameSets', async () => ({ data: await service.sets() }));
    route('orderGameSet', async (request, _reply, { params, body }) => ({
      data: await service.orderSet(params.slug, body.gameIds, operatorOf(request)),
    }));
  };
}
