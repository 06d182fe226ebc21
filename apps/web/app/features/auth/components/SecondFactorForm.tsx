import { Form } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { useSubmitting } from '../../../lib/form-route.ts';

/** The two-factor code of a linked player, after a social or Telegram sign-in (posts to its page). */
export function SecondFactorForm({ lookup, error }: { lookup: string; error?: string | undefined }) {
  const busy = useSubmitting();
  return (
    <Form method="post" className="form form-narrow">
      <input type="hidden" name="lookup" value={lookup} />
      <label className="field">
        {ru.auth.twoFactorCode}
        <input name="twoFactorCode" autoComplete="one-time-code" inputMode="numeric" required />
      </label>
      <FormSubmit error={error} busy={busy}>
        {ru.auth.submitLogin}
      </FormSubmit>
    </Form>
  );
}
