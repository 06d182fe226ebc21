import { useId } from 'react';
import { ru } from '../i18n/ru.ts';
import { PasswordInput } from './PasswordInput.tsx';

/** The API's minimum (contracts: PASSWORD_MIN_LENGTH), checked by the browser before it asks. */
const PASSWORD_MIN_LENGTH = 8;

/** A new password's field with its length hint, read out with the field. */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  const hint = useId();
  return (
    <>
      <label className="field">
        {label}
        <PasswordInput
          name={name}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby={hint}
        />
      </label>
      <small id={hint}>{ru.auth.passwordHint}</small>
    </>
  );
}
