import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { formText } from '../../../lib/form-values.ts';
import { ru } from '../../../i18n/ru.ts';
import { messageOf } from '../../../lib/messages.ts';
import { authApi } from '../api/auth.ts';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { PasswordInput } from '../../../ui/PasswordInput.tsx';
import { rememberPromoNotice } from '../../../lib/promo-notice.ts';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 100 }, (_, i) => THIS_YEAR - 18 - i);

/**
 * Registration by e-mail (spec §4, §5): password, birth date (sent only when day, month and year are
 * all chosen), an optional promo code (redeemed right after, ADR 030; one that gives nothing is
 * explained once the account is made, ADR 040) and the rules; each refused field shows its own message.
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
    const promoCode = formText(form, 'promoCode').trim();
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
        ...(promoCode ? { promoCode } : {}),
        ...link,
      });
      if (answer.data?.token) {
        // The account is made; a code that gave nothing is explained on the next page (ADR 040).
        if (answer.data.promoCode) rememberPromoNotice(answer.data.promoCode);
        return onToken(answer.data.token);
      }
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
      <RegisterField
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={initialEmail}
        label={ru.auth.email}
        refusal={fields.email}
      />
      <RegisterField
        name="password"
        type="password"
        autoComplete="new-password"
        label={ru.auth.password}
        refusal={fields.password}
        hint={ru.auth.passwordHint}
      />
      <fieldset className="field" aria-describedby={describedBy('birthday')}>
        <legend>{ru.auth.birthday}</legend>
        <div className="field-row">
          <BirthPart name="day" label={ru.auth.day} options={DAYS.map((d) => [d, String(d)])} />
          <BirthPart name="month" label={ru.auth.month} options={ru.auth.months.map((m, i) => [i + 1, m])} />
          <BirthPart name="year" label={ru.auth.year} options={YEARS.map((y) => [y, String(y)])} />
        </div>
        {fieldError('birthday')}
      </fieldset>
      {/* A code from an advertisement or a friend: folded away, open at once when a refusal names it. */}
      <details className="register-promo" open={Boolean(fields.promoCode) || undefined}>
        <summary>{ru.auth.promoToggle}</summary>
        <RegisterField
          name="promoCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          label={ru.auth.promoCode}
          refusal={fields.promoCode}
          hint={ru.auth.promoHint}
        />
      </details>
      <label className="checkbox">
        <input type="checkbox" name="agreeRules" />
        <span>
          {ru.auth.agreeRulesBefore}
          <a href="/rules" target="_blank" rel="noopener">
            {ru.auth.agreeRulesLink}
          </a>
          {ru.auth.agreeRulesAfter}
          <a href="/privacy" target="_blank" rel="noopener">
            {ru.auth.agreePrivacyLink}
          </a>
        </span>
      </label>
      {fieldError('agreeRules')}
      <FormSubmit error={error} busy={busy} look="accent">
        {busy ? ru.auth.sending : ru.auth.submitRegister}
      </FormSubmit>
    </form>
  );
}

/** One of the birth date's three lists (day, month, year), nothing chosen at first. */
function BirthPart({ name, label, options }: { name: string; label: string; options: [number, string][] }) {
  return (
    <select name={name} aria-label={label} defaultValue="">
      <option value="">{label}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}

/** A typed field of the form, with its hint and the API's refusal of it, both tied to the input. */
function RegisterField({
  label,
  refusal,
  hint,
  ...input
}: {
  name: string;
  label: string;
  refusal: string | undefined;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `register-${input.name}-error`;
  const hintId = `register-${input.name}-hint`;
  const describedBy = [refusal ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field">
        {label}
        {input.type === 'password' ? (
          <PasswordInput
            {...input}
            aria-invalid={Boolean(refusal)}
            aria-describedby={describedBy || undefined}
          />
        ) : (
          <input {...input} aria-invalid={Boolean(refusal)} aria-describedby={describedBy || undefined} />
        )}
      </label>
      {hint && <span id={hintId}>{hint}</span>}
      {refusal && (
        <span className="field-error" id={errorId}>
          {refusal}
        </span>
      )}
    </div>
  );
}
