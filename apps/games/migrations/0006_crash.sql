-- Crash (ADR 044): shared rounds played from a published hash chain. A chain's secret seed is kept here
-- until the chain is used up; its terminal hash and salt are published before its first round.
create table crash_chains (
  id bigint generated always as identity primary key,
  seed text not null,
  terminal text not null,
  salt text not null,
  length integer not null,
  created_at timestamptz not null
);

-- One row per shared round: its number in the chain, its hash (shown once it has crashed) and its crash
-- point in hundredths (derived from the hash and the salt, kept for the history).
create table crash_games (
  id bigint generated always as identity primary key,
  chain_id bigint not null references crash_chains (id),
  number integer not null,
  hash text not null,
  point integer not null,
  created_at timestamptz not null,
  flying_at timestamptz,
  crashed_at timestamptz,
  unique (chain_id, number)
);
create index crash_games_unfinished on crash_games (id) where crashed_at is null;

-- A player's bet on a shared round is one of the server's rounds (settled through the casino like the
-- others), without a seed of the player's own: its proof is the shared round's hash.
alter table rounds alter column seed_id drop not null;
alter table rounds alter column client_seed drop not null;
alter table rounds alter column nonce drop not null;
alter table rounds add column crash_game bigint references crash_games (id);
create unique index rounds_crash_bet on rounds (crash_game, player) where crash_game is not null;
create index rounds_crash_open on rounds (crash_game) where crash_game is not null and status = 'open';
