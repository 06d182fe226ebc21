import type { ReactNode } from 'react';
import { FormError } from './FormError.tsx';

/** The end of a form: its refusal, if any, then its button, which waits while a form is on its way. */
export function FormSubmit({
  error,
  busy,
  look = 'primary',
  children,
}: {
  error: string | null | undefined;
  busy: boolean;
  look?: 'primary' | 'accent' | 'ghost';
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <button type="submit" className={`button button-${look}`} disabled={busy}>
        {children}
      </button>
    </>
  );
}
