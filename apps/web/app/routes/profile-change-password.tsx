import { data, Form, useActionData, type ActionFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { NewPasswordField } from '../ui/NewPasswordField.tsx';
import { profileApi } from '../features/profile/api/profile.server.ts';
import { FormSubmit } from '../ui/FormSubmit.tsx';
import { PasswordInput } from '../ui/PasswordInput.tsx';
import { useSubmitting } from '../lib/form-route.ts';

/** Changes the password: the current one must match; every other session ends (spec §5). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const newPassword = String(form.get('newPassword') ?? '');
  if (newPassword !== String(form.get('repeatPassword') ?? ''))
    return data({ done: false, error: ru.profile.passwordsDiffer }, { status: 400 });
  const answer = await profileApi(await serverApi(request, context)).changePassword(
    String(form.get('oldPassword') ?? ''),
    newPassword,
  );
  if (answer.status === 200) return { done: true, error: null };
  return data({ done: false, error: messageOf(answer.error) }, { status: answer.status });
}

export default function ChangePassword() {
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  return (
    <Form method="post" className="form form-narrow" key={result?.done ? 'done' : 'form'}>
      <h2>{ru.profile.changePassword}</h2>
      <label className="field">
        {ru.profile.oldPassword}
        <PasswordInput name="oldPassword" autoComplete="current-password" required />
      </label>
      <NewPasswordField name="newPassword" label={ru.profile.newPassword} />
      <label className="field">
        {ru.profile.repeatPassword}
        <PasswordInput name="repeatPassword" autoComplete="new-password" required />
      </label>
      {result?.done && <p role="status">{ru.profile.passwordChanged}</p>}
      <FormSubmit error={result?.error} busy={busy}>
        {ru.profile.save}
      </FormSubmit>
    </Form>
  );
}
