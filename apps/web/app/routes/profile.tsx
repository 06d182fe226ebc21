import { Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { requirePlayer } from '../features/auth/require-player.ts';
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
      <TabNav
        label={ru.profile.tabs}
        tabs={[
          { to: '/profile', label: ru.profile.overview, end: true },
          { to: '/profile/settings', label: ru.profile.settings },
          { to: '/profile/change_password', label: ru.profile.changePassword },
        ]}
      />
      <Outlet />
    </main>
  );
}
