-- Operators of the back office (issue 18, ADR 028): accounts apart from players, mandatory TOTP,
-- sessions with an idle timeout and an absolute end, an append-only audit log, and four-eyes requests.

create table operators (
  id bigint generated always as identity primary key,
  -- Stored lower-cased: one operator per address.
  email text not null unique,
  name text not null,
  password_hash text not null,
  roles text[] not null check (cardinality(roles) > 0),
  status text not null default 'active' check (status in ('active', 'blocked')),
  -- The TOTP secret (sealed under the app secret); enrolled once the first code was right.
  totp_secret_sealed text,
  totp_enrolled_at timestamptz,
  -- The last accepted 30-second step: each code works once.
  totp_last_step bigint,
  -- Wrong passwords and codes in a row; past the limit, sign-in waits until locked_until.
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null,
  created_by bigint references operators (id)
);

create table operator_recovery_codes (
  operator_id bigint not null references operators (id),
  code_hash bytea not null,
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- A session is `password` between the two sign-in steps (minutes), then `active`.
create table operator_sessions (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  token_hash bytea not null unique,
  stage text not null check (stage in ('password', 'active')),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text,
  ip text,
  user_agent text
);
create index operator_sessions_live on operator_sessions (operator_id) where ended_at is null;

-- Every change an operator makes, written in the change's own transaction; never updated or deleted.
create table operator_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  -- Null for the platform itself (the command-line tool creating the first administrator).
  operator_id bigint,
  operator_email text,
  ip text,
  user_agent text,
  action text not null,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb
);
create index operator_audit_at on operator_audit (at, id);
create index operator_audit_operator on operator_audit (operator_id, at);
create index operator_audit_action on operator_audit (action, at);
create index operator_audit_target on operator_audit (target_type, target_id, at);
create function operator_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_audit is append-only' using errcode = 'KM021';
end $$;
create trigger operator_audit_no_change before update or delete on operator_audit
  for each row execute function operator_audit_append_only();
create trigger operator_audit_no_truncate before truncate on operator_audit
  for each statement execute function operator_audit_append_only();

-- Four-eyes: a change of a kind above its threshold waits here for a second operator.
create table approval_requests (
  id bigint generated always as identity primary key,
  kind text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  target_type text not null,
  target_id text not null,
  amount bigint,
  currency text,
  payload jsonb not null,
  requested_by bigint not null references operators (id),
  requested_at timestamptz not null,
  decided_by bigint references operators (id),
  decided_at timestamptz,
  reason text,
  -- The second pair of eyes is never the first.
  check (decided_by is null or decided_by <> requested_by),
  check ((status = 'pending') = (decided_at is null))
);
create index approval_requests_pending on approval_requests (requested_at) where status = 'pending';
create index approval_requests_status on approval_requests (status, id);
