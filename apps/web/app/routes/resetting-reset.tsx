import { data, useActionData, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { recoveryApi } from '../features/auth/api/recovery.server.ts';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';
import { useSubmitting } from '../lib/form-route.ts';

export const meta: MetaFunction = () => privatePageMeta(ru.reset.title);

/** Sets the new password with the e-mailed link's token (spec §2.1 /resetting/reset/{token}). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = await recoveryApi(await serverApi(request, context)).reset(
    params.token ?? '',
    String(form.get('password') ?? ''),
    { twoFactorCode: String(form.get('twoFactorCode') ?? '').trim() },
  );
  if (answer.status === 200) return { done: true, error: null };
  return data({ done: false, error: messageOf(answer.error) }, { status: answer.status });
}

export default function ResettingReset() {
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  return (
    <main id="content" className="page">
      <h1>{ru.reset.title}</h1>
      <ResetPasswordForm done={result?.done === true} error={result?.error} busy={busy} />
    </main>
  );
}
