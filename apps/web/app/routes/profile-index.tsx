import { Form, Link, useActionData, type ActionFunctionArgs } from 'react-router';
import { formatDate } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { useSite } from '../lib/site-context.ts';
import { FormError } from '../ui/FormError.tsx';
import { profileApi } from '../features/profile/api/profile.server.ts';

/** Sends the e-mail confirmation link again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await profileApi(await serverApi(request, context)).requestEmailConfirmation();
  return answer.status === 200
    ? { sent: true, error: null }
    : { sent: false, error: messageOf(answer.error) };
}

/** An e-mail that may break after its «@», never inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** The account at a glance: contacts and their confirmation, verification, where to go next. */
export default function ProfileOverview() {
  const user = useSite()?.user;
  const result = useActionData<typeof action>();
  if (!user) return null;
  const p = ru.profile;
  return (
    <section aria-labelledby="profile-account" className="panel">
      <h2 id="profile-account">{p.overview}</h2>
      <dl className="facts">
        <dt>{p.id}</dt>
        <dd>{user.id}</dd>
        <dt>{p.email}</dt>
        <dd>
          {user.email ? <EmailText email={user.email} /> : p.none}
          {user.email && ` · ${user.emailConfirmed ? p.confirmed : p.notConfirmed}`}
        </dd>
        <dt>{p.phone}</dt>
        <dd>
          {user.phone ?? p.none}
          {user.phone && ` · ${user.phoneConfirmed ? p.confirmed : p.notConfirmed}`}
        </dd>
        <dt>{p.registered}</dt>
        <dd>{formatDate(user.created)}</dd>
        <dt>{p.verification}</dt>
        <dd>
          <Link to="/verification-info">
            {p.verificationStatus[user.verificationForm.status] ?? user.verificationForm.status}
          </Link>
        </dd>
      </dl>
      {user.email && !user.emailConfirmed && (
        <Form method="post">
          <button type="submit" className="button button-ghost">
            {p.sendConfirmation}
          </button>
          {result?.sent && <p role="status">{p.confirmationSent}</p>}
          <FormError message={result?.error} />
        </Form>
      )}
      <h2>{p.responsible}</h2>
      <ul className="link-list">
        <li>
          <Link to="/games-limits">{ru.footer.limits}</Link>
        </li>
        <li>
          <Link to="/self-exclusion-option">{ru.exclusion.title}</Link>
        </li>
        <li>
          <Link to="/payment/game-history">{ru.cashier.gameHistory}</Link>
        </li>
      </ul>
    </section>
  );
}
