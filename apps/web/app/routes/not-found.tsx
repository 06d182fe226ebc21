import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { ErrorView } from '../features/shell/components/ErrorView.tsx';

/**
 * The catch-all (spec §2.1 /*): the path's SEO redirect answers with a real redirect; a path with no
 * page is a 404 with the spec's page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const path = (params['*'] ?? '').replace(/^\/+/, '');
  const api = await serverApi(request, context);
  const page = path ? await pageOf(api, path) : null;
  if (page?.redirect) throw redirect(page.redirect.to, page.redirect.code);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorView status={404} />;
}
