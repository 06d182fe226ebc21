import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { rememberSession } from '../../../lib/api.browser.ts';
import { messageOf } from '../../../lib/messages.ts';
import { FormError } from '../../../ui/FormError.tsx';
import { authApi } from '../api/auth.ts';
import { takeReturnPath } from '../return-path.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import '../../../ui/panels.css';

/**
 * A social or Telegram identity no account has yet (ADR 011: never linked by e-mail alone): the
 * visitor registers with it, or logs in with the password and links it.
 */
export function LinkIdentity({
  link,
  network,
  email,
}: {
  link: { oauthToken: string } | { telegramToken: string };
  network: string;
  email: string | null;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  async function done(token: string, linkAfter: boolean) {
    rememberSession(token);
    if (linkAfter) {
      const answer = await authApi.link(link);
      if (answer.status !== 200) return setError(messageOf(answer.error));
    }
    await navigate(takeReturnPath() ?? '/', { replace: true });
    await revalidator.revalidate();
  }
  return (
    <div className="panel-grid">
      <section aria-labelledby="link-register" className="panel">
        <h2 id="link-register">{ru.auth.linkRegister(network)}</h2>
        <RegisterForm link={link} initialEmail={email ?? ''} onToken={(token) => void done(token, false)} />
      </section>
      <section aria-labelledby="link-login" className="panel">
        <h2 id="link-login">{ru.auth.linkLogin(network)}</h2>
        <LoginForm onToken={(token) => void done(token, true)} />
        <FormError message={error} />
      </section>
    </div>
  );
}
