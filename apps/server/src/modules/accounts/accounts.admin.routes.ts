import type { AdminRoutes } from '../operators/index.ts';
import type { PlayersAdminService } from './players-admin.service.ts';

/** The player card's labels and sessions on the operator API (ADR 045). */
export function accountsAdminRoutes(service: PlayersAdminService): AdminRoutes {
  return ({ route, operatorOf }) => {
    route('setPlayerLabel', async (request, _reply, { params }) => ({
      data: await service.setLabel(params.id, params.label, operatorOf(request)),
    }));
    route('clearPlayerLabel', async (request, _reply, { params }) => ({
      data: await service.clearLabel(params.id, params.label, operatorOf(request)),
    }));
    route('playerSessions', async (_request, _reply, { params }) => ({
      data: await service.sessions(params.id),
    }));
    route('endPlayerSession', async (request, _reply, { params }) => ({
      data: await service.endSession(params.id, params.sessionId, operatorOf(request)),
    }));
    route('endPlayerSessions', async (request, _reply, { params }) => ({
      data: await service.endAllSessions(params.id, operatorOf(request)),
    }));
  };
}
