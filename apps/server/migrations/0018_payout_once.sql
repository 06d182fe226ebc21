-- A payout is asked of the provider under the payment's id (issue 15): a payout job run again after a
-- crash (between the provider's answer and the reference being recorded) gets the same payout back,
-- never a second one. The sandbox keeps one payout per payment, as a real provider's idempotency key.
create unique index sandbox_payments_one_payout on sandbox_payments (merchant_payment_id) where kind = 'payout';
