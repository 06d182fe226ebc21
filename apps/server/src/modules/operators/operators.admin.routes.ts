import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AdminMessage,
  ADMIN_ROUTES,
  CSRF_HEADER,
  type AdminRouteName,
  type Permission,
} from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { attachment } from '../../platform/http/csv.ts';
import { sameSecret } from '../../platform/secrets.ts';
import type { FourEyes } from './four-eyes.ts';
import { actorOf, operatorOf, operatorToken, requireOperator, setOperatorCookie } from './operator-guard.ts';
import type { OperatorsService } from './operators.service.ts';
import type { PlayersDesk } from './players-desk.ts';
import type { SignedInOperator } from './actor.ts';

type Routes = typeof ADMIN_ROUTES;
type Part<N extends AdminRouteName, K extends string> =
  Routes[N]['schema'] extends Record<K, infer S extends z.ZodType> ? z.output<S> : never;
/** A route's validated input, typed from its contract (Fastify has validated and coerced it). */
export interface Input<N extends AdminRouteName> {
  body: Part<N, 'body'>;
  query: Part<N, 'querystring'>;
  params: Part<N, 'params'>;
}
const inputOf = <N extends AdminRouteName>(request: FastifyRequest) =>
  ({ body: request.body, query: request.query, params: request.params }) as Input<N>;

/**
 * What another module's `<domain>.admin.routes.ts` gets to serve its rows of ADMIN_ROUTES: the same
 * registration (contract schemas, the permission guard, no-store), the signed-in operator, CSV.
 */
export interface AdminRouter {
  route<N extends AdminRouteName>(
    name: N,
    handler: (request: FastifyRequest, reply: FastifyReply, input: Input<N>) => Promise<unknown>,
  ): void;
  operatorOf(request: FastifyRequest): SignedInOperator;
  csv(reply: FastifyReply, name: string, text: string): FastifyReply;
}
export type AdminRoutes = (router: AdminRouter) => void;

/** Another module's queue on the dashboard (withdrawals waiting, documents to check). */
export interface DashboardQueue {
  name: 'withdrawals' | 'kycDocuments';
  permission: Permission;
  count: () => Promise<number>;
}

/**
 * The operator API (`/api/admin/*`, ADR 028), registered from the contracts' route table: each route's
 * method, path, schemas and permission come from ADMIN_ROUTES, and requireOperator checks the permission
 * on the server before anything else runs.
 */
