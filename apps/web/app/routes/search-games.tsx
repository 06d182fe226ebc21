import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { GameSearchResult, SearchRecommendation } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';
import '../ui/tabs.css';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { countOf } from '../lib/format.ts';
import { GameGrid, GameSection } from '../features/lobby/components/GameGrid.tsx';
import { SearchBox } from '../features/lobby/components/SearchBox.tsx';
import '../features/lobby/components/lobby.css';

/**
 * Game search (spec §2.1 /search-games): by name in Russian or Latin letters and by tag, most played
 * first; with recommended games and tags while nothing is asked (spec §5: only a non-empty query runs).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 64);
  const tag = url.searchParams.get('tag')?.slice(0, 64) ?? '';
  const api = await serverApi(request, context);
  const isMobile = isMobileAgent(request.headers.get('user-agent'));
  const recommendation = await api.get<SearchRecommendation>('/games-recommendation/for-search', {
    isMobile,
  });
  const found =
    query || tag
      ? await api.get<GameSearchResult>('/game-search', {
          ...(query ? { query } : {}),
          ...(tag ? { tags: tag } : {}),
          sort: '-userStatistic',
          limit: 40,
          isMobile,
        })
      : null;
  return {
    query,
    tag,
    tags: recommendation.data?.tags ?? [],
    recommended: recommendation.data?.games ?? [],
    found: found?.data ?? null,
  };
}

export const meta: MetaFunction = () => [{ title: `${ru.search.title} — ${ru.site.name}` }];

export default function SearchGames() {
  const { query, tag, tags, recommended, found } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page">
      <h1>{ru.search.title}</h1>
      <SearchBox query={query} suggestions={query ? (found?.items ?? []) : []} />
      {tags.length > 0 && (
        <nav aria-label={ru.search.tags}>
          <ul className="tabs">
            {tags.map((item) => (
              <li key={item.name}>
                <Link
                  to={`?tag=${encodeURIComponent(item.name)}`}
                  aria-current={item.name === tag ? 'page' : undefined}
                >
                  {item.locales.ru ?? item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {found ? (
        <section aria-labelledby="search-found">
          <h2 id="search-found">{ru.search.found(countOf(found.count, ru.lobby.games))}</h2>
          {found.count === 0 ? (
            <p>{ru.search.nothing}</p>
          ) : (
            <GameGrid games={found.items} label={ru.search.title} />
          )}
        </section>
      ) : (
        <GameSection id="search-recommended" title={ru.search.recommended} games={recommended} />
      )}
    </main>
  );
}
