import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ScrollText, ShieldCheck, UsersRound } from 'lucide-react';
import { api, ApiError, setCsrfToken } from '../../lib/api.ts';
import { resetSession, type SessionInfo } from '../../lib/session.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { Brand } from '../../ui/Brand.tsx';
import { errorText } from '../../ui/feedback.tsx';
import { FormAlert, TextField } from '../../ui/form.tsx';

interface LoginAnswer {
  next: 'totp' | 'enrol';
  enrolment: { secret: string; otpauthUrl: string; qrCode: string } | null;
  csrfToken: string;
}
type Step =
  | { name: 'password' }
  | { name: 'totp' }
  | { name: 'enrol'; enrolment: NonNullable<LoginAnswer['enrolment']> }
  | { name: 'recovery'; codes: string[]; session: SessionInfo };

const ASIDE_POINTS = [
  [ShieldCheck, ru.signIn.points.secondFactor],
  [UsersRound, ru.signIn.points.roles],
  [KeyRound, ru.signIn.points.fourEyes],
  [ScrollText, ru.signIn.points.audit],
] as const;

/** The one-time code (the authenticator's six digits, or a recovery code). */
const CodeField = (props: { numeric: boolean; error: string | null }) => (
  <TextField
    id="code"
    name="code"
    label={ru.signIn.code}
    className="input input-code"
    inputMode={props.numeric ? 'numeric' : 'text'}
    autoComplete="one-time-code"
    maxLength={20}
    required
    autoFocus
    error={props.error ?? undefined}
  />
);

/** Sign-in: password, then a TOTP code; at the first sign-in, the authenticator's QR and recovery codes. */
export function SignIn() {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function enter(session: SessionInfo) {
    resetSession(session);
    await queryClient.invalidateQueries();
    navigate('/', { replace: true });
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await work();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields.code) setFieldError(messageOf(caught.fields.code));
      else if (caught instanceof ApiError && caught.status === 401 && step.name !== 'password') {
        setStep({ name: 'password' });
        setError(ru.signIn.sessionEnded);
      } else setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const answer = await api<LoginAnswer>('POST', '/session/login', {
        body: { email: form.get('email'), password: form.get('password') },
        signIn: true,
      });
      setCsrfToken(answer.csrfToken);
      setStep(answer.enrolment ? { name: 'enrol', enrolment: answer.enrolment } : { name: 'totp' });
    });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => {
      if (step.name === 'enrol') {
        const answer = await api<SessionInfo & { recoveryCodes: string[] }>('POST', '/session/enrol', {
          body: { code },
          signIn: true,
        });
        setCsrfToken(answer.csrfToken);
        setStep({ name: 'recovery', codes: answer.recoveryCodes, session: answer });
      } else {
        await enter(await api<SessionInfo>('POST', '/session/totp', { body: { code }, signIn: true }));
      }
    });
  }

  return (
    <div className="signin">
      <aside className="signin-aside" aria-hidden>
        <Brand />
        <div>
          <h2>{ru.signIn.asideTitle}</h2>
          <ul className="signin-points">
            {ASIDE_POINTS.map(([Icon, text]) => (
              <li key={text}>
                <Icon size={18} /> {text}
              </li>
            ))}
          </ul>
        </div>
        <p>{ru.signIn.copyright}</p>
      </aside>
      <main className="signin-main">
        <div className="card card-body signin-card">
          {step.name === 'password' ? (
            <form className="grid" onSubmit={submitPassword} noValidate={false}>
              <h1>{ru.signIn.title}</h1>
              <p className="muted">{ru.signIn.lead}</p>
              <FormAlert message={error} />
              <TextField
                id="email"
                name="email"
                label={ru.signIn.email}
                type="email"
                autoComplete="username"
                required
                autoFocus
              />
              <TextField
                id="password"
                name="password"
                label={ru.signIn.password}
                type="password"
                autoComplete="current-password"
                required
              />
              <button type="submit" className="button button-primary button-block" disabled={isBusy}>
                {ru.signIn.next}
              </button>
            </form>
          ) : step.name === 'recovery' ? (
            <div className="grid">
              <h1>{ru.signIn.recoveryTitle}</h1>
              <p className="muted">{ru.signIn.recoveryLead}</p>
              <ul className="recovery mono" aria-label={ru.signIn.recoveryTitle}>
                {step.codes.map((code) => (
                  <li key={code} style={{ listStyle: 'none' }}>
                    {code}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button-primary button-block"
                onClick={() => void enter(step.session)}
              >
                {ru.signIn.recoveryDone}
              </button>
            </div>
          ) : (
            <form className="grid" onSubmit={submitCode}>
              <h1>{step.name === 'enrol' ? ru.signIn.enrolTitle : ru.signIn.codeTitle}</h1>
              <p className="muted">{step.name === 'enrol' ? ru.signIn.enrolLead : ru.signIn.codeLead}</p>
              {step.name === 'enrol' ? (
                <div className="qr">
                  <img src={step.enrolment.qrCode} alt={ru.signIn.qrAlt} width={200} height={200} />
                  <span className="muted">{ru.signIn.manualKey}</span>
                  <code className="mono">{step.enrolment.secret}</code>
                </div>
              ) : null}
              <FormAlert message={error} />
              <CodeField numeric={step.name === 'enrol'} error={fieldError} />
              <button type="submit" className="button button-primary button-block" disabled={isBusy}>
                {step.name === 'enrol' ? ru.signIn.enrol : ru.signIn.confirm}
              </button>
              <button
                type="button"
                className="button button-block"
                onClick={() => setStep({ name: 'password' })}
              >
                {ru.signIn.back}
              </button>
            </form>
          )}
        </div>
      </main>
    </div>
  );
}
