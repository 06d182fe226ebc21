import { useState, type FormEvent } from 'react';
import { formText } from '../../../lib/form-values.ts';
import { ru } from '../../../i18n/ru.ts';
import { messageOf } from '../../../lib/messages.ts';
import { authApi } from '../api/auth.ts';
import { FormError } from '../../../ui/FormError.tsx';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 100 }, (_, i) => THIS_YEAR - 18 - i);

/**
 * Registration by e-mail (spec §4, §5): password, birth date (sent only when day, month and year are
 * all chosen) and the rules; each refused field shows its own message.
 */
export function RegisterForm({
  onToken,
  link,
  initialEmail = '',
}: {
  onToken: (token: string) => void;
  /** A social or Telegram identity the new account takes with it (its one-time token). */
  link?: { oauthToken: string } | { telegramToken: string };
  initialEmail?: string;
}) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The inputs are uncontrolled: what a visitor typed before the page came alive is kept (server rendering).
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email');
    const password = formText(form, 'password');
    const [day, month, year] = [formText(form, 'day'), formText(form, 'month'), formText(form, 'year')];
    const agree = form.get('agreeRules') === 'on';
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const complete = day && month && year;
      const answer = await authApi.register({
        email: email.trim(),
        password,
        birthday: complete
          ? { day: Number(day), month: Number(month), year: Number(year) }
          : { day: null, month: null, year: null },
        agreeRules: agree,
        ...link,
      });
      if (answer.data?.token) return onToken(answer.data.token);
      const refused = answer.error?.fields ?? {};
      setFields(
        Object.fromEntries(
          Object.entries(refused).map(([name, key]) => [name, messageOf({ code: 3, message: key })]),
        ),
      );
      if (Object.keys(refused).length === 0) setError(messageOf(answer.error));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="field-error" id={`register-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const describedBy = (name: string) => (fields[name] ? `register-${name}-error` : undefined);

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field">
          {ru.auth.email}
          <input
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={initialEmail}
            aria-invalid={Boolean(fields.email)}
            aria-describedby={describedBy('email')}
          />
        </label>
        {fieldError('email')}
      </div>
      <div className="field">
        <label className="field">
          {ru.auth.password}
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={Boolean(fields.password)}
            aria-describedby={[describedBy('password'), 'register-password-hint'].filter(Boolean).join(' ')}
          />
        </label>
        <span id="register-password-hint">{ru.auth.passwordHint}</span>
        {fieldError('password')}
      </div>
      <fieldset className="field" aria-describedby={describedBy('birthday')}>
        <legend>{ru.auth.birthday}</legend>
        <div className="field-row">
          <select name="day" aria-label={ru.auth.day} defaultValue="">
            <option value="">{ru.auth.day}</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <select name="month" aria-label={ru.auth.month} defaultValue="">
            <option value="">{ru.auth.month}</option>
            {ru.auth.months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
          <select name="year" aria-label={ru.auth.year} defaultValue="">
            <option value="">{ru.auth.year}</option>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {fieldError('birthday')}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" name="agreeRules" />
        <span>{ru.auth.agreeRules}</span>
      </label>
      {fieldError('agreeRules')}
      <FormError message={error} />
      <button className="button button-accent" type="submit" disabled={busy}>
        {busy ? ru.auth.sending : ru.auth.submitRegister}
      </button>
    </form>
  );
}
