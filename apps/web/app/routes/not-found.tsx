import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { ErrorView } from '../features/shell/components/ErrorView.tsx';
import { ContentPage } from '../features/content/ContentPage.tsx';
import { ru } from '../i18n/ru.ts';

/**
 * The catch-all (spec §2.1 /*): the path's SEO redirect answers with a real redirect; a page the
 * operator wrote a text for (the rules, the privacy policy…; ADR 038) is shown; any other path is a
 * 404 with the spec's page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const path = (params['*'] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  const api = await serverApi(request, context);
  const page = path ? await pageOf(api, path) : null;
  if (page?.redirect) throw redirect(page.redirect.to, page.redirect.code);
  if (page?.content) return { page, path: `/${path}`, canonical: canonicalOf(request) };
  throw data(null, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  loaded
    ? seoMeta(loaded.page, { title: ru.site.name, description: '' }, loaded.canonical)
    : [{ title: `${ru.errors.notFoundTitle} — ${ru.site.name}` }];

export default function NotFound({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  if (loaderData?.page.content) return <ContentPage page={loaderData.page} path={loaderData.path} />;
  return <ErrorView status={404} />;
}
