import {
  data,
  Link,
  useFetcher,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { useSite } from '../lib/site-context.ts';
import { FormError } from '../ui/FormError.tsx';
import {
  claimAction,
  promotionsApi,
  type ClaimResult,
} from '../features/promotions/api/promotions.server.ts';
import { CalendarIcon } from '../features/promotions/components/PromotionCard.tsx';
import { actionTarget, periodText, typography } from '../features/promotions/components/promotion-display.ts';
import '../features/promotions/components/promotions.css';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const answer = await promotionsApi(await serverApi(request, context)).get(params.slug ?? '');
  if (!answer.data) throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  return { promotion: answer.data, canonical: canonicalOf(request) };
}

/** «Забрать»: a claimable promotion's gift (POST /promotions/{slug}/claim). */
export const action = claimAction;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  loaded
    ? seoMeta(
        null,
        { title: `${loaded.promotion.title} — ${ru.site.name}`, description: loaded.promotion.summary },
        loaded.canonical,
      )
    : [{ title: ru.promotions.notFound }];

/** The button of a claimable promotion: a guest logs in first; a player claims and is shown the gift. */
function ClaimButton({ label }: { label: string }) {
  const signedIn = Boolean(useSite()?.user);
  const fetcher = useFetcher<ClaimResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (!signedIn) {
    return (
      <Link className="button button-accent promo-cta" to={{ hash: 'authorization' }} preventScrollReset>
        {ru.promotions.loginToClaim}
      </Link>
    );
  }
  if (result?.giftId) {
    return (
      <div className="promo-claimed" role="status">
        <p>{ru.promotions.claimed}</p>
        <Link className="button button-accent promo-cta" to="/gifts">
          {ru.promotions.toGifts}
        </Link>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="promo-claim">
      <button type="submit" className="button button-accent promo-cta" disabled={fetcher.state !== 'idle'}>
        {label}
      </button>
      <FormError message={result?.error ?? null} />
    </fetcher.Form>
  );
}

/** One promotion (/actions/{slug}): its art, period, text, button and numbered terms. */
export default function PromotionPage() {
  const { promotion } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page promo-detail">
      <nav className="promo-crumbs" aria-label={ru.promotions.allPromotions}>
        <Link to="/actions/list">← {ru.promotions.allPromotions}</Link>
      </nav>
      <article className="promo-detail-card" data-testid="promotion-detail">
        <div className="promo-detail-art">
          <img src={promotion.image} alt="" width={960} height={540} />
          {(promotion.status === 'soon' || promotion.badge) && (
            <span className={promotion.status === 'soon' ? 'promo-badge promo-badge-soon' : 'promo-badge'}>
              {promotion.status === 'soon' ? ru.promotions.soon : promotion.badge}
            </span>
          )}
        </div>
        <div className="promo-detail-body">
          <p className="promo-period">
            <CalendarIcon />
            {periodText(promotion)}
          </p>
          <h1>{typography(promotion.title)}</h1>
          <p className="promo-detail-summary">{typography(promotion.summary)}</p>
          {promotion.body.map((paragraph) => (
            <p key={paragraph}>{typography(paragraph)}</p>
          ))}
          <div className="promo-detail-actions">
            {promotion.action.kind === 'claim' ? (
              <ClaimButton label={promotion.action.label} />
            ) : (
              <Link className="button button-accent promo-cta" to={actionTarget(promotion)}>
                {promotion.action.label}
              </Link>
            )}
          </div>
          {promotion.terms.length > 0 && (
            <section className="promo-terms" aria-labelledby="promo-terms-title">
              <h2 id="promo-terms-title">{ru.promotions.terms}</h2>
              <ol>
                {promotion.terms.map((term) => (
                  <li key={term}>{typography(term)}</li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </article>
    </main>
  );
}
