import { Link, NavLink } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** The header of spec §2.3: logo, the games and promotions items, and a guest's login buttons. */
export function Header() {
  return (
    <header className="header">
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
          <NavLink to="/actions/list">{ru.nav.actions}</NavLink>
        </nav>
        <div className="header-actions">
          <a className="button button-ghost" href="#authorization">
            {ru.nav.login}
          </a>
          <a className="button button-accent" href="#register">
            {ru.nav.register}
          </a>
        </div>
      </div>
    </header>
  );
}
