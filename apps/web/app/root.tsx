import { useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { User } from '@kometa/contracts';
import './ui/base.css';
import './ui/shell.css';
import { ru } from './i18n/ru.ts';
import { serverApi, sessionContext, signatureKey, tokenOf, type RequestSession } from './lib/api.server.ts';
import { tokenCookie } from './lib/session-cookie.ts';
import { syncBrowserApi } from './lib/api.browser.ts';
import { useSite, type SiteData } from './lib/site-context.ts';
import { AuthModals } from './features/auth/components/AuthModals.tsx';
import { saveReturnPath } from './features/auth/return-path.ts';
import { ErrorView } from './features/shell/components/ErrorView.tsx';
import { Footer } from './features/shell/components/Footer.tsx';
import { Header } from './features/shell/components/Header.tsx';

/**
 * Every request's session: the token from the cookie, one API client for all its loaders, and the
 * cookie set again when a loader's call had the token refreshed (spec §4: one refresh on a 401).
 */
export const middleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }, next) => {
    const session: RequestSession = { token: tokenOf(request) };
    context.set(sessionContext, session);
    const response = await next();
    if (session.refreshed !== undefined) {
      const secure =
        new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
      response.headers.append('set-cookie', tokenCookie(session.refreshed, secure));
    }
    return response;
  },
];

/** Before every page (spec §2.2): the settings' signature key, the server's clock, the player if signed in. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<SiteData> {
  const [key, user] = await Promise.all([
    signatureKey(),
    tokenOf(request) ? serverApi(request, context).then((api) => api.get<User>('/users/self')) : null,
  ]);
  const signedIn = user?.status === 200 && user.data ? user.data : null;
  const token = context.get(sessionContext)?.token ?? null;
  return { user: signedIn, token: signedIn ? token : null, signatureKey: key, serverTimeMs: Date.now() };
}

/** The player is read again after every navigation that changed the session or moved money. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  defaultShouldRevalidate;

function SessionSync() {
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  // A login-only route sent a guest here with where they were going: kept until they log in.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const returnTo = params.get('returnTo');
    if (!returnTo) return;
    saveReturnPath(returnTo);
    params.delete('returnTo');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location, navigate]);
  useEffect(() => {
    if (!site) return;
    syncBrowserApi({
      token: site.token,
      signatureKey: site.signatureKey,
      serverTimeMs: site.serverTimeMs,
      // A refresh that failed: the session is gone, the login modal opens (spec §4).
      onSessionLost: () => {
        void navigate('/#authorization', { replace: true });
      },
    });
  }, [site, navigate]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  // Full-screen pages (the game) have no header or footer (spec §2.3).
  const fullScreen = useMatches().some(
    (match) => (match.handle as { fullScreen?: boolean } | undefined)?.fullScreen,
  );
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5" />
        <meta name="theme-color" content="#0d0f1a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#content">
          {ru.site.skipToContent}
        </a>
        {!fullScreen && <Header />}
        {children}
        {!fullScreen && <Footer />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SessionSync />
      <Outlet />
      <AuthModals />
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  return <ErrorView status={500} />;
}
