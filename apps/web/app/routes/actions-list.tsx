import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { promotionsApi } from '../features/promotions/api/promotions.server.ts';
import { PromotionGrid } from '../features/promotions/components/PromotionCard.tsx';
import '../features/promotions/components/promotions.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await promotionsApi(await serverApi(request, context)).list();
  return { promotions: answer.data ?? [], failed: !answer.data, canonical: canonicalOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(
    null,
    { title: ru.promotions.metaTitle, description: ru.promotions.description },
    data?.canonical ?? '',
  );

/** The promotions (spec §2.1 /actions/list): the operator's promotions as big cards. */
export default function Promotions() {
  const { promotions, failed } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page promo-page">
      <header className="promo-page-head">
        <h1>{ru.promotions.title}</h1>
        <p>{ru.promotions.lead}</p>
      </header>
      {failed ? (
        <p className="form-error" role="alert">
          {ru.promotions.loadFailed}
        </p>
      ) : promotions.length === 0 ? (
        <p className="promo-empty">{ru.promotions.empty}</p>
      ) : (
        <PromotionGrid promotions={promotions} />
      )}
    </main>
  );
}
