-- TOTP two-factor authentication (RFC 6238) with single-use recovery codes.
create table two_factor (
  user_id bigint primary key references users (id) on delete cascade,
  secret_sealed text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  -- The last accepted 30-second step: a code is accepted only for a later step, so each is single use.
  last_time_step bigint
);

create table recovery_codes (
  user_id bigint not null references users (id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);
