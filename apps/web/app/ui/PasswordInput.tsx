import { useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { ru } from '../i18n/ru.ts';

/**
 * A password input with a button that shows what was typed (and hides it again): a phone's keyboard
 * makes typos easy, and a player should see them before a refusal does.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-toggle"
        aria-label={shown ? ru.auth.hidePassword : ru.auth.showPassword}
        aria-pressed={shown}
        disabled={props.disabled}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </button>
    </span>
  );
}
