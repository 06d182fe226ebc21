-- Ratings and the hall of fame (issue 6): the biggest wins per currency, and the players a public
-- figure must leave out (fake and tester labels) found without a scan of every user.
create index game_rounds_top_wins on game_rounds (currency, win_total desc) where closed_at is not null and win_total > 0;
create index game_rounds_closed on game_rounds (currency, closed_at) where closed_at is not null;
create index users_labels on users using gin (labels);
-- The newest games first ("new" recommendations).
create index catalog_games_created on catalog_games (created_at desc, id desc);
