import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi, tokenOf } from '../lib/api.server.ts';
import { sessionCookie } from '../lib/session-middleware.server.ts';
import { ru } from '../i18n/ru.ts';
import { LogoutButton } from '../features/auth/components/LogoutButton.tsx';

/**
 * Logout (spec §2.1 /logout). Opening the address only asks: a link or an image elsewhere must not be
 * able to sign the player out (ADR 024). The button posts here; then the session ends at the API, the
 * cookie goes and the home page opens.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (!tokenOf(request)) throw redirect('/');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (tokenOf(request)) {
    await (await serverApi(request, context)).post('/users/self/logout').catch(() => undefined);
  }
  throw redirect('/', { headers: { 'set-cookie': sessionCookie(null, request) } });
}

export default function Logout() {
  return (
    <main id="content" className="error-page">
      <title>{`${ru.auth.logoutTitle} — ${ru.site.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{ru.auth.logoutTitle}</h1>
      <p>{ru.auth.logoutText}</p>
      <LogoutButton />
    </main>
  );
}
