import { Authenticated, CanAccess, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate, NavigateToResource } from '@refinedev/react-router';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { ru } from './i18n/ru.ts';
import { accessControlProvider, authProvider, dataProvider } from './lib/refine.ts';
import { Shell } from './ui/Shell.tsx';
import { ToastProvider } from './ui/feedback.tsx';
import { SignIn } from './features/auth/SignIn.tsx';
import { Dashboard } from './features/dashboard/Dashboard.tsx';
import { Players, PlayerCard } from './features/players/Players.tsx';
import { PlayerBonuses } from './features/bonuses/PlayerBonuses.tsx';
import { Approvals } from './features/approvals/Approvals.tsx';
import { AuditLog } from './features/audit/AuditLog.tsx';
import { Operators } from './features/operators/Operators.tsx';
import { Offers } from './features/bonuses/Offers.tsx';
import { AbuseFlags } from './features/bonuses/AbuseFlags.tsx';
import { OfferPage } from './features/bonuses/OfferForm.tsx';
import { PromoCodes } from './features/bonuses/PromoCodes.tsx';
import { Games } from './features/games/Games.tsx';
import { GamePage } from './features/games/GamePage.tsx';
import { Lobby } from './features/games/Lobby.tsx';
import { Providers } from './features/games/Providers.tsx';
import { Withdrawals } from './features/payments/Withdrawals.tsx';
import { Payments } from './features/payments/Payments.tsx';
import { PaymentSystems } from './features/payments/PaymentSystems.tsx';
import { PlayerPayments } from './features/payments/PlayerPayments.tsx';
import { KycQueue } from './features/kyc/KycQueue.tsx';
import { PlayerKyc } from './features/kyc/PlayerKyc.tsx';
import { Pages } from './features/content/Pages.tsx';
import { PageForm } from './features/content/PageForm.tsx';
import { Banners } from './features/content/Banners.tsx';
import { Menus } from './features/content/Menus.tsx';
import { Redirects } from './features/content/Redirects.tsx';
import { ProjectImages } from './features/content/ProjectImages.tsx';
import { Settings } from './features/content/Settings.tsx';
import { Reports } from './features/reports/Reports.tsx';
import { Ledger } from './features/ledger/Ledger.tsx';
import { Promotions } from './features/bonuses/Promotions.tsx';
import { PromotionPage } from './features/bonuses/PromotionForm.tsx';

/** A screen the operator's roles must allow (the server refuses the calls anyway). */
const Allowed = ({ resource, children }: { resource: string; children: ReactNode }) => (
  <CanAccess
    resource={resource}
    action="list"
    fallback={<div className="card state">{ru.errors['errors.admin.forbidden']}</div>}
  >
    {children}
  </CanAccess>
);

/**
 * The back office (ADR 028): Refine over the operator API, one route per screen. Adding a screen means a
 * feature folder, a resource here with its permission (lib/refine.ts) and a navigation entry (ui/Shell).
 */
