-- Multi-step rounds (blackjack): a round stays `open` while the player acts. Its state is replayed
-- from the seed and the actions, so only the actions are kept. An action that stakes more money
-- (double, split) is written as `pending` before its bet is sent, so a crash between the two is
-- finished on the player's return, once: the same bet id is sent again (ADR 016).
alter table rounds drop constraint rounds_status_check;
alter table rounds add constraint rounds_status_check check (status in ('open', 'settled', 'refused', 'settling'));
alter table rounds add column actions jsonb not null default '[]';
alter table rounds add column pending jsonb;
alter table rounds add column stake_attempts integer not null default 0;
-- The launch token of an open round, to settle it by the published rule after a timeout (wins need no
-- live session); cleared once the round is settled.
alter table rounds add column session_token text;
alter table rounds add column updated_at timestamptz;

-- One open round per player and game: a second deal while one is open is refused.
create unique index rounds_one_open on rounds (player, game) where status = 'open';
create index rounds_open_since on rounds (updated_at) where status = 'open';
