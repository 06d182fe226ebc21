-- The cashier (ADR 013): payment systems the operator offers, payments and their status history.

create table payment_systems (
  id text primary key,
  provider text not null,
  direction text not null check (direction in ('deposit', 'withdrawal')),
  currency text not null,
  name text not null,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  multiple_of bigint check (multiple_of > 0),
  commission_bp integer not null default 0 check (commission_bp between 0 and 10000),
  requisites text[] not null default '{}',
  active boolean not null default true,
  sort integer not null default 0,
  check (max_amount >= min_amount)
);

create table payments (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  direction text not null check (direction in ('deposit', 'withdrawal')),
  operation_type smallint not null,
  status smallint not null,
  system_id text not null references payment_systems (id),
  provider text not null,
  currency text not null,
  amount bigint not null check (amount > 0),
  commission bigint not null default 0 check (commission >= 0),
  tip bigint not null default 0 check (tip >= 0),
  -- Masked for display (a card as its first six and last four digits); never a whole card number.
  requisites jsonb not null default '{}',
  -- The provider's token for a payout destination (withdrawals), instead of the card itself.
  destination_token text,
  provider_reference text,
  -- The player's own retry key (Idempotency-Key header): one payment per key.
  client_key text,
  return_url text,
  review_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider, provider_reference),
  unique (user_id, client_key)
);
create index payments_user_created on payments (user_id, created_at desc);
create index payments_open on payments (status, created_at) where status in (1, 2, 11);

-- Every status change, and every provider event that changed nothing (late, repeated, out of order).
create table payment_events (
  id bigint generated always as identity primary key,
  payment_id bigint not null references payments (id),
  from_status smallint,
  to_status smallint,
  applied boolean not null,
  source text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null
);
create index payment_events_payment on payment_events (payment_id, id);

-- The sandbox provider's own books (it plays an outside provider: Kometa's payments table is not its).
create table sandbox_payments (
  reference text primary key,
  kind text not null check (kind in ('deposit', 'payout')),
  merchant_payment_id bigint not null,
  amount bigint not null,
  currency text not null,
  status text not null default 'new',
  return_url text,
  destination_token text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table sandbox_destinations (
  token text primary key,
  kind text not null,
  masked text not null,
  declines boolean not null,
  created_at timestamptz not null
);
