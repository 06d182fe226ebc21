import type { FastifyContextConfig, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { commonQuery } from '@kometa/contracts';

/** What one call of the API says about itself: the contract's schemas and its one 200 answer. */
export interface CallSchema {
  summary: string;
  params?: z.ZodType;
  /** The call's own query; every call accepts the common one (spec §6), the default. */
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** What a group of calls shares: where the API documentation lists them, the guard, the route config. */
export interface CallGroup {
  tags: string[];
  preHandler?: preHandlerAsyncHookHandler;
  config?: FastifyContextConfig;
}

type QueryOf<S extends CallSchema> = S['querystring'] extends z.ZodType
  ? S['querystring']
  : typeof commonQuery;

/**
 * The route options of a group's calls, so a route states only what is its own:
 * `app.get(url, playerCall({ summary, params, response }), handler)`. The schemas keep their types, so
 * the handler's `request.params`, `query` and `body` are typed from the contract as before.
 */
export function routeOptions(group: CallGroup) {
  return <const S extends CallSchema>({ response, querystring, ...schema }: S) => ({
    ...(group.preHandler ? { preHandler: group.preHandler } : {}),
    ...(group.config ? { config: group.config } : {}),
    schema: {
      tags: group.tags,
      ...schema,
      querystring: (querystring ?? commonQuery) as QueryOf<S>,
      response: { 200: response as S['response'] },
    },
  });
}
