-- Ratings and the hall of fame (issue 6): the biggest wins per currency, and the players a public
-- figure must leave out (fake and tester labels) found without a scan of every user.
create index game_rounds_top_wins on game_rounds (currency, win_total desc) where closed_at is not null and win_total > 0;
create index game_rounds_closed on game_rounds (currency, closed_at) where closed_at is not null;
create index users_labels on users using gin (labels);
-- The newest games first ("new" recommendations).
create index catalog_games_created on catalog_games (created_at desc, id desc);

-- The catalogue's version: bumped by any change to what the lobby shows, so that each instance's
-- in-memory search snapshot reloads only when something changed (a one-row read every 30 seconds).
create table catalog_version (
  id smallint primary key default 1 check (id = 1),
  version bigint not null
);
insert into catalog_version (id, version) values (1, 1);

create function bump_catalog_version() returns trigger language plpgsql as $$
begin
  update catalog_version set version = version + 1 where id = 1;
  return null;
end $$;

create trigger catalog_games_version after insert or update or delete on catalog_games
  for each statement execute function bump_catalog_version();
create trigger developers_version after insert or update or delete on developers
  for each statement execute function bump_catalog_version();
create trigger game_types_version after insert or update or delete on game_types
  for each statement execute function bump_catalog_version();
create trigger game_type_games_version after insert or update or delete on game_type_games
  for each statement execute function bump_catalog_version();
create trigger tag_locales_version after insert or update or delete on tag_locales
  for each statement execute function bump_catalog_version();
-- The provider registry: a game switched off there leaves the lobby.
create trigger games_catalog_version after insert or update or delete on games
  for each statement execute function bump_catalog_version();
