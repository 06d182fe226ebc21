-- Kometa's game server keeps its own database: provably-fair seeds and rounds (ADR 015).

-- One active seed per player; rotating reveals the old one and starts a new one at nonce 0.
create table seeds (
  id bigint generated always as identity primary key,
  player text not null,
  server_seed text not null,
  commitment text not null,
  client_seed text not null,
  nonce integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null,
  revealed_at timestamptz
);
create unique index seeds_active on seeds (player) where active;

create table rounds (
  id bigint generated always as identity primary key,
  player text not null,
  game text not null,
  mode text not null check (mode in ('real', 'demo')),
  currency text not null,
  bet bigint not null,
  win bigint not null default 0,
  balance_before bigint,
  balance_after bigint,
  seed_id bigint not null references seeds (id),
  client_seed text not null,
  nonce integer not null,
  choice jsonb not null,
  outcome jsonb not null,
  status text not null check (status in ('settled', 'refused', 'settling')),
  refusal text,
  created_at timestamptz not null
);
create index rounds_player on rounds (player, id desc);
create index rounds_settling on rounds (id) where status = 'settling';

-- Play money for demo sessions, per session token (never the casino's wallet).
create table demo_balances (
  token_hash bytea primary key,
  balance bigint not null check (balance >= 0),
  created_at timestamptz not null
);
