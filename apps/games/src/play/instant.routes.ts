import type { FastifyPluginAsync } from 'fastify';
import * as dice from '../games/dice.ts';
import * as roulette from '../games/roulette.ts';
import * as classicSlot from '../games/classic-slot.ts';
import * as videoSlot from '../games/video-slot.ts';
import { classicSlotPlayBody, dicePlayBody, roulettePlayBody, videoSlotPlayBody } from './play.contracts.ts';
import { fail, InvalidChoice, type Handle } from './handle.ts';
import type { InstantGame, PlayService } from './play.service.ts';

/** The single-step engines this server runs, by their code. */
export type Engine = 'dice' | 'roulette' | 'classic-slot' | 'video-slot';
export const ENGINES: readonly Engine[] = ['dice', 'roulette', 'classic-slot', 'video-slot'];

const diceGame: InstantGame<dice.DiceChoice> = { code: 'dice', play: dice.play };
const rouletteGame: InstantGame<roulette.RouletteBet[]> = { code: 'roulette', play: roulette.play };
const classicSlotGame: InstantGame<Record<string, never>> = { code: 'classic-slot', play: classicSlot.play };
const videoSlotGame: InstantGame<Record<string, never>> = { code: 'video-slot', play: videoSlot.play };

/**
 * The single-step games' calls (`/api/{engine}/play`). `codeOf` names the game a round is played as
 * at the casino: the engine itself for Kometa's games, a studio game's own code under the studio
 * (undefined when that game does not run on this engine: 404).
 */
export function instantRoutes(deps: {
  handle: Handle;
  play: PlayService;
  codeOf: (engine: Engine, params: Record<string, string>) => string | undefined;
}): FastifyPluginAsync {
  return async (app) => {
    const { handle } = deps;
    const route = <C>(game: InstantGame<C>, handler: ReturnType<Handle>) =>
      app.post(`/api/${game.code}/play`, async (request, reply) => {
        if (!deps.codeOf(game.code as Engine, request.params as Record<string, string>)) {
          return fail(reply, 404, 'unknownGame');
        }
        return handler(request, reply);
      });
    const code = (engine: Engine, params: Record<string, string>) => deps.codeOf(engine, params) as string;

    route(
      diceGame,
      handle(dicePlayBody, async (body, session, params) => {
        const choice = { chance: body.chance, direction: body.direction };
        const result = await deps.play.play(diceGame, session, choice, body.stake, code('dice', params));
        return { ...result, multiplier: dice.multiplier(body) };
      }),
    );

    route(
      rouletteGame,
      handle(roulettePlayBody, async (body, session, params) => {
        const bets = body.bets.map((bet) => {
          const standard = roulette.betOf(bet.numbers);
          if (!standard) throw new InvalidChoice('not a bet of the table');
          return { numbers: standard.numbers, stake: bet.stake };
        });
        return deps.play.play(
          rouletteGame,
          session,
          bets,
          roulette.totalStake(bets),
          code('roulette', params),
        );
      }),
    );

    route(
      classicSlotGame,
      handle(classicSlotPlayBody, async (body, session, params) =>
        body.freeRound
          ? deps.play.playFreeRound(classicSlotGame, session, {}, code('classic-slot', params), 5)
          : deps.play.play(classicSlotGame, session, {}, body.stake, code('classic-slot', params)),
      ),
    );

    route(
      videoSlotGame,
      handle(videoSlotPlayBody, async (body, session, params) =>
        body.freeRound
          ? deps.play.playFreeRound(videoSlotGame, session, {}, code('video-slot', params), 10)
          : deps.play.play(videoSlotGame, session, {}, body.stake, code('video-slot', params)),
      ),
    );
  };
}
