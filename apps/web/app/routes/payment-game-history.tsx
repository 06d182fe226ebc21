import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatAmount, formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { rounds: (await cashierApi(await serverApi(request, context)).gameHistory()).data?.items ?? [] };
}

/**
 * The player's rounds, newest first (spec §2.1 /payment/game-history): the game by the name the lobby
 * gives it, the round's id (what support and the fairness check ask for), stake, win and the result.
 * On a phone each row reads as a card.
 */
export default function GameHistory() {
  const { rounds } = useLoaderData<typeof loader>();
  if (rounds.length === 0) return <p>{ru.cashier.noGames}</p>;
  const c = ru.cashier.columns;
  return (
    // Roles written out: on a phone the rows are laid out as cards, and CSS display drops a table's roles.
    <table className="table table-cards" role="table" aria-label={ru.cashier.gameHistory}>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            {c.date}
          </th>
          <th scope="col" role="columnheader">
            {c.game}
          </th>
          <th scope="col" role="columnheader">
            {c.round}
          </th>
          <th scope="col" role="columnheader">
            {c.bet}
          </th>
          <th scope="col" role="columnheader">
            {c.win}
          </th>
          <th scope="col" role="columnheader">
            {c.result}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rounds.map((round) => {
          const result = round.win - round.bet;
          return (
            <tr key={`${round.provider}:${round.round}`} role="row">
              <td role="cell" data-label={c.date}>
                {formatDateTime(round.openedAt)}
              </td>
              <td role="cell" data-label={c.game} className="table-strong">
                {round.gameName}
              </td>
              <td role="cell" data-label={c.round}>
                <code className="round-id" title={round.round}>
                  {round.round}
                </code>
              </td>
              <td role="cell" data-label={c.bet}>
                {formatAmount(round.bet, round.currency)}
              </td>
              <td role="cell" data-label={c.win}>
                {formatAmount(round.win, round.currency)}
              </td>
              <td role="cell" data-label={c.result} className={result > 0 ? 'amount-up' : undefined}>
                {result > 0 ? '+' : ''}
                {formatAmount(result, round.currency)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
