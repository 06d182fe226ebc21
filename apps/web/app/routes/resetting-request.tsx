import { data, Form, useActionData, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { recoveryApi } from '../features/auth/api/recovery.server.ts';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';
import { FormSubmit } from '../ui/FormSubmit.tsx';
import { useSubmitting } from '../lib/form-route.ts';

export const meta: MetaFunction = () => privatePageMeta(ru.reset.title);

type Result =
  | { step: 'request'; error: string | null }
  | { step: 'sent'; channel: 'email' | 'sms'; phone: string }
  | { step: 'code'; phone: string; done: boolean; error: string | null };

/**
 * Asks for a reset by e-mail (a link) or phone (an SMS code); with a code, the new password is set
 * on this same page (spec §2.1 /resetting/request).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const recovery = recoveryApi(await serverApi(request, context));
  const code = String(form.get('code') ?? '').trim();
  if (form.has('code')) {
    const phone = String(form.get('phone') ?? '');
    const answer = await recovery.reset(code, String(form.get('password') ?? ''), {
      phone,
      twoFactorCode: String(form.get('twoFactorCode') ?? '').trim(),
    });
    return data<Result>(
      {
        step: 'code',
        phone,
        done: answer.status === 200,
        error: answer.status === 200 ? null : messageOf(answer.error),
      },
      { status: answer.status },
    );
  }
  const contact = String(form.get('contact') ?? '').trim();
  const answer = await recovery.request(contact);
  if (answer.status === 200 && answer.data)
    return data<Result>({ step: 'sent', channel: answer.data.channel, phone: contact });
  return data<Result>({ step: 'request', error: messageOf(answer.error) }, { status: answer.status });
}

export default function ResettingRequest() {
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  return (
    <main id="content" className="page">
      <h1>{ru.reset.title}</h1>
      {result?.step === 'sent' && result.channel === 'email' ? (
        <p role="status">{ru.reset.sentEmail}</p>
      ) : result?.step === 'sent' || result?.step === 'code' ? (
        <>
          {result.step === 'sent' && <p role="status">{ru.reset.sentSms}</p>}
          <ResetPasswordForm
            phone={result.phone}
            done={result.step === 'code' && result.done}
            error={result.step === 'code' ? result.error : null}
            busy={busy}
          />
        </>
      ) : (
        <Form method="post" className="form form-narrow">
          <label className="field">
            {ru.reset.contact}
            <input name="contact" autoComplete="username" required />
          </label>
          <FormSubmit error={result?.error} busy={busy}>
            {ru.reset.send}
          </FormSubmit>
        </Form>
      )}
    </main>
  );
}
