import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { formatAmount } from '../../../lib/format.ts';
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
 * The header of spec §2.3: logo and the lobby's items (promotions and gifts join them with the bonus
 * feature, never as links to pages that do not exist yet); a guest's login and registration
 * buttons, or the player's session clock (composed by the root), balance, cashier, profile and logout.
 */
export function Header({ clock }: { clock?: ReactNode }) {
  const scrolled = useScrolled();
  const site = useSite();
  const logout = useLogout();
  const user = site?.user ?? null;
  const wallet = user?.wallets.find((w) => w.currency === user.currency) ?? user?.wallets[0];

  return (
    <header className={scrolled ? 'header header-scrolled' : 'header'}>
      <div className="header-inner">
        <Link to="/" className="logo" aria-label={ru.site.name}>
          <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
            <circle cx="18" cy="10" r="7" fill="currentColor" />
            <path d="M2 26 L13 15" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span>{ru.site.name}</span>
        </Link>
        <nav className="nav" aria-label={ru.nav.main}>
          <NavLink to="/games">{ru.nav.games}</NavLink>
          <NavLink to="/search-games">{ru.nav.search}</NavLink>
          {user && <NavLink to="/games/favorite">{ru.lobby.favorites}</NavLink>}
        </nav>
        {user ? (
          <div className="header-actions">
            {clock}
            {wallet && (
              <span className="balance" aria-label={ru.auth.balance} data-testid="balance">
                {formatAmount(wallet.balance, wallet.currency)}
              </span>
            )}
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
