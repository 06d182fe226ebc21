-- A bet the casino did not answer definitely (RS_ERROR_UNKNOWN, a timeout, a broken connection) may or
-- may not have taken the stake. Its round is not played and the bet is rolled back at the casino; the
-- rollback is kept here, written in the same statement that gives the bet up, and sent again with
-- backoff (by any instance, after a restart too) until the casino answers it definitely.
create table bet_rollbacks (
  -- The rollback's own transaction id at the casino (kometa-{round}-cancel[-{attempt}]).
  transaction_id text primary key,
  provider text not null,
  round_id bigint not null references rounds (id),
  round text not null,
  -- The bet it undoes.
  reference text not null,
  token text not null,
  casino_user text not null,
  game text not null,
  round_closed boolean not null,
  attempts integer not null default 0,
  next_at timestamptz not null,
  created_at timestamptz not null,
  -- The casino's definite answer, once it came.
  answer jsonb,
  done_at timestamptz
);
create index bet_rollbacks_due on bet_rollbacks (next_at) where done_at is null;
