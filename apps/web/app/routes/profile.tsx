import { Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { LogoutButton } from '../features/auth/components/LogoutButton.tsx';
import { requirePlayer } from '../features/auth/require-player.ts';
import '../ui/panels.css';
import '../features/profile/components/profile.css';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => privatePageMeta(ru.profile.title);

/** The player's profile (spec §2.1 /profile, login only): the account, settings, the password. */
export default function Profile() {
  return (
    <main id="content" className="page">
      {/* Logout at the top of every profile tab, where a phone player looks for it (issue 20). */}
      <div className="profile-head">
        <h1>{ru.profile.title}</h1>
        <LogoutButton className="button button-ghost" />
      </div>
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