export function App() {
  return (
    <BrowserRouter>
      <ToastProvider>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          routerProvider={routerProvider}
          resources={[
            { name: 'dashboard', list: '/' },
            { name: 'games', list: '/games', show: '/games/:id' },
            { name: 'lobby', list: '/lobby' },
            { name: 'providers', list: '/providers' },
            { name: 'players', list: '/players', show: '/players/:id' },
            { name: 'approvals', list: '/approvals' },
            { name: 'audit', list: '/audit' },
            { name: 'operators', list: '/operators' },
            { name: 'offers', list: '/offers', create: '/offers/new', show: '/offers/:id' },
            { name: 'promo-codes', list: '/promo-codes' },
            { name: 'abuse-flags', list: '/abuse-flags' },
            { name: 'payments', list: '/payments' },
            { name: 'withdrawals', list: '/withdrawals' },
            { name: 'payment-systems', list: '/payment-systems' },
            { name: 'kyc-documents', list: '/kyc' },
            { name: 'content/pages', list: '/content/pages', show: '/content/pages/:id' },
            { name: 'content/slides', list: '/content/banners' },
            { name: 'content/menus', list: '/content/menus' },
            { name: 'content/redirects', list: '/content/redirects' },
            { name: 'content/images', list: '/content/images' },
            { name: 'content/settings', list: '/content/settings' },
            { name: 'reports', list: '/reports' },
            { name: 'ledger', list: '/ledger' },
            { name: 'promotions', list: '/promotions', create: '/promotions/new', show: '/promotions/:id' },
          ]}
          options={{
            disableTelemetry: true,
            syncWithLocation: true,
            reactQuery: {
              clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } },
            },
          }}
        >
          <Routes>
            <Route
              element={
                <Authenticated key="app" fallback={<CatchAllNavigate to="/login" />}>
                  <Outlet />
                </Authenticated>
              }
            >
              <Route element={<Shell />}>
                <Route
                  index
                  element={
                    <Allowed resource="dashboard">
                      <Dashboard />
                    </Allowed>
                  }
                />
                <Route
                  path="/players"
                  element={
                    <Allowed resource="players">
                      <Players />
                    </Allowed>
                  }
                />
                <Route
                  path="/players/:id"
                  element={
                    <Allowed resource="players">
                      <PlayerCard
                        bonuses={(playerId) => <PlayerBonuses playerId={playerId} />}
                        payments={(playerId) => <PlayerPayments playerId={playerId} />}
                        kyc={(playerId) => <PlayerKyc playerId={playerId} />}
                      />
                    </Allowed>
                  }
                />
                <Route
                  path="/approvals"
                  element={
                    <Allowed resource="approvals">
                      <Approvals />
                    </Allowed>
                  }
                />
                <Route
                  path="/audit"
                  element={
                    <Allowed resource="audit">
                      <AuditLog />
                    </Allowed>
                  }
                />
                <Route
                  path="/operators"
                  element={
                    <Allowed resource="operators">
                      <Operators />
                    </Allowed>
                  }
                />
                <Route
                  path="/offers"
                  element={
                    <Allowed resource="offers">
                      <Offers />
                    </Allowed>
                  }
                />
                <Route
                  path="/offers/:id"
                  element={
                    <Allowed resource="offers">
                      <OfferPage />
                    </Allowed>
                  }
                />
                <Route
                  path="/promo-codes"
                  element={
                    <Allowed resource="promo-codes">
                      <PromoCodes />
                    </Allowed>
                  }
                />
                <Route
                  path="/abuse-flags"
                  element={
                    <Allowed resource="abuse-flags">
                      <AbuseFlags />
                    </Allowed>
                  }
                />
                <Route
                  path="/withdrawals"
                  element={
                    <Allowed resource="withdrawals">
                      <Withdrawals />
                    </Allowed>
                  }
                />
                <Route
                  path="/payments"
                  element={
                    <Allowed resource="payments">
                      <Payments />
                    </Allowed>
                  }
                />
                <Route
                  path="/payment-systems"
                  element={
                    <Allowed resource="payment-systems">
                      <PaymentSystems />
                    </Allowed>
                  }
                />
                <Route
                  path="/kyc"
                  element={
                    <Allowed resource="kyc-documents">
                      <KycQueue />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/pages"
                  element={
                    <Allowed resource="content/pages">
                      <Pages />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/pages/:id"
                  element={
                    <Allowed resource="content/pages">
                      <PageForm />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/banners"
                  element={
                    <Allowed resource="content/slides">
                      <Banners />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/menus"
                  element={
                    <Allowed resource="content/menus">
                      <Menus />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/redirects"
                  element={
                    <Allowed resource="content/redirects">
                      <Redirects />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/images"
                  element={
                    <Allowed resource="content/images">
                      <ProjectImages />
                    </Allowed>
                  }
                />
                <Route
                  path="/content/settings"
                  element={
                    <Allowed resource="content/settings">
                      <Settings />
                    </Allowed>
                  }
                />
                <Route
                  path="/reports"
                  element={
                    <Allowed resource="reports">
                      <Reports />
                    </Allowed>
                  }
                />
                <Route
                  path="/ledger"
                  element={
                    <Allowed resource="ledger">
                      <Ledger />
                    </Allowed>
                  }
                />
                <Route
                  path="/promotions"
                  element={
                    <Allowed resource="promotions">
                      <Promotions />
                    </Allowed>
                  }
                />
                <Route
                  path="/promotions/:id"
                  element={
                    <Allowed resource="promotions">
                      <PromotionPage />
                    </Allowed>
                  }
                />
                <Route
                  path="/games"
                  element={
                    <Allowed resource="games">
                      <Games />
                    </Allowed>
                  }
                />
                <Route
                  path="/games/:id"
                  element={
                    <Allowed resource="games">
                      <GamePage />
                    </Allowed>
                  }
                />
                <Route
                  path="/lobby"
                  element={
                    <Allowed resource="lobby">
                      <Lobby />
                    </Allowed>
                  }
                />
                <Route
                  path="/providers"
                  element={
                    <Allowed resource="providers">
                      <Providers />
                    </Allowed>
                  }
                />
                <Route path="*" element={<div className="card state">{ru.errors['errors.not_found']}</div>} />
              </Route>
            </Route>
            <Route
              element={
                <Authenticated key="signin" fallback={<Outlet />}>
                  <NavigateToResource resource="dashboard" />
                </Authenticated>
              }
            >
              <Route path="/login" element={<SignIn />} />
            </Route>
          </Routes>
        </Refine>
      </ToastProvider>
    </BrowserRouter>
  );
}
