import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  confirmLimitBody,
  limitKindParams,
  limitsResponse,
  realityCheckBody,
  realityCheckResponse,
  selfExclusionBody,
  selfExclusionResponse,
  setLimitBody,
} from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { Player, ProtectionService } from './protection.service.ts';

const playerOf = ({ user }: Authenticated): Player => ({
  id: user.id,
  currency: user.currency,
  email: user.email,
  phone: user.phone,
});

/** /games-limits, /self-exclusion-option and the reality check (spec §2.1; issue 7). */
export function protectionRoutes(
  service: ProtectionService,
  authenticated: preHandlerAsyncHookHandler,
  timezone: string,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['protection'];

    app.get(
      '/games-limits',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Limits with what is used, what remains, when each period resets, and waiting changes',
          querystring: commonQuery,
          response: { 200: limitsResponse },
        },
      },
      async (request) => ({ data: { ...(await service.limits(playerOf(authOf(request)))), timezone } }),
    );

    app.put(
      '/games-limits/:kind',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            'Set a limit: lower or add at once; raise or remove (null) after 24 hours and a confirmation',
          params: limitKindParams,
          querystring: commonQuery,
          body: setLimitBody,
          response: { 200: limitsResponse },
        },
      },
      async (request) => {
        const changed = await service.setLimit(
          playerOf(authOf(request)),
          request.params.kind,
          request.body.period,
          request.body.amount,
        );
        return { data: { ...changed, timezone } };
      },
    );

    app.post(
      '/games-limits/:kind/confirm',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Confirm a raise or a removal once its 24-hour cooling-off is over',
          params: limitKindParams,
          querystring: commonQuery,
          body: confirmLimitBody,
          response: { 200: limitsResponse },
        },
      },
      async (request) => {
        const confirmed = await service.confirmLimit(
          playerOf(authOf(request)),
          request.params.kind,
          request.body.period,
        );
        return { data: { ...confirmed, timezone } };
      },
    );

    app.get(
      '/self-exclusion-option',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Time-out and self-exclusion options, and the one in force',
          querystring: commonQuery,
          response: { 200: selfExclusionResponse },
        },
      },
      async (request) => ({ data: await service.exclusion(playerOf(authOf(request))) }),
    );

    app.post(
      '/self-exclusion-option',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Start a time-out or a self-exclusion at once (every session ends; never shortened)',
          querystring: commonQuery,
          body: selfExclusionBody,
          response: { 200: selfExclusionResponse },
        },
      },
      async (request) => ({ data: await service.exclude(playerOf(authOf(request)), request.body.option) }),
    );

    app.get(
      '/users/self/reality-check',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Time since login, stakes and wins since then, and whether a reminder is due',
          querystring: commonQuery,
          response: { 200: realityCheckResponse },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return { data: await service.realityCheck(playerOf(auth), auth.session.id) };
      },
    );

    app.put(
      '/users/self/reality-check',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Choose the reminder interval (10 to 240 minutes; 60 by default)',
          querystring: commonQuery,
          body: realityCheckBody,
          response: { 200: realityCheckResponse },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return {
          data: await service.setRealityInterval(
            playerOf(auth),
            auth.session.id,
            request.body.intervalMinutes,
          ),
        };
      },
    );

    app.post(
      '/users/self/reality-check/acknowledge',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The player saw the reminder: the next one comes an interval later',
          querystring: commonQuery,
          response: { 200: realityCheckResponse },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return { data: await service.acknowledgeRealityCheck(playerOf(auth), auth.session.id) };
      },
    );
  };
}
