-- The welcome pack (issue 17, ADR 034). A registration asks for step 1; the deposit that step N's
-- bonus was applied to asks for step N + 1. The stream's consumer writes the request in its
-- transaction (idempotent: one row per player and step); a job, or the player's own call, grants it
-- through the reward port (reward id `welcome:<user>:<step>`) and writes the outcome here.
create table welcome_grants (
  user_id bigint not null references users (id) on delete cascade,
  step int not null check (step between 1 and 10),
  -- The activity event that asked for it (player.registered or deposit.succeeded).
  event_id uuid not null,
  status text not null default 'pending' check (status in ('pending', 'granted', 'refused', 'none')),
  -- Why it was refused (a message key or protection's reason): what the operator reads.
  reason text,
  gift_id bigint references user_gifts (id),
  queued_at timestamptz not null,
  done_at timestamptz,
  primary key (user_id, step)
);
create index welcome_grants_pending on welcome_grants (queued_at) where status = 'pending';

-- The first succeeded deposit of each player (from the stream): the first-deposit banner shows to
-- players without one.
create table first_deposits (
  user_id bigint primary key references users (id) on delete cascade,
  payment_id bigint not null,
  at timestamptz not null
);

-- Gifts for one-off occasions (ADR 034): which offer each gives, set by the operator.
--   phone_confirmation: offered at registration, credited once the phone is confirmed;
--   app_login: the first login from the installed app (PWA).
create table gift_occasions (
  occasion text primary key check (occasion in ('phone_confirmation', 'app_login')),
  offer_id bigint not null references gift_offers (id)
);

-- What an occasion asked for and how it ended, one row per player and request (the stream's consumer
-- writes it in its transaction; the job grants it through the reward port, like welcome_grants).
--   phone_offer: the phone gift offered at registration; phone_confirmed: the phone was confirmed.
create table occasion_grants (
  user_id bigint not null references users (id) on delete cascade,
  request text not null check (request in ('phone_offer', 'phone_confirmed', 'app_login')),
  event_id uuid,
  status text not null default 'pending' check (status in ('pending', 'granted', 'refused', 'none')),
  reason text,
  gift_id bigint references user_gifts (id),
  queued_at timestamptz not null,
  done_at timestamptz,
  primary key (user_id, request)
);
create index occasion_grants_pending on occasion_grants (queued_at) where status = 'pending';
