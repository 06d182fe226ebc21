import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { formatDateTime } from '../lib/format.ts';
import { messageOf } from '../lib/messages.ts';
import { sessionCookie } from '../lib/session-middleware.server.ts';
import { FormError } from '../ui/FormError.tsx';
import { protectionApi, type ExclusionState } from '../features/protection/api/protection.server.ts';
import '../features/cashier/components/cashier.css';

export const meta: MetaFunction = () => [
  { title: `${ru.exclusion.title} — ${ru.site.name}` },
  { name: 'description', content: ru.exclusion.intro },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!currentPlayer(context)) return { state: null };
  const answer = await protectionApi(await serverApi(request, context)).exclusion();
  return { state: answer.data ?? null };
}

/** Starts the chosen time-out or self-exclusion; every session ends, this one too (ADR 018). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('confirm') !== 'on')
    return data({ state: null, error: ru.exclusion.confirm }, { status: 400 });
  const answer = await protectionApi(await serverApi(request, context)).exclude(
    String(form.get('option') ?? ''),
  );
  if (answer.status !== 200 || !answer.data)
    return data({ state: null, error: messageOf(answer.error) }, { status: answer.status });
  return data(
    { state: answer.data, error: null },
    { headers: { 'set-cookie': sessionCookie(null, request) } },
  );
}

function Current({ current }: { current: NonNullable<ExclusionState['current']> }) {
  return (
    <p role="status" className="notice">
      <strong>{ru.exclusion.options[current.option] ?? current.option}.</strong>{' '}
      {current.until ? ru.exclusion.current(formatDateTime(current.until)) : ru.exclusion.currentForever}
    </p>
  );
}

/** Time-outs and self-exclusion (spec §2.1 /self-exclusion-option): what they do, and the choice. */
export default function SelfExclusion() {
  const { state } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const started = result?.state?.current;
  const current = started ?? state?.current;
  const options = state?.options ?? [];
  return (
    <main id="content" className="page">
      <h1>{ru.exclusion.title}</h1>
      <p className="notice">{ru.exclusion.intro}</p>
      {started && <p role="status">{ru.exclusion.started}</p>}
      {current ? (
        <Current current={current} />
      ) : state ? (
        <Form method="post" className="form cashier-form">
          {(['timeout', 'self_exclusion'] as const).map((kind) => (
            <fieldset key={kind} className="systems">
              <legend>{kind === 'timeout' ? ru.exclusion.timeouts : ru.exclusion.exclusions}</legend>
              {options
                .filter((option) => option.kind === kind)
                .map((option, index) => (
                  <label key={option.id} className="system">
                    <input
                      type="radio"
                      name="option"
                      value={option.id}
                      required
                      defaultChecked={kind === 'timeout' && index === 0}
                    />
                    {ru.exclusion.options[option.id] ?? option.id}
                  </label>
                ))}
            </fieldset>
          ))}
          <label className="checkbox">
            <input type="checkbox" name="confirm" required />
            {ru.exclusion.confirm}
          </label>
          <FormError message={result?.error} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {ru.exclusion.submit}
          </button>
        </Form>
      ) : (
        !started && <p>{ru.exclusion.loginToChoose}</p>
      )}
      <p>{ru.exclusion.help}</p>
    </main>
  );
}
