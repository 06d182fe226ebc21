-- Client analytics events (POST /webhook/{eventType}) and page hits (POST /hits). Append-only.
create table analytics_events (
  id bigint generated always as identity primary key,
  event_type text not null,
  guest_id text,
  ref_code text,
  last_ref_code text,
  window_size text,
  fields jsonb not null default '{}'::jsonb,
  user_agent text,
  ip text,
  created_at timestamptz not null default now()
);
create index analytics_events_type_time on analytics_events (event_type, created_at);

create table page_hits (
  id bigint generated always as identity primary key,
  url text not null,
  referer text,
  user_id bigint,
  type text,
  popup text,
  track_domain text,
  utm_tags text,
  ref_code text,
  last_ref_code text,
  is_pwa boolean not null default false,
  landing text,
  old_guest_id text,
  user_agent text,
  ip text,
  created_at timestamptz not null default now()
);
create index page_hits_time on page_hits (created_at);
