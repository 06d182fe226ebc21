import { Form, useNavigation } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { FormError } from '../../../ui/FormError.tsx';

/** The two-factor code of a linked player, after a social or Telegram sign-in (posts to its page). */
export function SecondFactorForm({ lookup, error }: { lookup: string; error?: string | undefined }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="form cashier-form">
      <input type="hidden" name="lookup" value={lookup} />
      <label className="field">
        {ru.auth.twoFactorCode}
        <input name="twoFactorCode" autoComplete="one-time-code" inputMode="numeric" required />
      </label>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {ru.auth.submitLogin}
      </button>
    </Form>
  );
}
