import {
  Form,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import '../features/cashier/components/cashier.css';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => [
  { title: `${ru.cashier.giftStepTitle} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

/** The choice made (today: no gift), on to the deposit. */
export function action(_args: ActionFunctionArgs) {
  throw redirect('/payment/deposit');
}

/**
 * The deposit's gift step (spec §2.1 /payment-deposit). Deposit gifts come with the bonus feature;
 * until then the step says so and offers the one honest choice.
 */
export default function DepositGiftStep() {
  return (
    <main id="content" className="page">
      <h1>{ru.cashier.giftStepTitle}</h1>
      <Form method="post" className="form cashier-form">
        <p>{ru.cashier.giftStepText}</p>
        <fieldset className="systems">
          <legend className="visually-hidden">{ru.cashier.giftStepTitle}</legend>
          <label className="system">
            <input type="radio" name="gift" value="none" defaultChecked />
            {ru.cashier.noGift}
          </label>
        </fieldset>
        <button type="submit" className="button button-accent">
          {ru.cashier.continue}
        </button>
      </Form>
    </main>
  );
}
