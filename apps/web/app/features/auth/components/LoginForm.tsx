import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { messageOf } from '../../../lib/messages.ts';
import { ErrorCode } from '@kometa/contracts/errors';
import { authApi, type LookupAnswer } from '../api/auth.ts';
import { FormError } from '../../../ui/FormError.tsx';

/**
 * Lookup login (spec §4): e-mail or phone and password give a lookup token; a captcha is asked after
 * repeated failures; with two-factor on, the code is asked; the login then gives the session token.
 */
export function LoginForm({ onToken }: { onToken: (token: string) => void }) {
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<{ image: string; signature: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [step, setStep] = useState<LookupAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function finish(lookup: LookupAnswer, twoFactorCode?: string) {
    const login = await authApi.login(lookup.lookup, password, twoFactorCode, lookup.protection?.signature);
    if (login.data?.token) return onToken(login.data.token);
    setError(messageOf(login.error));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step) return await finish(step, code.trim());
      const lookup = await authApi.lookup(
        contact.trim(),
        password,
        captcha ? `${captcha.signature}:${answer.trim()}` : undefined,
      );
      if (!lookup.data) {
        const offered = lookup.error?.captcha as { image: string; signature: string } | undefined;
        if (lookup.error?.code === ErrorCode.CAPTCHA && offered) {
          setCaptcha(offered);
          setAnswer('');
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
        <input
          name="login"
          autoComplete="username"
          required
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          disabled={step !== null}
        />
      </label>
      <label className="field">
        {ru.auth.password}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={step !== null}
        />
      </label>
      {captcha && !step && (
        <>
          <img src={captcha.image} alt={ru.auth.captchaImage} width={150} height={50} />
          <label className="field">
            {ru.auth.captcha}
            <input
              name="captcha"
              autoComplete="off"
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
            />
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
          <input
            name="twoFactorCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
      )}
      <FormError message={error} />
      <button className="button button-primary" type="submit" disabled={busy}>
        {busy ? ru.auth.sending : ru.auth.submitLogin}
      </button>
      <Link to="/resetting/request">{ru.reset.forgot}</Link>
    </form>
  );
}
