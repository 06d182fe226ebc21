import { Form, Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { NewPasswordField } from '../../../ui/NewPasswordField.tsx';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';

/** The new password (and, for an SMS code, the code and phone; the 2FA code when it is on). */
export function ResetPasswordForm({
  phone,
  done,
  error,
  busy,
}: {
  phone?: string;
  done: boolean;
  error: string | null | undefined;
  busy: boolean;
}) {
  if (done)
    return (
      <p role="status">
        {ru.reset.done} <Link to={{ pathname: '/', hash: 'authorization' }}>{ru.reset.toLogin}</Link>
      </p>
    );
  return (
    <Form method="post" className="form form-narrow">
      {phone !== undefined && (
        <>
          <input type="hidden" name="phone" value={phone} />
          <label className="field">
            {ru.reset.code}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
          </label>
        </>
      )}
      <NewPasswordField name="password" label={ru.reset.newPassword} />
      <label className="field">
        {ru.reset.twoFactorCode}
        <input name="twoFactorCode" autoComplete="one-time-code" />
      </label>
      <FormSubmit error={error} busy={busy}>
        {ru.reset.submit}
      </FormSubmit>
    </Form>
  );
}
