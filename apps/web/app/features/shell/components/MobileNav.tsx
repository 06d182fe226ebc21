import { NavLink } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** The player's bottom navigation on small screens (spec §2.3): lobby, search, cashier, profile. */
export function MobileNav() {
  return (
    <nav className="mobile-nav" aria-label={ru.shell.mobileNav}>
      <NavLink to="/games">{ru.nav.games}</NavLink>
      <NavLink to="/search-games">{ru.shell.searchShort}</NavLink>
      <NavLink to="/payment/deposit">{ru.auth.cashier}</NavLink>
      <NavLink to="/profile">{ru.auth.profile}</NavLink>
    </nav>
  );
}
