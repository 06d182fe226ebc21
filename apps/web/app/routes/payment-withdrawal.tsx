import {
  data,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { DEFAULT_CURRENCY, formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { cashierApi, gateOf, paymentAction } from '../features/cashier/api/cashier.server.ts';
import { PaymentForm } from '../features/cashier/components/PaymentForm.tsx';
import { bonusRefusalOf, giftsApi, type BonusPreview } from '../features/gifts/api/gifts.server.ts';
import {
  WithdrawalBonusNotice,
  WithdrawalForfeitConfirm,
} from '../features/gifts/components/WithdrawalBonus.tsx';
import '../features/gifts/components/gifts.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const currency = currentPlayer(context)?.currency ?? DEFAULT_CURRENCY;
  const [answer, preview] = await Promise.all([
    cashierApi(api).withdrawalSystems(),
    giftsApi(api).withdrawalPreview(currency),
  ]);
  // What a withdrawal now does to the bonus wagering, from the code that will do it (ADR 030).
  const bonus: BonusPreview | null =
    preview.data && preview.data.forfeit > 0
      ? { keep: preview.data.keep, forfeit: preview.data.forfeit, wagerLeft: preview.data.wagerLeft }
      : null;
  return {
    gate: gateOf(answer),
    systems: (answer.data ?? []).filter((system) => system.active),
    bonus,
    currency,
  };
}

/**
 * A withdrawal request: the amount is held at once and paid out after the operator's checks. With a
 * bonus wagering it goes only with the player's `forfeitBonus`; without it the API refuses (409) with
 * the sums, and the page asks again with them.
 */
interface WithdrawalAnswer {
  sent: boolean;
  error: string | null;
  /** The request made: its sum and number. */
  created?: { sum: string; id: number };
  /** Refused as it would forfeit the bonus: the sums to confirm, and when (a new refusal asks again). */
  bonus?: BonusPreview;
  refusedAt?: number;
}

export async function action(
  args: ActionFunctionArgs,
): Promise<WithdrawalAnswer | ReturnType<typeof data<WithdrawalAnswer>>> {
  const forfeitBonus = (await args.request.clone().formData()).get('forfeitBonus') === 'true';
  const refused: { bonus: BonusPreview | null } = { bonus: null };
  const result = await paymentAction(
    args,
    async (cashier, order) => {
      const answer = await cashier.withdraw(order, forfeitBonus);
      refused.bonus = bonusRefusalOf(answer.error);
      return answer;
    },
    (created) => ({
      sent: false,
      error: null,
      created: { sum: formatAmount(created.sum, created.currency), id: created.id },
    }),
  );
  if (refused.bonus) {
    return data({ sent: false, error: null, bonus: refused.bonus, refusedAt: Date.now() }, { status: 409 });
  }
  return result;
}

export default function Withdrawal() {
  const { gate, systems, bonus, currency } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.created)
    return (
      <>
        <p role="status">{ru.cashier.withdrawalCreated(result.created.sum)}</p>
        <Link to={`/payment/withdrawal/${result.created.id}`}>{ru.cashier.withdrawalStatus}</Link>
      </>
    );
  return (
    <PaymentForm
      gate={gate}
      result={result}
      systems={systems}
      submitLabel={ru.cashier.submitWithdrawal}
      before={
        <>
          {bonus && <WithdrawalBonusNotice preview={bonus} currency={currency} />}
          {result?.bonus && (
            <WithdrawalForfeitConfirm key={result.refusedAt} preview={result.bonus} currency={currency} />
          )}
        </>
      }
    />
  );
}
