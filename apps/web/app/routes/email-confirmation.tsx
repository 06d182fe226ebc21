import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { MessagePage } from '../ui/MessagePage.tsx';

/** The e-mail confirmation link (spec §2.1 /email-confirmation/confirm/{token}): opening it confirms. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const answer = await (
    await serverApi(request, context)
  ).post(`/email-confirmation/confirm/${encodeURIComponent(params.token ?? '')}`);
  return { confirmed: answer.status === 200 };
}

export const meta: MetaFunction = () => privatePageMeta(ru.confirmation.title);

export default function EmailConfirmation() {
  const { confirmed } = useLoaderData<typeof loader>();
  return (
    <MessagePage
      title={ru.confirmation.title}
      text={confirmed ? ru.confirmation.done : ru.confirmation.failed}
      isStatus
      link={
        confirmed
          ? { to: '/payment/deposit', label: ru.cashier.title, look: 'accent' }
          : { to: '/', label: ru.errors.backHome, look: 'accent' }
      }
    />
  );
}
