import { Form } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** The button that signs out: a form that posts to /logout, so it works before the page comes alive. */
export function LogoutButton({ className = 'button button-primary' }: { className?: string }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        {ru.auth.logout}
      </button>
    </Form>
  );
}
