import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { SelfExclusionState } from '@kometa/contracts';
import { formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { invalidForm, refusal, useSubmitting } from '../lib/form-route.ts';
import { sessionCookie } from '../lib/session-middleware.server.ts';
import { protectionApi, readForPlayer } from '../features/protection/api/protection.server.ts';
import { FormSubmit } from '../ui/FormSubmit.tsx';

export const meta: MetaFunction = () => [
  { title: `${ru.exclusion.title} — ${ru.site.name}` },
  { name: 'description', content: ru.exclusion.intro },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { state: await readForPlayer(request, context, (protection) => protection.exclusion()) };
}

/** Starts the chosen time-out or self-exclusion; every session ends, this one too (ADR 018). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('confirm') !== 'on') return invalidForm({ state: null }, ru.exclusion.confirm);
  const answer = await protectionApi(await serverApi(request, context)).exclude(
    String(form.get('option') ?? ''),
  );
  if (answer.status !== 200 || !answer.data) return refusal(answer, { state: null });
  return data(
    { state: answer.data, error: null },
    { headers: { 'set-cookie': sessionCookie(null, request) } },
  );
}

function Current({ current }: { current: NonNullable<SelfExclusionState['current']> }) {
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
  const busy = useSubmitting();
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
        <Form method="post" className="form form-narrow">
          {(['timeout', 'self_exclusion'] as const).map((kind) => (
            <fieldset key={kind} className="choices">
              <legend>{kind === 'timeout' ? ru.exclusion.timeouts : ru.exclusion.exclusions}</legend>
              {options
                .filter((option) => option.kind === kind)
                .map((option, index) => (
                  <label key={option.id} className="choice">
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
          <FormSubmit error={result?.error} busy={busy}>
            {ru.exclusion.submit}
          </FormSubmit>
        </Form>
      ) : (
        !started && <p>{ru.exclusion.loginToChoose}</p>
      )}
      <p>{ru.exclusion.help}</p>
    </main>
  );
}
