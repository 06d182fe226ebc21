-- Per-player counters shown in the header (spec §3: gift, userVipClub, unreadNotifications).
-- Features raise them; the player resets them by opening the matching screen.
create table user_counters (
  user_id bigint not null references users (id) on delete cascade,
  name text not null check (name in ('gift', 'userVipClub', 'unreadNotifications')),
  value integer not null default 0 check (value >= 0),
  primary key (user_id, name)
);
