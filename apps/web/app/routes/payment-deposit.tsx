import {
  redirect,
  redirectDocument,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { DEFAULT_CURRENCY, formatPercent } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { useSite } from '../lib/site-context.ts';
import { cashierApi, gateOf, paymentAction } from '../features/cashier/api/cashier.server.ts';
import { PaymentForm } from '../features/cashier/components/PaymentForm.tsx';
import { depositGifts, giftIntentAction } from '../features/gifts/api/gifts.server.ts';
import {
  DepositBonusEstimate,
  DepositGiftChoice,
  useDepositGift,
} from '../features/gifts/components/DepositGifts.tsx';
import { walletParts } from '../features/gifts/gift-display.ts';
import '../features/gifts/components/gifts.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const currency = currentPlayer(context)?.currency ?? DEFAULT_CURRENCY;
  const [answer, gifts] = await Promise.all([cashierApi(api).depositData(), depositGifts(api, currency)]);
  return { gate: gateOf(answer), deposit: answer.data ?? null, gifts };
}

/**
 * Opens the deposit and sends the player to the provider's page (or says why not); the gift step's
 * dialogs take or give up a deposit bonus here too.
 */
export async function action(args: ActionFunctionArgs) {
  return (
    (await giftIntentAction(args)) ??
    paymentAction(
      args,
      (cashier, order) => cashier.deposit(order),
      (created) => {
        // The provider's page is another site (or the API's sandbox): a full page load, not a route change.
        if (created.redirectUrl) throw redirectDocument(created.redirectUrl);
        throw redirect(`/deposit-pending/${created.payment.id}`);
      },
    )
  );
}

/** The deposit, with its gift step above the form (spec §2.1 /payment-deposit): the bonus it will get. */
export default function Deposit() {
  const { gate, deposit, gifts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const site = useSite();
  const user = site?.user;
  const wagerPercent = site?.settings.depositWagerPercent ?? null;
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  const wallet = user?.wallets.find((w) => w.currency === currency);
  const { chosen, choose, chosenGift } = useDepositGift(gifts);
  const preselect = Number(useSearchParams()[0].get('gift')) || null;
  return (
    <>
      {!gate && (
        <DepositGiftChoice
          gifts={gifts}
          chosen={chosen}
          onChoose={choose}
          realBalance={wallet ? walletParts(wallet).real : 0}
          preselect={preselect}
        />
      )}
      <PaymentForm
        gate={gate}
        result={result && 'sent' in result ? result : undefined}
        systems={deposit?.systems.filter((system) => system.active) ?? []}
        suggestions={deposit?.suggestions.values}
        submitLabel={ru.cashier.submitDeposit}
        aside={(amount) => <DepositBonusEstimate gift={chosenGift} amount={amount} currency={currency} />}
      />
      {!gate && wagerPercent !== null && (
        // The turnover rule that will hold a withdrawal back is said before the money goes in.
        <p className="cashier-rule" data-testid="wager-rule">
          {ru.cashier.wagerRule(formatPercent(wagerPercent, 0))}
        </p>
      )}
    </>
  );
}
