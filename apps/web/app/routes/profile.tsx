import { NavLink, Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import '../features/lobby/components/lobby.css';
import '../features/cashier/components/cashier.css';
import '../features/profile/components/profile.css';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => [
  { title: `${ru.profile.title} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

/** The player's profile (spec §2.1 /profile, login only): the account, settings, the password. */
export default function Profile() {
  return (
    <main id="content" className="page">
      <h1>{ru.profile.title}</h1>
      <nav aria-label={ru.profile.tabs}>
        <ul className="tabs">
          <li>
            <NavLink to="/profile" end>
              {ru.profile.overview}
            </NavLink>
          </li>
          <li>
            <NavLink to="/profile/settings">{ru.profile.settings}</NavLink>
          </li>
          <li>
            <NavLink to="/profile/change_password">{ru.profile.changePassword}</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}
