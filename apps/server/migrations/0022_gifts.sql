-- Bonuses and gifts (issue 17, ADR 030): the operator's offers, the players' gifts, promo codes, and
-- the reward port's record of every grant. Bonus money itself moves only through the ledger.

-- What an operator offers. `rules` is the JSON of the contract's `giftRules`; a gift copies it.
create table gift_offers (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('bonus_money', 'deposit_bonus', 'free_spins', 'free_bet', 'cashback',
    'points', 'composite')),
  title text not null,
  description text not null default '',
  terms text not null,
  image text,
  currency text not null,
  rules jsonb not null,
  -- A welcome-pack step (1st, 2nd… deposit) or null.
  welcome_step int check (welcome_step between 1 and 10),
  -- Composite: choose this many of its items (`gift_offer_items`).
  choose int check (choose >= 1),
  -- Targeting: labels the player must carry (any), levels, countries; empty = everyone.
  target_labels text[] not null default '{}',
  target_countries text[] not null default '{}',
  vip_only boolean not null default false,
  -- Days a given gift waits to be taken before it expires; null: no deadline.
  take_days int check (take_days between 1 and 365),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- The items a composite offer lets the player choose among.
create table gift_offer_items (
  composite_id bigint not null references gift_offers (id) on delete cascade,
  item_id bigint not null references gift_offers (id),
  position int not null default 0,
  primary key (composite_id, item_id),
  check (composite_id <> item_id)
);

-- A gift given to one player, with its own copy of the offer's rules and texts.
create table user_gifts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  offer_id bigint not null references gift_offers (id),
  kind text not null,
  state text not null check (state in ('available', 'active', 'wagering', 'completed', 'depleted', 'expired',
    'cancelled', 'forfeited')),
  currency text not null,
  title text not null,
  description text not null,
  terms text not null,
  image text,
  rules jsonb not null,
  welcome_step int,
  -- Where it came from: 'promo:CODE', 'deposit:17', 'operator:5', 'reward:…', 'composite:3'.
  source text not null,
  -- The reward that created it (idempotency of grants) — unique when present.
  reward_id text unique,
  -- The composite gift it was chosen from.
  parent_id bigint references user_gifts (id),
  -- The deposit a deposit bonus waits for / was applied to.
  payment_id bigint,
  bonus_amount bigint not null default 0 check (bonus_amount >= 0),
  required_wager bigint not null default 0 check (required_wager >= 0),
  current_wager bigint not null default 0 check (current_wager >= 0),
  spins_left int not null default 0 check (spins_left >= 0),
  converted bigint not null default 0 check (converted >= 0),
  forfeited bigint not null default 0 check (forfeited >= 0),
  expires_at timestamptz,
  created_at timestamptz not null,
  activated_at timestamptz,
  wagering_at timestamptz,
  finished_at timestamptz,
  -- Why it finished the way it did (operator's reason, 'withdrawal:12', 'expired'…).
  finish_reason text,
  -- Each gift's progress is read by player and currency on every bet.
  check ((state in ('completed', 'depleted', 'expired', 'cancelled', 'forfeited')) = (finished_at is not null))
);
create index user_gifts_player on user_gifts (user_id, state);
-- One bonus wagers at a time (ADR 030); the bet function finds it by this index.
create unique index user_gifts_one_wagering on user_gifts (user_id) where state = 'wagering';
create index user_gifts_deadline on user_gifts (expires_at) where state in ('available', 'active', 'wagering');

-- Promo codes: a code gives its offer. `used` counts redemptions; the cap holds under a race because
-- the increment is conditional.
create table promo_codes (
  code text primary key check (code = upper(code)),
  offer_id bigint not null references gift_offers (id),
  cap int check (cap >= 1),
  used int not null default 0 check (used >= 0 and (cap is null or used <= cap)),
  vip_only boolean not null default false,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz not null
);

create table promo_redemptions (
  code text not null references promo_codes (code),
  user_id bigint not null references users (id) on delete cascade,
  gift_id bigint not null references user_gifts (id),
  at timestamptz not null,
  primary key (code, user_id)
);

-- Codes typed at registration, waiting to be redeemed (the stream's consumer writes them in its
-- transaction; a job redeems them outside it, once: a redemption is unique per code and player).
create table promo_pending (
  user_id bigint primary key references users (id) on delete cascade,
  code text not null,
  at timestamptz not null
);

-- Failed code attempts per player and hour (too many: "try later").
create table promo_attempts (
  user_id bigint not null references users (id) on delete cascade,
  hour timestamptz not null,
  failures int not null default 0,
  primary key (user_id, hour)
);

-- The reward port's record: one row per reward id, written with the effect or with the refusal.
create table rewards (
  reward_id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('real_money', 'bonus_money', 'free_spins', 'free_bet', 'points',
    'wheel_spins', 'lottery_tickets', 'gift')),
  amount bigint not null check (amount > 0),
  currency text,
  source text not null,
  status text not null check (status in ('granted', 'refused')),
  reason text,
  gift_id bigint references user_gifts (id),
  ledger_transaction_id bigint,
  at timestamptz not null
);
create index rewards_player on rewards (user_id, at desc);

-- Units a reward grants that are not money: points, wheel spins, lottery tickets (until their
-- modules own them). Changed only by the reward port and the modules that spend them.
create table reward_units (
  user_id bigint not null references users (id) on delete cascade,
  unit text not null check (unit in ('points', 'wheel_spins', 'lottery_tickets')),
  amount bigint not null default 0 check (amount >= 0),
  primary key (user_id, unit)
);

-- Why a player was refused a welcome offer: the accounts that share an identity with one who took it.
create table gift_abuse_flags (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  offer_id bigint not null references gift_offers (id),
  matched_user_id bigint not null,
  matched_on text not null check (matched_on in ('email', 'phone', 'device', 'payment_details')),
  at timestamptz not null
);
create index gift_abuse_flags_player on gift_abuse_flags (user_id);
