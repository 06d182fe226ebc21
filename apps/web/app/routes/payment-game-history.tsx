import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatAmount, formatDateTime } from '../lib/format.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { rounds: (await cashierApi(await serverApi(request, context)).gameHistory()).data?.items ?? [] };
}

/** The player's rounds, newest first: stake and win of each (spec §2.1 /payment/game-history). */
export default function GameHistory() {
  const { rounds } = useLoaderData<typeof loader>();
  if (rounds.length === 0) return <p>{ru.cashier.noGames}</p>;
  const c = ru.cashier.columns;
  return (
    <table className="table">
      <caption className="visually-hidden">{ru.cashier.gameHistory}</caption>
      <thead>
        <tr>
          <th scope="col">{c.date}</th>
          <th scope="col">{c.game}</th>
          <th scope="col">{c.bet}</th>
          <th scope="col">{c.win}</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => (
          <tr key={round.round}>
            <td>{formatDateTime(round.openedAt)}</td>
            <td>{round.game}</td>
            <td>{formatAmount(round.bet, round.currency)}</td>
            <td>{formatAmount(round.win, round.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
