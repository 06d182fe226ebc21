import { useEffect, useState, type ReactNode } from 'react';
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
  useRouteError,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import './ui/base.css';
import './ui/shell.css';
import { ru } from './i18n/ru.ts';
import { serverApi, sessionContext } from './lib/api.server.ts';
import { syncBrowserApi } from './lib/api.browser.ts';
import { isMobileAgent } from './lib/device.ts';
import { readCookie } from './lib/session-cookie.ts';
import { sessionMiddleware } from './lib/session-middleware.server.ts';
import { siteSettings } from './lib/settings.server.ts';
import { useSite, type HelloBar as HelloBarData, type SiteData } from './lib/site-context.ts';
import { AuthModals } from './features/auth/components/AuthModals.tsx';
import { saveReturnPath } from './features/auth/return-path.ts';
import { COOKIE_NOTICE_COOKIE } from './features/shell/cookie-notice.ts';
import { useShellStore } from './features/shell/shell-store.ts';
import { AntiFraudPopup } from './features/shell/components/AntiFraudPopup.tsx';
import { CookieNotice } from './features/shell/components/CookieNotice.tsx';
import { ErrorView } from './features/shell/components/ErrorView.tsx';
import { Footer } from './features/shell/components/Footer.tsx';
import { Header } from './features/shell/components/Header.tsx';
import { HelloBar } from './features/shell/components/HelloBar.tsx';
import { HelpButton } from './features/shell/components/HelpButton.tsx';
import { MobileNav } from './features/shell/components/MobileNav.tsx';
import { NavigationProgress } from './features/shell/components/NavigationProgress.tsx';
import { UpdateBar } from './features/shell/components/UpdateBar.tsx';
import { useRegistrationNudge } from './features/auth/registration-nudge.ts';
import { RealityCheck } from './features/protection/components/RealityCheck.tsx';
import { SessionClock } from './features/protection/components/SessionClock.tsx';
import { sessionMarker } from './lib/session-marker.server.ts';
import { useNonce } from './lib/nonce.ts';

/** Every request's session and the server's navigation rules (spec §2.2; lib/session-middleware). */
export const middleware: MiddlewareFunction<Response>[] = [sessionMiddleware];

/** Before every page (spec §2.2): settings, the hello bar's rotator, the player if signed in. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<SiteData> {
  const api = await serverApi(request, context);
  const [settings, helloBar] = await Promise.all([
    siteSettings(),
    api.get<HelloBarData | null>('/rotator/hello_bar/current'),
  ]);
  const session = context.get(sessionContext);
  const signedIn = session?.user ?? null;
  return {
    user: signedIn,
    session: signedIn && session?.token ? sessionMarker(session.token) : null,
    settings,
    serverTimeMs: session?.serverTimeMs ?? Date.now(),
    helloBar: helloBar.data ?? null,
    cookieNoticeDismissed: readCookie(request.headers.get('cookie'), COOKIE_NOTICE_COOKIE) === '0',
    isMobile: isMobileAgent(request.headers.get('user-agent')),
  };
}

/** The player is read again after every navigation that changed the session or moved money. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  defaultShouldRevalidate;

function SessionSync() {
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const showAntiFraud = useShellStore((state) => state.showAntiFraud);
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
      session: site.session,
      signatureKey: site.settings.signatureKey,
      serverTimeMs: site.serverTimeMs,
      // A refresh that failed: the session is gone, the login modal opens (spec §4).
      onSessionLost: () => {
        void navigate('/#authorization', { replace: true });
      },
      onSuspicious: showAntiFraud,
      // 451: the whole site becomes the restricted-region page, as the server renders it.
      onRestricted: () => window.location.reload(),
    });
  }, [site, navigate, showAntiFraud]);
  return null;
}

type Shell = 'full' | 'full-screen' | 'empty';

/** The layout a page asks for (spec §2.3): full, full-screen (no header or footer), or empty. */
function useShell(): Shell {
  const error = useRouteError();
  const matches = useMatches();
  if (isRouteErrorResponse(error) && error.status === 451) return 'empty';
  for (const match of matches) {
    const handle = match.handle as { shell?: Shell } | undefined;
    if (handle?.shell) return handle.shell;
  }
  return 'full';
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const shell = useShell();
  const site = useSite();
  // One query cache per page load, around the whole shell (server data fetched in the browser: ADR 023).
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
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
        <QueryClientProvider client={queryClient}>
          <a className="skip-link" href="#content">
            {ru.site.skipToContent}
          </a>
          {shell === 'full' && <Header clock={site?.user ? <SessionClock /> : null} />}
          {shell === 'full' && site && <HelloBar />}
          {children}
          {shell === 'full' && <Footer />}
          {shell === 'full' && site?.user && <MobileNav />}
          {shell === 'full' && <HelpButton />}
          {shell !== 'empty' && site && <CookieNotice />}
          {shell !== 'empty' && <UpdateBar />}
          <NavigationProgress />
        </QueryClientProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const user = useSite()?.user;
  useRegistrationNudge();
  return (
    <>
      <SessionSync />
      <Outlet />
      <AuthModals />
      <AntiFraudPopup />
      {user && <RealityCheck key={user.id} />}
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  return <ErrorView status={500} />;
}
