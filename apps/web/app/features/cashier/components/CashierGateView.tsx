import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { FormError } from '../../../ui/FormError.tsx';
import { IntentButton } from '../../../ui/IntentForm.tsx';
import { useSubmitting } from '../../../lib/form-route.ts';
import type { CashierGate } from '../api/cashier.server.ts';

/**
 * The verification view a 417 opens in the cashier (spec §4), or the blocked notice of a 403; `sent`
 * and `error` answer the e-mail asked again from it.
 */
export function CashierGateView({
  gate,
  sent,
  error,
}: {
  gate: Exclude<CashierGate, null>;
  sent: boolean;
  error: string | null | undefined;
}) {
  const busy = useSubmitting();
  if (gate === 'blocked') return <p role="alert">{ru.cashier.blocked}</p>;
  if (gate === 'email-verified')
    return (
      <section className="notice" aria-labelledby="gate-title">
        <h2 id="gate-title">{ru.cashier.confirmEmailTitle}</h2>
        <p>{ru.cashier.confirmEmailText}</p>
        <IntentButton intent="request-email" busy={busy}>
          {ru.cashier.sendAgain}
        </IntentButton>
        {sent && <p role="status">{ru.cashier.sent}</p>}
        <FormError message={error} />
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
