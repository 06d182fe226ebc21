import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { useSite } from '../../../lib/site-context.ts';

/** Spec §4 Header: 'scrolled' once the page moved more than 30 px (scroll read at most every 100 ms). */
function useScrolled(threshold = 30): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let waiting = false;
    const read = () => {
      waiting = false;
      setScrolled(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (waiting) return;
      waiting = true;
      setTimeout(read, 100);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/**
 * The header of spec §2.3: logo and the lobby's items (promotions join them with their feature, never
 * as links to pages that do not exist yet); a guest's login and registration buttons, or the player's
 * session clock, gifts item and balance (composed by the root), cashier, profile and logout.
 */
export function Header({
  clock,
  gifts,
  balance,
}: {
  clock?: ReactNode;
  /** The player's gifts item with its counter. */
  gifts?: ReactNode;
  /** The player's balance as the root composes it (real and bonus, wagering); else the total alone. */
  balance?: ReactNode;
}) {
  const scrolled = useScrolled();
  const site = useSite();
  const logout = useLogout();
  const user = site?.user ?? null;
  const wallet = user?.wallets.find((w) => w.currency === user.currency) ?? user?.wallets[0];

  return (
    <header className={scrolled ? 'header header-scrolled' : 'header'}>
      <div className="header-inner">
        <Link to="/" className="logo" aria-label={ru.site.name}>
          <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
            <defs>
              <linearGradient id="logo-tail" x1="3" y1="29" x2="21" y2="11" gradientUnits="userSpaceOnUse">
                <stop offset="0" stopColor="#ffb547" stopOpacity="0" />
                <stop offset="1" stopColor="#ff8a3d" />
              </linearGradient>
              <radialGradient id="logo-head" cx="0.4" cy="0.38" r="0.65">
                <stop offset="0" stopColor="#fff6df" />
                <stop offset="0.45" stopColor="#ffc35c" />
                <stop offset="1" stopColor="#ff7a3d" />
              </radialGradient>
            </defs>
            <path d="M2 30 16.6 6.9 25.1 15.4Z" fill="url(#logo-tail)" />
            <circle cx="21" cy="11" r="6.5" fill="url(#logo-head)" />
          </svg>
          <span>{ru.site.name}</span>
        </Link>
        <nav className="nav" aria-label={ru.nav.main}>
          <NavLink to="/games">{ru.nav.games}</NavLink>
          <NavLink to="/actions/list">{ru.nav.actions}</NavLink>
          <NavLink to="/search-games">{ru.nav.search}</NavLink>
          {user && <NavLink to="/games/favorite">{ru.lobby.favorites}</NavLink>}
        </nav>
        {user ? (
          <div className="header-actions">
            {clock}
            {gifts}
            {balance ??
              (wallet && (
                <span className="balance" aria-label={ru.auth.balance} data-testid="balance">
                  {formatAmount(wallet.balance, wallet.currency)}
                </span>
              ))}
            <Link className="button button-accent" to="/payment/deposit">
              {ru.auth.cashier}
            </Link>
            <Link className="button button-ghost header-profile" to="/profile">
              {ru.auth.profile}
            </Link>
            <button className="button button-ghost header-logout" type="button" onClick={() => void logout()}>
              {ru.auth.logout}
            </button>
          </div>
        ) : (
          <div className="header-actions">
            <Link className="button button-ghost" to={{ hash: 'authorization' }} preventScrollReset>
              {ru.nav.login}
            </Link>
            <Link className="button button-accent" to={{ hash: 'register' }} preventScrollReset>
              {ru.nav.register}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
