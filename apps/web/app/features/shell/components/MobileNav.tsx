import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { CircleUserRound, Gamepad2, Gift, LogIn, Search, WalletMinimal } from 'lucide-react';
import { ru } from '../../../i18n/ru.ts';

/**
 * The player's bottom navigation on small screens (spec §2.3): lobby, search, the gifts item (composed
 * by the root), cashier, profile; a guest's: lobby, search, promotions, login. An icon over a short
 * label, so five items fit a 320 px screen.
 */
export function MobileNav({ gifts, guest = false }: { gifts?: ReactNode; guest?: boolean }) {
  if (guest) {
    // A guest's: the lobby, search, promotions, and the way in.
    return (
      <nav className="mobile-nav" aria-label={ru.shell.guestNav}>
        <NavLink to="/games">
          <Gamepad2 aria-hidden="true" />
          <span>{ru.nav.games}</span>
        </NavLink>
        <NavLink to="/search-games">
          <Search aria-hidden="true" />
          <span>{ru.shell.searchShort}</span>
        </NavLink>
        <NavLink to="/actions/list">
          <Gift aria-hidden="true" />
          <span>{ru.nav.actions}</span>
        </NavLink>
        <Link to={{ hash: 'authorization' }} preventScrollReset>
          <LogIn aria-hidden="true" />
          <span>{ru.nav.login}</span>
        </Link>
      </nav>
    );
  }
  return (
    <nav className="mobile-nav" aria-label={ru.shell.mobileNav}>
      <NavLink to="/games">
        <Gamepad2 aria-hidden="true" />
        <span>{ru.nav.games}</span>
      </NavLink>
      <NavLink to="/search-games">
        <Search aria-hidden="true" />
        <span>{ru.shell.searchShort}</span>
      </NavLink>
      {gifts}
      <NavLink to="/payment/deposit">
        <WalletMinimal aria-hidden="true" />
        <span>{ru.auth.cashier}</span>
      </NavLink>
      <NavLink to="/profile">
        <CircleUserRound aria-hidden="true" />
        <span>{ru.auth.profile}</span>
      </NavLink>
    </nav>
  );
}