export function operatorsAdminRoutes(deps: {
  service: OperatorsService;
  fourEyes: FourEyes;
  players: PlayersDesk;
  /** Other modules' operator routes (bound in the composition). */
  others: readonly AdminRoutes[];
  /** Other modules' queues on the dashboard. */
  queues?: readonly DashboardQueue[];
}): FastifyPluginAsyncZod {
  const { service, fourEyes, players } = deps;
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    function route<N extends AdminRouteName>(
      name: N,
      handler: (request: FastifyRequest, reply: FastifyReply, input: Input<N>) => Promise<unknown>,
    ): void {
      const definition: Routes[AdminRouteName] = ADMIN_ROUTES[name];
      const { response, ...schema } = definition.schema;
      app.route({
        method: definition.method,
        url: definition.path,
        onRequest: requireOperator(service, definition.access),
        ...('bodyLimit' in definition ? { bodyLimit: definition.bodyLimit } : {}),
        schema: {
          tags: ['admin'],
          summary: definition.summary,
          hide: true,
          ...schema,
          ...('file' in definition ? {} : { response: { 200: response } }),
        },
        handler: (request, reply) => handler(request, reply, inputOf<N>(request)),
      });
    }

    /** The CSRF token of the pending sign-in must come back with its second step. */
    const pendingToken = (request: FastifyRequest): string | null => {
      const token = operatorToken(request);
      const sent = request.headers[CSRF_HEADER];
      if (token && (typeof sent !== 'string' || !sameSecret(sent, service.csrfOf(token)))) {
        throw new AppError('FORBIDDEN', { message: AdminMessage.csrf });
      }
      return token;
    };
    const signedIn = (request: FastifyRequest, reply: FastifyReply, token: string) => {
      setOperatorCookie(request, reply, token);
    };
    const csv = (reply: FastifyReply, name: string, text: string) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(name)).send(text);
    const actor = (request: FastifyRequest) => ({ ...actorOf(request), id: null, email: null });

    route('login', async (request, reply, { body }) => {
      const { token, answer } = await service.login(body.email, body.password, actor(request));
      signedIn(request, reply, token);
      return { data: answer };
    });
    route('verifyTotp', async (request, reply, { body }) => {
      const { token, answer } = await service.verifyTotp(pendingToken(request), body.code, actor(request));
      signedIn(request, reply, token);
      return { data: answer };
    });
    route('enrolTotp', async (request, reply, { body }) => {
      const { token, answer } = await service.enrolTotp(pendingToken(request), body.code, actor(request));
      signedIn(request, reply, token);
      return { data: answer };
    });
    route('session', async (request) => ({ data: await service.session(operatorOf(request)) }));
    route('logout', async (request, reply) => {
      await service.logout(operatorOf(request));
      setOperatorCookie(request, reply, null);
      return { data: { success: true } };
    });

    route('dashboard', async (request) => {
      const operator = operatorOf(request);
      const answer = await fourEyes.queue(operator);
      const extra = { withdrawals: null as number | null, kycDocuments: null as number | null };
      for (const queue of deps.queues ?? []) {
        if (operator.permissions.includes(queue.permission)) extra[queue.name] = await queue.count();
      }
      return { data: { ...answer, queues: { ...answer.queues, ...extra } } };
    });

    route('listOperators', async (_request, _reply, { query }) => ({
      data: await service.listOperators(query),
    }));
    route('exportOperators', async (_request, reply, { query }) =>
      csv(reply, 'operators.csv', service.operatorsCsv((await service.listOperators(query)).items)),
    );
    route('createOperator', async (request, _reply, { body }) => ({
      data: await service.createOperator(body, operatorOf(request)),
    }));
    route('setOperatorRoles', async (request, _reply, { params, body }) => ({
      data: await service.setRoles(params.id, body.roles, operatorOf(request)),
    }));
    route('blockOperator', async (request, _reply, { params }) => ({
      data: await service.setBlocked(params.id, true, operatorOf(request)),
    }));
    route('unblockOperator', async (request, _reply, { params }) => ({
      data: await service.setBlocked(params.id, false, operatorOf(request)),
    }));
    route('resetOperatorTotp', async (request, _reply, { params }) => ({
      data: await service.resetTotp(params.id, operatorOf(request)),
    }));

    route('listAudit', async (_request, _reply, { query }) => ({ data: await service.listAudit(query) }));
    route('exportAudit', async (_request, reply, { query }) =>
      csv(reply, 'audit.csv', service.auditCsv((await service.listAudit(query)).items)),
    );

    route('listApprovals', async (_request, _reply, { query }) => ({ data: await fourEyes.list(query) }));
    route('exportApprovals', async (_request, reply, { query }) =>
      csv(reply, 'approvals.csv', fourEyes.csv((await fourEyes.list(query)).items)),
    );
    route('approve', async (request, _reply, { params, body }) => ({
      data: await fourEyes.approve(params.id, operatorOf(request), body.comment),
    }));
    route('reject', async (request, _reply, { params, body }) => ({
      data: await fourEyes.reject(params.id, operatorOf(request), body.reason),
    }));

    route('searchPlayers', async (_request, _reply, { query }) => ({
      data: await players.search(query),
    }));
    route('player', async (_request, _reply, { params }) => ({ data: await players.player(params.id) }));
    route('adjustBalance', async (request, _reply, { params, body }) => ({
      data: await players.adjust(params.id, body, operatorOf(request)),
    }));

    route('playerNotes', async (_request, _reply, { params }) => ({ data: await players.notes(params.id) }));
    route('addPlayerNote', async (request, _reply, { params, body }) => ({
      data: await players.addNote(params.id, body.text, operatorOf(request)),
    }));

    for (const routes of deps.others) routes({ route, operatorOf, csv });
  };
}
