import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { formText } from '../../../lib/form-values.ts';
import { messageOf } from '../../../lib/messages.ts';
import type { LookupAnswer } from '@kometa/contracts';
import { ErrorCode } from '@kometa/contracts/errors';
import { authApi } from '../api/auth.ts';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { PasswordInput } from '../../../ui/PasswordInput.tsx';

/**
 * Lookup login (spec §4): e-mail or phone and password give a lookup token; a captcha is asked after
 * repeated failures; with two-factor on, the code is asked; the login then gives the session token.
 */
export function LoginForm({ onToken }: { onToken: (token: string) => void }) {
  // Uncontrolled inputs: what a visitor typed before the page came alive is kept (server rendering).
  // The password is remembered for the second step, where its field is disabled.
  const password = useRef('');
  const [captcha, setCaptcha] = useState<{ image: string; signature: string } | null>(null);
  const [step, setStep] = useState<LookupAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function finish(lookup: LookupAnswer, twoFactorCode?: string) {
    const login = await authApi.login(
      lookup.lookup,
      password.current,
      twoFactorCode,
      lookup.protection?.signature,
    );
    if (login.data?.token) return onToken(login.data.token);
    setError(messageOf(login.error));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      if (step) return await finish(step, formText(form, 'twoFactorCode').trim());
      password.current = formText(form, 'password');
      const lookup = await authApi.lookup(
        formText(form, 'login').trim(),
        password.current,
        captcha ? `${captcha.signature}:${formText(form, 'captcha').trim()}` : undefined,
      );
      if (!lookup.data) {
        const offered = lookup.error?.captcha as { image: string; signature: string } | undefined;
        if (lookup.error?.code === ErrorCode.CAPTCHA && offered) {
          setCaptcha(offered);
        }
        return setError(messageOf(lookup.error));
      }
      if (lookup.data.twoFactor.enabled) return setStep(lookup.data);
      await finish(lookup.data);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        {ru.auth.phoneOrEmail}
        <input name="login" autoComplete="username" required disabled={step !== null} />
      </label>
      <label className="field">
        {ru.auth.password}
        <PasswordInput name="password" autoComplete="current-password" required disabled={step !== null} />
      </label>
      {captcha && !step && (
        <>
          <img src={captcha.image} alt={ru.auth.captchaImage} width={150} height={50} />
          <label className="field">
            {ru.auth.captcha}
            <input name="captcha" autoComplete="off" key={captcha.signature} />
          </label>
        </>
      )}
      {step?.protection && (
        <p>
          {ru.auth.protectionPhrase}: <strong>{step.protection.phrase}</strong>
        </p>
      )}
      {step && (
        <label className="field">
          {ru.auth.twoFactorCode}
          <input name="twoFactorCode" inputMode="numeric" autoComplete="one-time-code" />
        </label>
      )}
      <FormSubmit error={error} busy={busy}>
        {busy ? ru.auth.sending : ru.auth.submitLogin}
      </FormSubmit>
      <Link to="/resetting/request">{ru.reset.forgot}</Link>
    </form>
  );
}
