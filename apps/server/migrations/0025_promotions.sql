-- Operator-written promotions (spec §2.1 /actions/list; issue 17 item 8; ADR 032). Texts are plain
-- (paragraphs and terms split by line), never HTML: the site renders them as text.

create table promotions (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9-]{1,64}$'),
  title text not null,
  summary text not null,
  -- Paragraphs, one per line.
  body text not null default '',
  -- Numbered terms, one per line.
  terms text not null default '',
  -- The art: a path under /media/ (or another image the operator uploads).
  image text not null,
  badge text,
  starts_at timestamptz,
  ends_at timestamptz,
  -- The button: open the gifts, the deposit page or a game (`path`, a path of the site), or give the
  -- gift offer (`claim`, through the reward port: once per player, or once per player and week).
  action text not null check (action in ('gifts', 'claim', 'deposit', 'game')),
  action_label text not null,
  action_path text check (action_path is null or action_path ~ '^/[^/]'),
  offer_id bigint references gift_offers (id),
  claim_every text not null default 'once' check (claim_every in ('once', 'week')),
  position int not null default 0,
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((action = 'claim') = (offer_id is not null)),
  check (action in ('claim', 'deposit') or action_path is not null)
);
-- The list: live and coming promotions in the operator's order.
create index promotions_listed on promotions (position, id) where active;
