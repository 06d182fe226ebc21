import { data, Form, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { FormError } from '../ui/FormError.tsx';
import { NewPasswordField } from '../ui/NewPasswordField.tsx';
import { profileApi } from '../features/profile/api/profile.server.ts';

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
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="form cashier-form" key={result?.done ? 'done' : 'form'}>
      <h2>{ru.profile.changePassword}</h2>
      <label className="field">
        {ru.profile.oldPassword}
        <input name="oldPassword" type="password" autoComplete="current-password" required />
      </label>
      <NewPasswordField name="newPassword" label={ru.profile.newPassword} />
      <label className="field">
        {ru.profile.repeatPassword}
        <input name="repeatPassword" type="password" autoComplete="new-password" required />
      </label>
      {result?.done && <p role="status">{ru.profile.passwordChanged}</p>}
      <FormError message={result?.error} />
      <button className="button button-primary" type="submit" disabled={busy}>
        {ru.profile.save}
      </button>
    </Form>
  );
}
