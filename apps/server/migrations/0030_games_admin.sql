-- Games and providers in the back office (issue 18 item 5, ADR 037).

-- How much a game's result per round spreads: the width of its live RTP's confidence band.
alter table games
  add column volatility text not null default 'medium' check (volatility in ('low', 'medium', 'high'));

-- Providers as operators manage them: switched on or off, and (for the ones the back office added or
-- whose secret it rotated) the HMAC secret sealed at rest with a hint of its last characters. A
-- provider of the configuration without a row here is on, with the configuration's secret.
create table game_providers (
  id text primary key check (id ~ '^[a-z0-9_-]{1,32}$'),
  name text,
  active boolean not null default true,
  launch_url text,
  secret_sealed text,
  secret_hint text,
  secret_rotated_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- A provider switched off takes its games out of the lobby, like a game switched off.
create trigger game_providers_catalog_version after insert or update or delete on game_providers
  for each statement execute function bump_catalog_version();
-- The curated sets are shown by the lobby too.
create trigger game_sets_version after insert or update or delete on game_sets
  for each statement execute function bump_catalog_version();

-- Covers operators upload: kept normalised (WebP, 4:3) and served under the game's image address.
create table catalog_game_images (
  game_id bigint primary key references catalog_games (id) on delete cascade,
  hash text not null,
  bytes bytea not null,
  created_at timestamptz not null
);

-- Live RTP per game over a window: the game's settled rounds, then their provider transactions.
create index game_rounds_game_closed on game_rounds (provider, game_code, closed_at) where closed_at is not null;
-- (Their transactions by round: the index provider_transactions_round of 0032, shared with the reports.)
