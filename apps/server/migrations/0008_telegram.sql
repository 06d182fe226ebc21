-- Telegram identities linked to player accounts (Login Widget and Mini App login).
create table telegram_accounts (
  telegram_id bigint primary key,
  user_id bigint not null unique references users (id) on delete cascade,
  username text,
  linked_at timestamptz not null
);
