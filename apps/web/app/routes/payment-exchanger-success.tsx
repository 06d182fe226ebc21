import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';

const side = (value: string | null) => {
  const [currency, amount] = (value ?? '').split(':');
  return currency && /^-?\d+$/.test(amount ?? '') ? formatAmount(Number(amount), currency) : null;
};

/** The exchange done (spec §2.1 /payment/exchanger/success): what left one wallet and reached the other. */
export function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  return { from: side(query.get('from')), to: side(query.get('to')) };
}

export default function ExchangerSuccess() {
  const { from, to } = useLoaderData<typeof loader>();
  return (
    <section className="notice" aria-labelledby="exchanged-title">
      <h2 id="exchanged-title">{ru.cashier.exchangedTitle}</h2>
      {from && to && <p role="status">{ru.cashier.exchanged(from, to)}</p>}
      <Link className="button button-primary" to="/games">
        {ru.cashier.toGames}
      </Link>
    </section>
  );
}
