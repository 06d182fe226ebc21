import { Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { requirePlayer } from '../features/auth/require-player.ts';
import '../ui/table.css';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => privatePageMeta(ru.cashier.title);

/** The cashier (spec §2.1 /payment, login only): deposit, withdrawal, payment and game history. */
export default function Cashier() {
  return (
    <main id="content" className="page">
      <h1>{ru.cashier.title}</h1>
      <TabNav
        label={ru.cashier.tabs}
        tabs={[
          { to: '/payment/deposit', label: ru.cashier.deposit },
          { to: '/payment/withdrawal', label: ru.cashier.withdrawal },
          { to: '/payment/history', label: ru.cashier.history },
          { to: '/payment/game-history', label: ru.cashier.gameHistory },
          { to: '/payment/exchanger', label: ru.cashier.exchanger },
        ]}
      />
      <Outlet />
    </main>
  );
}
