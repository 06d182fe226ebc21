import { ru } from '../../../i18n/ru.ts';
import { IntentForm } from '../../../ui/IntentForm.tsx';
import type { TwoFactorSetup } from '@kometa/contracts';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { PasswordInput } from '../../../ui/PasswordInput.tsx';

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
    <section aria-labelledby="settings-2fa" className="panel">
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
        <IntentForm intent="two-factor-confirm" className="form">
          <p>{p.twoFactorScan}</p>
          <img src={setup.qrCode} alt={p.twoFactorQr} width={180} height={180} className="qr" />
          <p>
            {p.twoFactorSecret}: <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <input type="hidden" name="secret" value={setup.secret} />
          <input type="hidden" name="qrCode" value={setup.qrCode} />
          <label className="field">
            {p.twoFactorCode}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required pattern="\d{6}" />
          </label>
          <FormSubmit error={mine?.error} busy={busy}>
            {p.twoFactorConfirm}
          </FormSubmit>
        </IntentForm>
      ) : enabled ? (
        <IntentForm intent="two-factor-disable" className="form">
          <p>{p.twoFactorOn}</p>
          <label className="field">
            {ru.auth.password}
            <PasswordInput name="password" autoComplete="current-password" required />
          </label>
          <label className="field">
            {p.codeOrRecovery}
            <input name="code" autoComplete="one-time-code" required />
          </label>
          <FormSubmit error={mine?.error} busy={busy} look="ghost">
            {p.twoFactorDisable}
          </FormSubmit>
        </IntentForm>
      ) : (
        <IntentForm intent="two-factor-begin" className="form">
          {mine?.ok && mine.intent === 'two-factor-disable' && <p role="status">{p.twoFactorDisabled}</p>}
          <p>{p.twoFactorOff}</p>
          <label className="field">
            {ru.auth.password}
            <PasswordInput name="password" autoComplete="current-password" required />
          </label>
          <FormSubmit error={mine?.error} busy={busy}>
            {p.twoFactorEnable}
          </FormSubmit>
        </IntentForm>
      )}
    </section>
  );
}
