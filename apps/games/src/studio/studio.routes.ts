import type { FastifyPluginAsync } from 'fastify';
import {
  demoGameBySlug,
  lookOfSlug,
  themedBackdropSvg,
  themedSymbols,
  type DemoGameLook,
  type ThemedSymbols,
} from '@kometa/themes';
import type { Seeds } from '../fairness/seeds.ts';
import { clientBundle } from '../ui/clients.ts';
import type { FrameAs, FrameTheme } from '../ui/frame.ts';
import { originalPage } from '../ui/original.page.ts';
import { firstCalls } from '../ui/first-calls.ts';
import { slotPage } from '../ui/slot.page.ts';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { fail, handlerFor, sendFrame } from '../play/handle.ts';
import { ENGINES, instantRoutes, type Engine } from '../play/instant.routes.ts';
import type { PlayService } from '../play/play.service.ts';
import type { Rounds } from '../play/rounds.ts';
import { sessionRoutes } from '../play/session.routes.ts';
import type { PlaySessions } from '../play/sessions.ts';

/** A studio game's frame: the engine's own client on the renderer, dressed as the game (ADR 052). */
function studioPage(engine: Engine, mode: 'real' | 'demo', entry: { script: string }, as: FrameAs): string {
  return engine === 'classic-slot' || engine === 'video-slot'
    ? slotPage(engine, mode, entry, as)
    : originalPage(engine, mode, entry, as);
}

/**
 * The theme's pictures under the engines' symbol codes: the classic slot's fruits and bell, the video
 * slot's royals, the top symbol (S in both), the high symbol and the scatter.
 */
function frameThemeOf(look: DemoGameLook): FrameTheme {
  const symbols = themedSymbols(look);
  const { accent, accent2, glow } = look.theme.palettes[look.palette]!;
  const [l0, l1, l2, l3, l4] = symbols.low as [
    ThemedSymbol,
    ThemedSymbol,
    ThemedSymbol,
    ThemedSymbol,
    ThemedSymbol,
  ];
  return {
    backdrop: themedBackdropSvg(look),
    symbols: {
      ...{ C: l0, L: l1, P: l2, B: symbols.high },
      ...{ T: l0, J: l1, Q: l2, K: l3, A: l4, D: symbols.high, F: symbols.scatter },
      S: symbols.top,
    },
    palette: { accent, accent2, glow },
  };
}
type ThemedSymbol = ThemedSymbols['low'][number];

/**
 * A studio game's code is `{engine}:{name}` (`classic-slot:golden-dragon`): the engine it runs on. Its
 * title and look are the demo studio's (ADR 050), the same as the lobby's; an address the demo did not
 * generate gets a Latin title from its name and a theme picked from it.
 */
export function studioGame(code: string): { engine: Engine; slug: string; title: string } | undefined {
  const match = /^([a-z-]+):([a-z0-9-]{1,100})$/.exec(code);
  const engine = match?.[1] as Engine | undefined;
  if (!match || !engine || !ENGINES.includes(engine)) return undefined;
  const slug = match[2]!;
  const title =
    demoGameBySlug(slug)?.title ??
    slug
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  return { engine, slug, title };
}

/**
 * The generic demo studio (ADR 020): the demo lobby's third-party games, each played on one of our
 * provably-fair engines under its own code, as the casino's provider `demo` (registered under the
 * prefix `/studio/:code`: the page is `/studio/{code}/play`, its calls `/studio/{code}/api/...`).
 */
export function studioRoutes(deps: {
  sessions: PlaySessions;
  play: PlayService;
  /** The operator's sites: the only origins that may embed a frame or be linked from it. */
  siteOrigins: readonly string[];
  seeds: Seeds;
  rounds: Rounds;
}): FastifyPluginAsync {
  return async (app) => {
    const handle = handlerFor(deps.sessions);

    app.get('/play', async (request, reply) => {
      const { code } = request.params as { code: string };
      const game = studioGame(code);
      if (!game) {
        reply.code(404);
        return sendFrame(
          reply,
          request,
          () =>
            `<!doctype html><html lang="ru"><meta charset="utf-8"><p>${gameMessagesRu.errors.unknownGame}</p></html>`,
          deps.siteOrigins,
        );
      }
      const base = `/studio/${encodeURIComponent(code)}`;
      const as = { title: game.title, base, theme: frameThemeOf(lookOfSlug(game.slug)) };
      const entry = (await clientBundle()).entries[game.engine];
      return sendFrame(
        reply,
        request,
        (mode) => studioPage(game.engine, mode, entry, as),
        deps.siteOrigins,
        firstCalls(game.engine, base),
      );
    });

    await app.register(async (api) => {
      // Every studio call names its game in the path; an unknown one is refused before any session.
      api.addHook('preHandler', async (request, reply) => {
        if (!studioGame((request.params as { code: string }).code)) return fail(reply, 404, 'unknownGame');
      });
      await api.register(
        instantRoutes({
          handle,
          play: deps.play,
          codeOf: (engine, params) =>
            studioGame(params.code ?? '')?.engine === engine ? params.code : undefined,
        }),
      );
      await api.register(sessionRoutes({ handle, play: deps.play, seeds: deps.seeds, rounds: deps.rounds }));
    });
  };
}
