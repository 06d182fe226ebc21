-- The content screens of the back office (issue 18 item 6, ADR 038): an SEO page gains its heading
-- and its text (sanitised HTML), pages and banners say when they last changed, and uploaded images
-- live in the database (one copy for every instance, never in the web root), named by their hash.

alter table pages
  add column h1 text not null default '',
  add column body text not null default '',
  add column updated_at timestamptz;

alter table rotator_slides add column updated_at timestamptz;

create table content_media (
  id text primary key check (id ~ '^[0-9a-f]{32}\.(png|jpg|webp)$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  size integer not null check (size > 0 and size <= 1048576),
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now(),
  created_by integer
);
