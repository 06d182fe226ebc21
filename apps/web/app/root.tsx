import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
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
import type { LinksFunction } from 'react-router';
import '@fontsource-variable/onest/wght.css';
import onestCyrillic from '@fontsource-variable/onest/files/onest-cyrillic-wght-normal.woff2?url';
import onestLatin from '@fontsource-variable/onest/files/onest-latin-wght-normal.woff2?url';
import './ui/base.css';
import './ui/shell.css';
import './ui/forms.css';
import './ui/footer.css';
import './ui/legal.css';
import { ru } from './i18n/ru.ts';
import { serverApi, sessionContext } from './lib/api.server.ts';
import { syncBrowserApi } from './lib/api.browser.ts';
import { isMobileAgent } from './lib/device.ts';
import { readCookie } from './lib/session-cookie.ts';
import { sessionMiddleware } from './lib/session-middleware.server.ts';
import { siteSettings } from './lib/settings.server.ts';
import {
  useSite,
  type FooterColumn,
  type HelloBar as HelloBarData,
  type SiteData,
} from './lib/site-context.ts';
import type { MenuItem } from '@kometa/contracts';
import { AuthModals } from './features/auth/components/AuthModals.tsx';
import { saveReturnPath } from './features/auth/return-path.ts';
import { COOKIE_NOTICE_COOKIE, HELLO_BAR_COOKIE } from './features/shell/cookie-notice.ts';
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
import { GiftsNavItem, WalletBalance } from './features/gifts/components/HeaderGifts.tsx';
import './features/gifts/components/header-gifts.css';
import { WelcomePackModal } from './features/gifts/components/WelcomePack.tsx';
import { AppGift } from './features/gifts/components/AppGift.tsx';
import { takePromoNotice, type PromoNotice } from './lib/promo-notice.ts';

// Signed-in players' dialogs, loaded only when one is due (ADR 040).
const PromoCodeNotice = lazy(() =>
  import('./features/gifts/components/PromoCodeNotice.tsx').then((m) => ({ default: m.PromoCodeNotice })),
);
const ExtendedProfilePopup = lazy(() =>
  import('./features/gifts/components/ExtendedProfilePopup.tsx').then((m) => ({
    default: m.ExtendedProfilePopup,
  })),
);

/**
 * A new player's dialogs in turn: what registration said of their promo code first, then the welcome
 * pack; the extended-profile popup keeps its own timers (spec §4) and waits for any open dialog.
 */
function PlayerDialogs({ userId, profileDue }: { userId: number; profileDue: boolean }) {
  const [notice, setNotice] = useState<PromoNotice | null | undefined>(undefined);
  useEffect(() => setNotice(takePromoNotice()), []);
  if (notice === undefined) return null;
  if (notice)
    return (
      <Suspense fallback={null}>
        <PromoCodeNotice notice={notice} onClose={() => setNotice(null)} />
      </Suspense>
    );
  return (
    <>
      <WelcomePackModal key={`welcome-${userId}`} />
      {profileDue && (
        <Suspense fallback={null}>
          <ExtendedProfilePopup />
        </Suspense>
      )}
    </>
  );
}
import { sessionMarker } from './lib/session-marker.server.ts';
import { useNonce } from './lib/nonce.ts';

/** The site's typeface (Onest, Cyrillic and Latin) is preloaded, so text never reflows when it arrives; the comet icon. */
export const links: LinksFunction = () => [
  ...[onestCyrillic, onestLatin].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'alternate icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
];

/** Every request's session and the server's navigation rules (spec §2.2; lib/session-middleware). */
export const middleware: MiddlewareFunction<Response>[] = [sessionMiddleware];

/** The footer menu's top items are its columns; their children the links (a lone item is its own link). */
const footerColumns = (items: MenuItem[]): FooterColumn[] =>
  items.map((item) => ({
    title: item.title,
    links: item.children.length
      ? item.children.map((child) => ({ title: child.title, url: child.url }))
      : [{ title: item.title, url: item.url }],
  }));

/** Before every page (spec §2.2): settings, the hello bar's rotator, the player if signed in. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<SiteData> {
  const api = await serverApi(request, context);
  const [settings, helloBar, footer] = await Promise.all([
    siteSettings(),
    api.get<HelloBarData | null>('/rotator/hello_bar/current'),
    // The footer is not worth failing the page for.
    api.get<{ items: MenuItem[] }>('/menu/footer').catch(() => ({ data: undefined })),
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
    helloBarClosed: Number(readCookie(request.headers.get('cookie'), HELLO_BAR_COOKIE)) || null,
    isMobile: isMobileAgent(request.headers.get('user-agent')),
    footerMenu: footerColumns(footer.data?.items ?? []),
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
          {shell === 'full' && (
            <Header
              clock={site?.user ? <SessionClock /> : null}
              gifts={site?.user ? <GiftsNavItem /> : null}
              balance={site?.user ? <WalletBalance /> : null}
            />
          )}
          {shell === 'full' && site && <HelloBar />}
          {children}
          {shell === 'full' && <Footer />}
          {shell === 'full' &&
            (site?.user ? <MobileNav gifts={<GiftsNavItem placement="tabbar" />} /> : <MobileNav guest />)}
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
  const site = useSite();
  const user = site?.user;
  const settings = site?.settings;
  useRegistrationNudge();
  return (
    <>
      <SessionSync />
      <Outlet />
      <AuthModals />
      <AntiFraudPopup />
      {user && <RealityCheck key={user.id} />}
      {user && (
        <PlayerDialogs
          key={user.id}
          userId={user.id}
          profileDue={!user.extendedProfileFilled && settings?.personalDataConfirmation === true}
        />
      )}
      {user && <AppGift />}
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  return <ErrorView status={500} />;
}
