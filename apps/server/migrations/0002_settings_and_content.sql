-- Operator settings: spec §3 keys, JSON values; only public ones are served to the site.
create table settings (
  alias text primary key check (alias ~ '^[a-z0-9_]{1,64}$'),
  value jsonb not null,
  is_public boolean not null default true,
  updated_at timestamptz not null default now()
);

create table menus (
  id text primary key check (id ~ '^[a-z0-9_-]{1,64}$'),
  title text not null
);

create table menu_items (
  id integer generated always as identity primary key,
  menu_id text not null references menus (id) on delete cascade,
  parent_id integer references menu_items (id) on delete cascade,
  title text not null,
  url text not null,
  icon text,
  position integer not null default 0,
  is_active boolean not null default true
);
create index menu_items_menu on menu_items (menu_id, position);

-- SEO data per path identifier ('seo_main' is the home page) and per operator domain ('' = every domain).
create table pages (
  id integer generated always as identity primary key,
  identifier text not null,
  domain text not null default '',
  url text not null,
  title text not null,
  description text not null default '',
  og_image text,
  og_site_name text not null,
  prerender_header text,
  status_code integer not null default 200,
  unique (identifier, domain)
);

create table redirects (
  id integer generated always as identity primary key,
  source text not null,
  domain text not null default '',
  target text not null,
  code integer not null default 301 check (code in (301, 302)),
  alias_route text,
  unique (source, domain)
);

create table project_images (
  id integer generated always as identity primary key,
  type text not null,
  name text not null unique,
  url text not null,
  width integer,
  height integer
);

create table rotator_slides (
  id integer generated always as identity primary key,
  slot text not null,
  title text not null,
  text text,
  image_desktop text,
  image_mobile text,
  link_url text,
  link_text text,
  position integer not null default 0,
  audience text not null default 'all' check (audience in ('all', 'guest', 'player')),
  device text not null default 'all' check (device in ('all', 'mobile', 'desktop')),
  starts_at timestamptz,
  ends_at timestamptz,
  is_active boolean not null default true
);
create index rotator_slides_slot on rotator_slides (slot, position) where is_active;

-- Marks demo content as loaded, so a restart never loads it twice.
create table seed_runs (
  name text primary key,
  ran_at timestamptz not null default now()
);
