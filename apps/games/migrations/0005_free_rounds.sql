-- Free rounds (ADR 031): the casino's free-round campaign a round was played on (its stake was the
-- casino's, not the player's); null for a round the player staked.
alter table rounds add column campaign text;
