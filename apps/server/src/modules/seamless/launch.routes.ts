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
import { authOf } from '../../platform/http/auth-guard.ts';
import type { Authenticated } from '../accounts/index.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { GameSessions } from './game-sessions.ts';

const launchResponse = dataEnvelope(
  z.object({ url: z.string(), token: z.string(), expiresAt: z.number().int(), currency: currencyCode }),
);

export type GameLauncher = (
  auth: Authenticated,
  game: { provider: string; code: string; mode: 'real' | 'demo' },
  language: string,
) => Promise<{ url: string; token: string; expiresAt: number; currency: CurrencyCode }>;

/** The reality check a frame shows itself (ADR 046): unix seconds, and the net result so far. */
export interface LaunchRealityCheck {
  sessionStartedAt: number;
  intervalMinutes: number;
  nextCheckAt: number;
  net: number;
}

/** What the frame is told at launch (ADR 046): autoplay's round limit, the reality check's schedule. */
export interface LaunchFrame {
  autoplay: number;
  realityCheck: LaunchRealityCheck | null;
}

/**
 * The frame's rules as launch parameters: `autoplay` (rounds, 0: none) and `rc` (session start,
 * interval in minutes, next reminder, net result at launch). The game server trusts only the casino's
 * signed user/info for real money; these only let the frame show what applies (ADR 046).
 */
function withFrame(url: string, frame: LaunchFrame): string {
  const parsed = new URL(url);
  parsed.searchParams.set('autoplay', String(frame.autoplay));
  const check = frame.realityCheck;
  if (check)
    parsed.searchParams.set(
      'rc',
      [check.sessionStartedAt, check.intervalMinutes, check.nextCheckAt, check.net].join('.'),
    );
  return parsed.toString();
}

/**
 * Launches a game: player protection's say first (exclusion, session time), then a provider session
 * and the provider's launch address with its token, mode and language.
 */
export function gameLauncher(deps: {
  sessions: GameSessions;
  launchUrl: (provider: string) => Promise<string | undefined>;
  mayPlay: (auth: Authenticated) => Promise<void>;
  frame?: (auth: Authenticated, game: { provider: string; code: string }) => Promise<LaunchFrame>;
}): GameLauncher {
  return async (auth, game, language) => {
    const template = await deps.launchUrl(game.provider);
    if (!template) throw new AppError('NOT_FOUND');
    await deps.mayPlay(auth);
    const session = await deps.sessions.launch(auth, game.provider, game.code, game.mode);
    const filled = fillLaunchUrl(template, {
      code: game.code,
      token: session.token,
      mode: game.mode,
      language,
    });
    const url = deps.frame ? withFrame(filled, await deps.frame(auth, game)) : filled;
    return { url, ...session };
  };
}

/**
 * A guest's demo frame (a game's promo page): play money only, so no session at the casino; the
 * token only keeps the guest's play-money balance apart at the provider.
 */
export function guestLauncher(deps: {
  launchUrl: (provider: string) => Promise<string | undefined>;
  repository: SeamlessRepository;
  rng: Rng;
  autoplay?: (game: { provider: string; code: string }) => Promise<number>;
}) {
  return async (game: { provider: string; code: string }, language: string) => {
    const template = await deps.launchUrl(game.provider);
    const found = await deps.repository.game(game.provider, game.code);
    if (!template || !found?.active || !found.demoAvailable) throw new AppError('NOT_FOUND');
    const url = fillLaunchUrl(template, {
      code: game.code,
      token: randomToken(deps.rng, 256),
      mode: 'demo',
      language,
    });
    return deps.autoplay ? withFrame(url, { autoplay: await deps.autoplay(game), realityCheck: null }) : url;
  };
}

const fillLaunchUrl = (
  template: string,
  launch: { code: string; token: string; mode: 'real' | 'demo'; language: string },
) =>
  template
    .replace('{game}', encodeURIComponent(launch.code))
    .replace('{token}', encodeURIComponent(launch.token))
    .replace('{mode}', launch.mode)
    .replace('{lang}', launch.language);

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
                gameName: row.gameName,
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
