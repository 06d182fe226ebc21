import { useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useCan, useGetIdentity, useLogout } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OperatorProfile } from '@kometa/contracts';
import {
  ArrowDownToLine,
  BadgeCheck,
  BookOpenText,
  ChartColumnBig,
  ClipboardCheck,
  CreditCard,
  Landmark,
  Blocks,
  Gamepad2,
  LayoutGrid,
  FileText,
  Gift,
  GalleryHorizontal,
  Image,
  ListTree,
  Settings2,
  Signpost,
  LayoutDashboard,
  LogOut,
  Megaphone,
  Menu,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  TicketPercent,
  Users,
} from 'lucide-react';
import { ru } from '../i18n/ru.ts';
import { Brand } from './Brand.tsx';
import { api } from '../lib/api.ts';

const NAV = [
  { to: '/', resource: 'dashboard', label: ru.nav.dashboard, icon: LayoutDashboard },
  { to: '/reports', resource: 'reports', label: ru.nav.reports, icon: ChartColumnBig },
  { to: '/players', resource: 'players', label: ru.nav.players, icon: Users },
  { to: '/withdrawals', resource: 'withdrawals', label: ru.nav.withdrawals, icon: ArrowDownToLine },
  { to: '/payments', resource: 'payments', label: ru.nav.payments, icon: CreditCard },
  { to: '/content/pages', resource: 'content/pages', label: ru.nav.pages, icon: FileText },
  { to: '/content/banners', resource: 'content/slides', label: ru.nav.banners, icon: GalleryHorizontal },
  { to: '/content/menus', resource: 'content/menus', label: ru.nav.menus, icon: ListTree },
  { to: '/content/redirects', resource: 'content/redirects', label: ru.nav.redirects, icon: Signpost },
  { to: '/content/images', resource: 'content/images', label: ru.nav.images, icon: Image },
  { to: '/content/settings', resource: 'content/settings', label: ru.nav.settings, icon: Settings2 },
  { to: '/kyc', resource: 'kyc-documents', label: ru.nav.kyc, icon: BadgeCheck },
  { to: '/payment-systems', resource: 'payment-systems', label: ru.nav.paymentSystems, icon: Landmark },
  { to: '/ledger', resource: 'ledger', label: ru.nav.ledger, icon: BookOpenText },
  { to: '/offers', resource: 'offers', label: ru.nav.offers, icon: Gift },
  { to: '/promo-codes', resource: 'promo-codes', label: ru.nav.promoCodes, icon: TicketPercent },
  { to: '/abuse-flags', resource: 'abuse-flags', label: ru.nav.abuseFlags, icon: ShieldAlert },
  { to: '/games', resource: 'games', label: ru.nav.games, icon: Gamepad2 },
  { to: '/lobby', resource: 'lobby', label: ru.nav.lobby, icon: LayoutGrid },
  { to: '/providers', resource: 'providers', label: ru.nav.providers, icon: Blocks },
  { to: '/promotions', resource: 'promotions', label: ru.nav.promotions, icon: Megaphone },
  { to: '/approvals', resource: 'approvals', label: ru.nav.approvals, icon: ClipboardCheck },
  { to: '/audit', resource: 'audit', label: ru.nav.audit, icon: ScrollText },
  { to: '/operators', resource: 'operators', label: ru.nav.operators, icon: ShieldCheck },
] as const;

/** A navigation entry, shown only when the operator's roles allow its list (the server checks anyway). */
function NavItem(props: {
  to: string;
  resource: string;
  label: string;
  icon: ReactNode;
  badge?: number | undefined;
}) {
  const { data } = useCan({ resource: props.resource, action: 'list' });
  if (!data?.can) return null;
  return (
    <NavLink to={props.to} end={props.to === '/'} className="nav-link">
      {props.icon}
      <span>{props.label}</span>
      {props.badge ? <span className="nav-badge">{props.badge}</span> : null}
    </NavLink>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The back office's frame: the sidebar by permission, who is signed in, and the page. */
export function Shell() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { data: operator } = useGetIdentity<OperatorProfile>();
  const { mutate: logout } = useLogout();
  const canDashboard = operator?.permissions.includes('dashboard.view') ?? false;
  const queue = useQuery({
    queryKey: ['dashboard'],
    queryFn: () =>
      api<{ queues: { approvalsForMe: number; withdrawals: number | null; kycDocuments: number | null } }>(
        'GET',
        '/dashboard',
      ),
    enabled: canDashboard,
    refetchInterval: 60_000,
  });
  return (
    <div className="shell" data-menu={isMenuOpen ? 'open' : 'closed'}>
      <a href="#content" className="skip-link">
        {ru.app.skip}
      </a>
      <div className="topbar">
        <button
          type="button"
          className="button button-small"
          aria-label={ru.nav.menu}
          aria-expanded={isMenuOpen}
          onClick={() => setMenuOpen(!isMenuOpen)}
        >
          <Menu size={18} aria-hidden />
        </button>
        <strong>
          {ru.app.name} · {ru.app.product}
        </strong>
      </div>
      <aside className="sidebar" aria-label={ru.nav.main} onClick={() => setMenuOpen(false)}>
        <Brand />
        <nav className="nav" aria-label={ru.nav.main}>
          {NAV.map(({ icon: Icon, ...item }) => (
            <NavItem
              key={item.to}
              {...item}
              icon={<Icon size={18} aria-hidden />}
              badge={
                item.resource === 'approvals'
                  ? queue.data?.queues.approvalsForMe
                  : item.resource === 'withdrawals'
                    ? (queue.data?.queues.withdrawals ?? undefined)
                    : item.resource === 'kyc-documents'
                      ? (queue.data?.queues.kycDocuments ?? undefined)
                      : undefined
              }
            />
          ))}
        </nav>
        <div className="sidebar-footer">
          {operator ? (
            <div className="whoami">
              <span className="avatar" aria-hidden>
                {initials(operator.name)}
              </span>
              <span>
                <span className="whoami-name">{operator.name}</span>
                <br />
                <span className="whoami-role">{operator.roles.map((role) => ru.roles[role]).join(', ')}</span>
              </span>
            </div>
          ) : null}
          <button type="button" className="button logout" onClick={() => logout()}>
            <LogOut size={16} aria-hidden /> {ru.nav.logout}
          </button>
        </div>
      </aside>
      <main id="content" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
