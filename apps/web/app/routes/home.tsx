import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameSection } from '../features/lobby/components/GameGrid.tsx';
import { promotionsApi } from '../features/promotions/api/promotions.server.ts';
import { PromotionGrid } from '../features/promotions/components/PromotionCard.tsx';
import '../features/promotions/components/promotions.css';
import { FirstDepositBanner } from '../features/gifts/components/WelcomePack.tsx';
import { HomeBanners } from '../features/content/HomeBanners.tsx';
import type { RotatorSlide } from '@kometa/contracts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const isMobile = isMobileAgent(request.headers.get('user-agent'));
  const lobby = lobbyApi(api);
  const [page, promo, popular, promotions, banners] = await Promise.all([
    pageOf(api, 'seo_main'),
    lobby.set('home-page-promo', isMobile),
    lobby.set('pregame-popup-popular', isMobile),
    promotionsApi(api).list(),
    api
      .get<{ slides: RotatorSlide[] }>('/rotator/header_main_slider', { isMobile })
      .catch(() => ({ data: undefined })),
  ]);
  return {
    page,
    promo,
    popular,
    promotions: (promotions.data ?? []).slice(0, 3),
    banners: banners.data?.slides ?? [],
    isMobile,
    canonical: canonicalOf(request),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(data?.page, { title: ru.home.title, description: ru.home.description }, data?.canonical ?? '/');

export default function Home() {
  const { promo, popular, promotions, banners, isMobile } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page">
      <h1>{ru.home.title}</h1>
      <p>{ru.site.tagline}</p>
      <HomeBanners slides={banners} isMobile={isMobile} />
      <FirstDepositBanner />
      <GameSection id="home-promo" title={ru.home.promo} games={promo} />
      <GameSection id="home-popular" title={ru.home.popular} games={popular} />
      {promotions.length > 0 && (
        <section className="home-promos" aria-labelledby="home-promos-title">
          <div className="home-promos-head">
            <h2 id="home-promos-title">{ru.promotions.homeTitle}</h2>
            <Link to="/actions/list">{ru.promotions.allPromotions}</Link>
          </div>
          <PromotionGrid promotions={promotions} headingLevel={3} />
        </section>
      )}
      <p>
        <Link className="button button-primary" to="/games">
          {ru.home.allGames}
        </Link>
      </p>
    </main>
  );
}
