import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';

/** The e-mail confirmation link (spec §2.1 /email-confirmation/confirm/{token}): opening it confirms. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const answer = await (
    await serverApi(request, context)
  ).post(`/email-confirmation/confirm/${encodeURIComponent(params.token ?? '')}`);
  return { confirmed: answer.status === 200 };
}

export const meta: MetaFunction = () => [
  { title: `${ru.confirmation.title} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function EmailConfirmation() {
  const { confirmed } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="page">
      <h1>{ru.confirmation.title}</h1>
      <p role="status">{confirmed ? ru.confirmation.done : ru.confirmation.failed}</p>
      <Link className="button button-accent" to={confirmed ? '/payment/deposit' : '/'}>
        {confirmed ? ru.cashier.title : ru.errors.backHome}
      </Link>
    </main>
  );
}
