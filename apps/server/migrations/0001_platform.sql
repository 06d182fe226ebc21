-- Durable jobs: scheduled and delayed work, claimed with FOR UPDATE SKIP LOCKED (ADR 006).
create table jobs (
  id bigint generated always as identity primary key,
  name text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  run_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts >= 1),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  dedupe_key text unique,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due on jobs (run_at) where status = 'pending';
create index jobs_leased on jobs (locked_until) where status = 'running';
