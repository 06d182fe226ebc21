import {
  NavLink,
  Outlet,
  redirect,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatMoney } from '../lib/format.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { limitsApi } from '../features/limits/limits.server.ts';
import { LIMIT_KINDS, type PlayerLimit } from '../features/limits/limits.ts';
import '../features/lobby/components/lobby.css';
import '../features/cashier/components/cashier.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  if (new URL(request.url).pathname === '/games-limits') throw redirect('/games-limits/deposit');
  return { limits: (await limitsApi(await serverApi(request, context)).list()).data?.limits ?? [] };
}

export const meta: MetaFunction = () => [
  { title: `${ru.limits.title} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

const shown = (limit: PlayerLimit, value: number) =>
  limit.kind === 'session' ? String(value) : `${formatMoney(value)} ₽`;

/** The player's limits (spec §2.1 /games-limits: deposit, loss, wager, session). */
export default function GamesLimits() {
  const { limits } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page">
      <h1>{ru.limits.title}</h1>
      <nav aria-label={ru.limits.tabs}>
        <ul className="tabs">
          {LIMIT_KINDS.map((kind) => (
            <li key={kind}>
              <NavLink to={`/games-limits/${kind}`}>{ru.limits.kinds[kind]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="limits-current">
        <h2 id="limits-current">{ru.limits.current}</h2>
        {limits.length === 0 ? (
          <p>{ru.limits.none}</p>
        ) : (
          <ul>
            {limits.map((limit) => (
              <li key={`${limit.kind}-${limit.period}`}>
                {ru.limits.kinds[limit.kind]} {ru.limits.periods[limit.period]}:{' '}
                {ru.limits.used(shown(limit, limit.used), shown(limit, limit.amount))}
                {limit.pending && <> · {ru.limits.pending}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Outlet />
    </main>
  );
}
