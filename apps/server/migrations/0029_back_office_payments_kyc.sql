-- Payments and KYC in the back office (issue 18 items 3 and 4, ADR 036): refunds of deposits to the
-- payer (money moves through the ledger under the refund's key; this row is the operator's record and
-- the once-per-key guard), and the indexes the operators' queues read.

create table payment_refunds (
  id bigint generated always as identity primary key,
  payment_id bigint not null references payments (id),
  -- Made once per form by the back office: a retried or double-clicked refund happens once.
  idempotency_key text not null unique,
  amount bigint not null check (amount > 0),
  reason text not null,
  operator_id bigint,
  operator_email text,
  transaction_id bigint not null,
  created_at timestamptz not null
);
create index payment_refunds_payment on payment_refunds (payment_id, id);

-- The withdrawal queue (MANUAL, VERIFY) and the lists by status, newest first.
create index payments_status_id on payments (status, id desc);
-- The KYC queue by status.
create index kyc_documents_status on kyc_documents (status, id);
