import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseSum, type CurrencyCode } from '@kometa/money';
import { MANUAL_PAYMENT_STATUSES, type PaymentAdminRow } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, Modal } from '../../ui/feedback.tsx';
import { formText, SelectField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import {
  PaymentAmount,
  PaymentStatusBadge,
  PlayerLink,
  requisitesText,
  statusName,
} from './payment-text.tsx';

const P = ru.payments;

interface Detail {
  payment: PaymentAdminRow;
  events: {
    id: number;
    fromStatus: number | null;
    toStatus: number | null;
    applied: boolean;
    source: string;
    detail: Record<string, unknown>;
    at: string;
  }[];
  refunds: { id: number; amount: number; reason: string; operatorEmail: string | null; at: string }[];
  approvalThreshold: number;
}

const MANUAL_OPTIONS = MANUAL_PAYMENT_STATUSES.map((status) => [String(status), statusName(status)] as const);

/**
 * A payment in full: its data, status history and refunds; a manual status and a refund for those
 * allowed (the server checks the whitelist and the permission).
 */
export function PaymentDialog(props: {
  paymentId: number | null;
  onClose: () => void;
  may: (permission: 'payments.status' | 'payments.refund') => boolean;
}) {
  const { paymentId } = props;
  const detail = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => api<Detail>('GET', `/payments/${paymentId}`),
    enabled: paymentId !== null,
  });
  const { run, fields, setFields, isBusy } = useAction();
  const [refundKey, setRefundKey] = useState(() => crypto.randomUUID());
  const data = detail.data;
  const payment = data?.payment;

  async function submitStatus(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    const done = await run(async () => {
      await api('POST', `/payments/${paymentId}/status`, {
        body: { status: Number(form.get('status')), reason: formText(form, 'reason') },
      });
      return P.statusSaved(paymentId!);
    });
    if (done) target.reset();
  }

  async function submitRefund(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!payment) return;
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    let amount: number;
    try {
      amount = parseSum(formText(form, 'amount'), payment.currency as CurrencyCode);
    } catch {
      setFields({ amount: 'payments.badAmount' });
      return;
    }
    const done = await run(async () => {
      await api('POST', `/payments/${paymentId}/refunds`, {
        body: { amount, reason: formText(form, 'reason'), idempotencyKey: refundKey },
      });
      return P.refundDone(money(amount, payment.currency));
    });
    if (done) {
      target.reset();
      setRefundKey(crypto.randomUUID());
    }
  }

  const message = (key: string | undefined) =>
    !key ? undefined : key === 'payments.badAmount' ? P.badAmount : messageOf(key);
  const refundable =
    payment && payment.direction === 'deposit' && (payment.status === 3 || payment.status === 9);

  return (
    <Modal
      title={paymentId ? P.detailTitle(paymentId) : ''}
      open={paymentId !== null}
      onClose={props.onClose}
      actions={
        <button type="button" className="button" onClick={props.onClose}>
          {ru.common.close}
        </button>
      }
    >
      {detail.error ? (
        <div role="alert">{errorText(detail.error)}</div>
      ) : !data || !payment ? (
        <div className="skeleton" />
      ) : (
        <div className="grid">
          <dl className="detail-list">
            <div>
              <dt>{P.player}</dt>
              <dd>
                <PlayerLink row={payment} />
              </dd>
            </div>
            <div>
              <dt>{P.direction}</dt>
              <dd>{P.directions[payment.direction]}</dd>
            </div>
            <div>
              <dt>{P.status}</dt>
              <dd>
                <PaymentStatusBadge status={payment.status} />
              </dd>
            </div>
            <div>
              <dt>{P.amount}</dt>
              <dd>
                <PaymentAmount row={payment} />
              </dd>
            </div>
            <div>
              <dt>{P.system}</dt>
              <dd>{payment.systemName}</dd>
            </div>
            <div>
              <dt>{P.requisites}</dt>
              <dd className="mono">{requisitesText(payment.requisites)}</dd>
            </div>
            <div>
              <dt>{P.created}</dt>
              <dd>{dateTime(payment.createdAt)}</dd>
            </div>
            <div>
              <dt>{P.updated}</dt>
              <dd>{dateTime(payment.updatedAt)}</dd>
            </div>
          </dl>
          <section aria-labelledby="payment-history">
            <h3 id="payment-history" className="section-title">
              {P.history}
            </h3>
            {data.events.length === 0 ? (
              <p className="muted">{P.historyEmpty}</p>
            ) : (
              <ol className="timeline">
                {data.events.map((event) => (
                  <li key={event.id} className={event.applied ? '' : 'muted'}>
                    <span className="nowrap">{dateTime(event.at)}</span>{' '}
                    <strong>
                      {event.fromStatus ? `${statusName(event.fromStatus)} → ` : ''}
                      {event.toStatus ? statusName(event.toStatus) : '—'}
                    </strong>{' '}
                    <span className="muted">
                      {event.source}
                      {typeof event.detail.reason === 'string' ? ` · ${event.detail.reason}` : ''}
                      {event.applied ? '' : ` · ${P.notApplied}`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {payment.direction === 'deposit' ? (
            <section aria-labelledby="payment-refunds">
              <h3 id="payment-refunds" className="section-title">
                {P.refunds}
              </h3>
              {data.refunds.length === 0 ? (
                <p className="muted">{P.noRefunds}</p>
              ) : (
                <ul className="timeline">
                  {data.refunds.map((refund) => (
                    <li key={refund.id}>
                      <span className="nowrap">{dateTime(refund.at)}</span>{' '}
                      <strong>{money(refund.amount, payment.currency)}</strong>{' '}
                      <span className="muted">
                        {refund.reason} · {refund.operatorEmail ?? '—'}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          {props.may('payments.refund') && refundable ? (
            <form className="grid form-panel" onSubmit={(event) => void submitRefund(event)}>
              <h3 className="section-title">{P.refundTitle}</h3>
              <p className="muted" style={{ margin: 0 }}>
                {P.refundLead(money(payment.amount - payment.refunded, payment.currency))}
              </p>
              <div className="grid grid-2">
                <TextField
                  id="refund-amount"
                  name="amount"
                  label={P.refundAmount}
                  inputMode="decimal"
                  required
                  error={message(fields.amount)}
                />
                <TextField
                  id="refund-reason"
                  name="reason"
                  label={P.refundReason}
                  required
                  minLength={3}
                  maxLength={500}
                  error={message(fields.reason)}
                />
              </div>
              <div>
                <button type="submit" className="button button-danger" disabled={isBusy}>
                  {P.refund}
                </button>
              </div>
            </form>
          ) : null}
          {props.may('payments.status') ? (
            <form className="grid form-panel" onSubmit={(event) => void submitStatus(event)}>
              <h3 className="section-title">{P.setStatus}</h3>
              <p className="muted" style={{ margin: 0 }}>
                {P.setStatusLead}
              </p>
              <div className="grid grid-2">
                <SelectField
                  id="manual-status"
                  name="status"
                  label={P.newStatus}
                  options={MANUAL_OPTIONS}
                  error={message(fields.status)}
                />
                <TextField
                  id="manual-reason"
                  name="reason"
                  label={P.statusReason}
                  required
                  minLength={3}
                  maxLength={500}
                  error={message(fields.reason)}
                />
              </div>
              <div>
                <button type="submit" className="button" disabled={isBusy}>
                  {P.setStatus}
                </button>
              </div>
            </form>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
