-- Player accounts, sessions and the audit trail of authentication (issue 3, ADR 009).
create table users (
  id bigint generated always as identity primary key,
  email text check (email = lower(email)),
  phone text check (phone ~ '^\+[0-9]{7,15}$'),
  username text,
  password_hash text not null,
  birth_date date not null,
  currency text not null,
  locale text not null default 'ru',
  labels text[] not null default '{}',
  email_confirmed boolean not null default false,
  phone_confirmed boolean not null default false,
  auto_logout boolean not null default true,
  denomination integer not null default 100 check (denomination > 0),
  default_denomination integer not null default 100 check (default_denomination > 0),
  promo_code text,
  referral_code text,
  rules_accepted_at timestamptz not null,
  created_at timestamptz not null,
  last_login_at timestamptz,
  previous_login_at timestamptz,
  check (email is not null or phone is not null)
);
create unique index users_email on users (email) where email is not null;
create unique index users_phone on users (phone) where phone is not null;
create unique index users_username on users (lower(username)) where username is not null;

-- Opaque tokens are stored as SHA-256 hashes only; the token itself is shown once, to its owner.
create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text,
  -- After a refresh: the session that replaced this one, and (for a short grace, encrypted) its token,
  -- so a second concurrent refresh with the same old token gets the same new session.
  replaced_by bigint references sessions (id),
  successor_token_enc text,
  user_agent text,
  ip text
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- Step one of the lookup login: credentials checked, a short-lived token names the account.
create table login_lookups (
  token_hash bytea primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- Issued after a captcha: step two must present the protection signature (BAD_PROTECTION_PHRASE).
  protection_required boolean not null default false
);

create table auth_events (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete set null,
  event text not null,
  success boolean not null,
  lookup text,
  ip text,
  user_agent text,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);
create index auth_events_user_time on auth_events (user_id, created_at);
