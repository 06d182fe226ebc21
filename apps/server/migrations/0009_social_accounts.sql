-- Social-login (OpenID Connect) identities linked to player accounts: one per provider and player.
create table social_accounts (
  provider text not null,
  subject text not null,
  user_id bigint not null references users (id) on delete cascade,
  email text,
  linked_at timestamptz not null,
  primary key (provider, subject),
  unique (user_id, provider)
);

-- How a login lookup was earned: a password ('password') or a social login ('oauth'); an oauth lookup
-- only ever finishes with a two-factor code.
alter table login_lookups add column via text not null default 'password'
  check (via in ('password', 'oauth'));
