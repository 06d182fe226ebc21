-- The seamless-wallet API for game providers (ADR 014).

-- The games a provider offers (the lobby's catalogue builds on this table).
create table games (
  provider text not null,
  code text not null,
  name text not null,
  category text not null default 'slots',
  rtp_bp integer,
  demo_available boolean not null default true,
  verified_only boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (provider, code)
);

-- A launched game: the token the provider sends with every call of that session.
create table game_sessions (
  token_hash bytea primary key,
  user_id bigint not null references users (id),
  provider text not null,
  game_code text not null,
  currency text not null,
  mode text not null check (mode in ('real', 'demo')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index game_sessions_user on game_sessions (user_id, created_at desc);

-- Every provider transaction id, once. A rollback that arrives before its bet leaves a tombstone under
-- the bet's id, so the late bet is refused.
create table provider_transactions (
  provider text not null,
  transaction_id text not null,
  kind text not null check (kind in ('bet', 'win', 'rollback', 'tombstone')),
  user_id bigint,
  game_code text,
  round text,
  currency text,
  amount bigint,
  reference_id text,
  rolled_back boolean not null default false,
  request_hash bytea,
  response jsonb,
  created_at timestamptz not null,
  primary key (provider, transaction_id)
);

create table game_rounds (
  provider text not null,
  round text not null,
  user_id bigint not null,
  game_code text not null,
  currency text not null,
  bet_total bigint not null default 0,
  win_total bigint not null default 0,
  opened_at timestamptz not null,
  closed_at timestamptz,
  closed_by text,
  primary key (provider, round)
);
create index game_rounds_open on game_rounds (opened_at) where closed_at is null;
create index game_rounds_user on game_rounds (user_id, opened_at desc);

-- Every provider request and our answer, for disputes and the conformance kit.
create table provider_requests (
  id bigint generated always as identity primary key,
  provider text,
  path text not null,
  request jsonb,
  response jsonb not null,
  http_status smallint not null,
  duration_ms real not null,
  created_at timestamptz not null
);
create index provider_requests_created on provider_requests (created_at);
