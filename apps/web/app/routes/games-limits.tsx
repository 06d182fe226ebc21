import {
  Form,
  Outlet,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { DEFAULT_CURRENCY, formatAmount, formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { serverApi } from '../lib/api.server.ts';
import { refusal } from '../lib/form-route.ts';
import { FormError } from '../ui/FormError.tsx';
import { requirePlayer } from '../features/auth/require-player.ts';
import { limitsApi } from '../features/limits/limits.server.ts';
import { LIMIT_KINDS, type PlayerLimit } from '../features/limits/limits.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  if (new URL(request.url).pathname === '/games-limits') throw redirect('/games-limits/deposit');
  return { limits: (await limitsApi(await serverApi(request, context)).list()).data?.limits ?? [] };
}

/** Confirms a raise or a removal whose 24 hours are over (ADR 018). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = await limitsApi(await serverApi(request, context)).confirm(
    String(form.get('kind')) as PlayerLimit['kind'],
    String(form.get('period')) as PlayerLimit['period'],
  );
  if (answer.status === 200) return { confirmed: true, error: null };
  return refusal(answer, { confirmed: false });
}

export const meta: MetaFunction = () => privatePageMeta(ru.limits.title);

/** Minutes for the session limit, a sum in the limit's currency for the others. */
const shown = (limit: PlayerLimit, value: number) =>
  limit.kind === 'session' ? String(value) : formatAmount(value, limit.currency ?? DEFAULT_CURRENCY);

/** The player's limits (spec §2.1 /games-limits: deposit, loss, wager, session). */
export default function GamesLimits() {
  const { limits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main id="content" className="page">
      <h1>{ru.limits.title}</h1>
      <TabNav
        label={ru.limits.tabs}
        tabs={LIMIT_KINDS.map((kind) => ({ to: `/games-limits/${kind}`, label: ru.limits.kinds[kind] }))}
      />
      <section aria-labelledby="limits-current">
        <h2 id="limits-current">{ru.limits.current}</h2>
        {result?.confirmed && <p role="status">{ru.limits.confirmed}</p>}
        <FormError message={result?.error} />
        {limits.length === 0 ? (
          <p>{ru.limits.none}</p>
        ) : (
          <ul>
            {limits.map((limit) => (
              <li key={`${limit.kind}-${limit.period}`}>
                {ru.limits.kinds[limit.kind]} {ru.limits.periods[limit.period]}:{' '}
                {ru.limits.used(shown(limit, limit.used), shown(limit, limit.amount))}
                {limit.reserved > 0 && <> · {ru.limits.reserved(shown(limit, limit.reserved))}</>}
                {limit.pending && (
                  <>
                    {' · '}
                    {limit.pending.amount === null
                      ? ru.limits.pendingRemoval
                      : ru.limits.pendingAmount(shown(limit, limit.pending.amount))}
                    {limit.pending.canConfirm ? (
                      <Form method="post" className="inline-form">
                        <input type="hidden" name="kind" value={limit.kind} />
                        <input type="hidden" name="period" value={limit.period} />
                        <button type="submit" className="button button-ghost">
                          {ru.limits.confirm}
                        </button>
                      </Form>
                    ) : (
                      <> {ru.limits.confirmableAt(formatDateTime(limit.pending.confirmableAt))}</>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Outlet />
    </main>
  );
}
