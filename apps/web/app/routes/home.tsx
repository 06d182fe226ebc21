import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const isMobile = isMobileAgent(request.headers.get('user-agent'));
  const lobby = lobbyApi(api);
  const [page, promo, popular] = await Promise.all([
    pageOf(api, 'seo_main'),
    lobby.set('home-page-promo', isMobile),
    lobby.set('pregame-popup-popular', isMobile),
  ]);
  return { page, promo, popular, canonical: canonicalOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(data?.page, { title: ru.home.title, description: ru.home.description }, data?.canonical ?? '/');

export default function Home() {
  const { promo, popular } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page">
      <h1>{ru.home.title}</h1>
      <p>{ru.site.tagline}</p>
      <section aria-labelledby="home-promo">
        <h2 id="home-promo">{ru.home.promo}</h2>
        <GameGrid games={promo} label={ru.home.promo} />
      </section>
      <section aria-labelledby="home-popular">
        <h2 id="home-popular">{ru.home.popular}</h2>
        <GameGrid games={popular} label={ru.home.popular} />
      </section>
      <p>
        <Link className="button button-primary" to="/games">
          {ru.home.allGames}
        </Link>
      </p>
    </main>
  );
}
