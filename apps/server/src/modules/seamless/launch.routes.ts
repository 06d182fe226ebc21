import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  dataEnvelope,
  gameHistoryQuery,
  gameHistoryResponse,
  gameLaunchBody,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { SeamlessRepository } from './seamless.repository.ts';
import { currencyCode } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { authOf, type Authenticated } from '../accounts/index.ts';
import type { GameSessions } from './game-sessions.ts';

const launchResponse = dataEnvelope(
  z.object({ url: z.string(), token: z.string(), expiresAt: z.number().int(), currency: currencyCode }),
);

export type GameLauncher = (
  auth: Authenticated,
  game: { provider: string; code: string; mode: 'real' | 'demo' },
  language: string,
) => Promise<{ url: string; token: string; expiresAt: number; currency: CurrencyCode }>;

/**
 * Launches a game: player protection's say first (exclusion, session time), then a provider session
 * and the provider's launch address with its token, mode and language.
 */
export function gameLauncher(deps: {
  sessions: GameSessions;
  launchUrls: Map<string, string>;
  mayPlay: (auth: Authenticated) => Promise<void>;
}): GameLauncher {
  return async (auth, game, language) => {
    const template = deps.launchUrls.get(game.provider);
    if (!template) throw new AppError('NOT_FOUND');
    await deps.mayPlay(auth);
    const session = await deps.sessions.launch(auth, game.provider, game.code, game.mode);
    const url = template
      .replace('{game}', encodeURIComponent(game.code))
      .replace('{token}', encodeURIComponent(session.token))
      .replace('{mode}', game.mode)
      .replace('{lang}', language);
    return { url, ...session };
  };
}

/** Launching a game (spec §4 game launch): a provider session and the address the game frame opens. */
export function launchRoutes(deps: {
  sessions: GameSessions;
  repository: SeamlessRepository;
  authenticated: preHandlerAsyncHookHandler;
  launch: GameLauncher;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec's path, and the one the game server's tests and tools have used since session 2.
    for (const path of ['/users/self/gameHistory', '/games/history']) {
      app.get(
        path,
        {
          preHandler: deps.authenticated,
          schema: {
            tags: ['games'],
            summary: "The player's game rounds, newest first (bets and wins in minor units)",
            querystring: gameHistoryQuery,
            response: { 200: gameHistoryResponse },
          },
        },
        async (request) => {
          const found = await deps.repository.history(authOf(request).user.id, request.query);
          return {
            data: {
              count: found.count,
              items: found.items.map((row) => ({
                provider: row.provider,
                game: row.gameCode,
                round: row.round,
                currency: row.currency as CurrencyCode,
                bet: row.betTotal,
                win: row.winTotal,
                openedAt: Math.floor(row.openedAt.getTime() / 1000),
                closedAt: row.closedAt ? Math.floor(row.closedAt.getTime() / 1000) : null,
              })),
            },
          };
        },
      );
    }

    app.post(
      '/games/:provider/:code/launch',
      {
        preHandler: deps.authenticated,
        schema: {
          tags: ['games'],
          summary: 'Launch a game for real money or in demo mode (417 kyc-verified for verified-only games)',
          querystring: commonQuery,
          params: z.strictObject({
            provider: z.string().regex(/^[a-z0-9_-]{1,32}$/),
            code: z.string().regex(/^[a-z0-9_-]{1,64}$/),
          }),
          body: gameLaunchBody,
          response: { 200: launchResponse },
        },
      },
      async (request) => {
        const { provider, code } = request.params;
        return {
          data: await deps.launch(
            authOf(request),
            { provider, code, mode: request.body.mode },
            request.ctx.language,
          ),
        };
      },
    );
  };
}
