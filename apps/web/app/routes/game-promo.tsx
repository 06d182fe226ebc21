import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { formatPercent } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { FavoriteButton } from '../features/lobby/components/FavoriteButton.tsx';
import { GameCover } from '../features/lobby/components/GameCover.tsx';
import '../features/lobby/components/lobby.css';

/** A game's public page (spec §2.1 /game_promo/{slug}): what it is, with its SEO head, and the way in. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const slug = params.slug ?? '';
  const [game, page] = await Promise.all([lobbyApi(api).game(slug), pageOf(api, `game_promo/${slug}`)]);
  if (!game) throw data(null, { status: 404 });
  return { game, page, canonical: canonicalOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  loaded
    ? [
        ...seoMeta(
          loaded.page,
          {
            title: `${loaded.game.title} — ${ru.site.name}`,
            description: ru.lobby.promoDescription(loaded.game.title, loaded.game.developer.name),
          },
          loaded.canonical,
        ),
        { property: 'og:image', content: loaded.game.image },
      ]
    : [];

export default function GamePromo() {
  const { game } = useLoaderData<typeof loader>();
  const play = `/game/${game.developer.canonical}/${game.slug}`;
  return (
    <main id="content" className="page game-promo">
      <GameCover
        src={game.image}
        width={480}
        height={360}
        sizes="(max-width: 767px) 100vw, 50vw"
        eager
        className="game-promo-image"
      />
      <div className="game-promo-info">
        <h1>{game.title}</h1>
        <dl className="facts">
          <dt>{ru.lobby.studio}</dt>
          <dd>
            <Link to={`/games/developer/${game.developer.canonical}`}>{game.developer.name}</Link>
          </dd>
          {game.rtp !== null && (
            <>
              <dt>{ru.lobby.rtp}</dt>
              <dd>{formatPercent(game.rtp)}</dd>
            </>
          )}
        </dl>
        {game.verifiedOnly && <p>{ru.lobby.verifiedOnly}</p>}
        <p className="modal-actions">
          <Link className="button button-accent" to={play}>
            {ru.lobby.play}
          </Link>
          {game.demoAvailable && (
            <Link className="button button-ghost" to={`${play}?mode=demo`}>
              {ru.lobby.demo}
            </Link>
          )}
          <FavoriteButton gameId={game.id} title={game.title} />
        </p>
      </div>
    </main>
  );
}
