import { NavLink, Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import '../features/lobby/components/lobby.css';
import '../features/cashier/components/cashier.css';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => [
  { title: `${ru.cashier.title} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

/** The cashier (spec §2.1 /payment, login only): deposit, withdrawal, payment and game history. */
export default function Cashier() {
  return (
    <main id="content" className="page">
      <h1>{ru.cashier.title}</h1>
      <nav aria-label={ru.cashier.tabs}>
        <ul className="tabs">
          <li>
            <NavLink to="/payment/deposit">{ru.cashier.deposit}</NavLink>
          </li>
          <li>
            <NavLink to="/payment/withdrawal">{ru.cashier.withdrawal}</NavLink>
          </li>
          <li>
            <NavLink to="/payment/history">{ru.cashier.history}</NavLink>
          </li>
          <li>
            <NavLink to="/payment/game-history">{ru.cashier.gameHistory}</NavLink>
          </li>
          <li>
            <NavLink to="/payment/exchanger">{ru.cashier.exchanger}</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}
