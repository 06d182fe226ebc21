import type { ReactNode } from 'react';
import { Form } from 'react-router';

/** One of a page's small forms: it posts to the page's action, `intent` saying which it is. */
export function IntentForm({
  intent,
  className,
  children,
}: {
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** A form that is one button ("send again", "end the other sessions"), waiting while a form is sent. */
export function IntentButton({
  intent,
  busy,
  children,
}: {
  intent: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <IntentForm intent={intent}>
      <button type="submit" className="button button-ghost" disabled={busy}>
        {children}
      </button>
    </IntentForm>
  );
}
