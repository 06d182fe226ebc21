import { Form, Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import type { CashierGate } from '../api/cashier.server.ts';

/** The verification view a 417 opens in the cashier (spec §4), or the blocked notice of a 403. */
export function CashierGateView({ gate, sent }: { gate: Exclude<CashierGate, null>; sent?: boolean }) {
  if (gate === 'blocked') return <p role="alert">{ru.cashier.blocked}</p>;
  if (gate === 'email-verified')
    return (
      <section className="notice" aria-labelledby="gate-title">
        <h2 id="gate-title">{ru.cashier.confirmEmailTitle}</h2>
        <p>{ru.cashier.confirmEmailText}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="request-email" />
          <button className="button button-ghost" type="submit">
            {ru.cashier.sendAgain}
          </button>
        </Form>
        {sent && <p role="status">{ru.cashier.sent}</p>}
      </section>
    );
  return (
    <section className="notice" aria-labelledby="gate-title">
      <h2 id="gate-title">{ru.cashier.verifyKycTitle}</h2>
      <p>{ru.cashier.verifyKycText}</p>
      <Link className="button button-primary" to="/verification-info">
        {ru.game.verifyLink}
      </Link>
    </section>
  );
}
