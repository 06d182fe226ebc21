-- Outgoing e-mail and SMS: written in the same flow as the event that causes them, delivered by a
-- durable job (retried), kept as a record. Without SMTP (development, tests) delivered messages stay
-- readable here as the development mailbox.
create table outbox_messages (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  template text not null,
  subject text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  transport text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index outbox_messages_recipient on outbox_messages (recipient, id);

-- One-time secrets sent to a player: password reset links and codes, e-mail and phone confirmations.
create table verification_codes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('reset_email', 'reset_sms', 'confirm_email', 'confirm_phone', 'login_token')),
  code_hash bytea not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  attempts integer not null default 0
);
create index verification_codes_user on verification_codes (user_id, purpose, created_at);
create index verification_codes_hash on verification_codes (purpose, code_hash);
