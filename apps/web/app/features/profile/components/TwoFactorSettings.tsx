import { Form } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { FormError } from '../../../ui/FormError.tsx';
import type { TwoFactorSetup } from '../api/profile.server.ts';

interface Result {
  intent: string;
  ok: boolean;
  error: string | null;
  setup?: TwoFactorSetup;
  recoveryCodes?: string[];
}

/**
 * Two-factor authentication (TOTP): turned on with the password, a QR code and a first code, which
 * gives the recovery codes once; turned off with the password and a code.
 */
export function TwoFactorSettings({
  enabled,
  result,
  busy,
}: {
  enabled: boolean;
  result: Result | undefined;
  busy: boolean;
}) {
  const p = ru.profile;
  const mine = result?.intent.startsWith('two-factor') ? result : undefined;
  const setup = mine?.setup;
  return (
    <section aria-labelledby="settings-2fa" className="profile-section">
      <h2 id="settings-2fa">{p.twoFactor}</h2>
      {mine?.recoveryCodes ? (
        <>
          <p role="status">{p.recoveryCodes}</p>
          <ul className="recovery-codes" aria-label={p.codeOrRecovery}>
            {mine.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </>
      ) : setup ? (
        <Form method="post" className="form">
          <p>{p.twoFactorScan}</p>
          <img src={setup.qrCode} alt={p.twoFactorQr} width={180} height={180} className="qr" />
          <p>
            {p.twoFactorSecret}: <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <input type="hidden" name="intent" value="two-factor-confirm" />
          <input type="hidden" name="secret" value={setup.secret} />
          <input type="hidden" name="qrCode" value={setup.qrCode} />
          <label className="field">
            {p.twoFactorCode}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required pattern="\d{6}" />
          </label>
          <FormError message={mine?.error} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {p.twoFactorConfirm}
          </button>
        </Form>
      ) : enabled ? (
        <Form method="post" className="form">
          <p>{p.twoFactorOn}</p>
          <input type="hidden" name="intent" value="two-factor-disable" />
          <label className="field">
            {ru.auth.password}
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <label className="field">
            {p.codeOrRecovery}
            <input name="code" autoComplete="one-time-code" required />
          </label>
          <FormError message={mine?.error} />
          <button type="submit" className="button button-ghost" disabled={busy}>
            {p.twoFactorDisable}
          </button>
        </Form>
      ) : (
        <Form method="post" className="form">
          {mine?.ok && mine.intent === 'two-factor-disable' && <p role="status">{p.twoFactorDisabled}</p>}
          <p>{p.twoFactorOff}</p>
          <input type="hidden" name="intent" value="two-factor-begin" />
          <label className="field">
            {ru.auth.password}
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <FormError message={mine?.error} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {p.twoFactorEnable}
          </button>
        </Form>
      )}
    </section>
  );
}
