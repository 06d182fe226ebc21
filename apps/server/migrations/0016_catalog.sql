-- The game catalogue and the lobby (issue 6, ADR 019): what the player sees of the games the
-- providers offer (`games`, the seamless wallet's registry, stays the truth for play).
create table developers (
  id bigint generated always as identity primary key,
  name text not null unique,
  canonical text not null unique check (canonical ~ '^[a-z0-9-]+$'),
  position integer not null default 0,
  active boolean not null default true
);

create table catalog_games (
  id bigint generated always as identity primary key,
  provider text not null,
  code text not null,
  slug text not null unique check (slug ~ '^[a-z0-9-]+$'),
  title text not null,
  developer_id bigint not null references developers (id),
  image text not null,
  is_mobile boolean not null default true,
  is_desktop boolean not null default true,
  only_real_balance boolean not null default false,
  tags text[] not null default '{}',
  position integer not null default 0,
  -- The operator's (or the demo's) weight, and the statistic shown: that weight plus the rounds
  -- played in the last 30 days, refreshed by a job.
  base_statistic bigint not null default 0,
  bet_statistic bigint not null default 0,
  created_at timestamptz not null,
  unique (provider, code),
  foreign key (provider, code) references games (provider, code)
);
create index catalog_games_position on catalog_games (position, id);
create index catalog_games_bets on catalog_games (bet_statistic desc, id);
create index catalog_games_title on catalog_games (lower(title));

-- Lobby tabs (game types) and the games of each, in order.
create table game_types (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9-]+$'),
  title text not null,
  position integer not null default 0,
  active boolean not null default true
);
create table game_type_games (
  type_id bigint not null references game_types (id) on delete cascade,
  game_id bigint not null references catalog_games (id) on delete cascade,
  position integer not null default 0,
  primary key (type_id, game_id)
);
create index game_type_games_order on game_type_games (type_id, position, game_id);

-- Russian (and other) names of tags.
create table tag_locales (
  tag text not null,
  locale text not null,
  name text not null,
  primary key (tag, locale)
);

-- Curated sets (pregame-popup-bonus, pregame-popup-popular, home-page-promo).
create table game_sets (
  set_slug text not null,
  game_id bigint not null references catalog_games (id) on delete cascade,
  position integer not null default 0,
  primary key (set_slug, game_id)
);

-- A player's favourites, per device type.
create table favorite_games (
  user_id bigint not null references users (id) on delete cascade,
  game_id bigint not null references catalog_games (id) on delete cascade,
  is_mobile boolean not null,
  created_at timestamptz not null,
  primary key (user_id, is_mobile, game_id)
);
