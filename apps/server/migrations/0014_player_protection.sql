-- Player protection (issue 7, ADR 018): responsible-gaming limits, self-exclusion, reality checks and
-- their audit trail. The money-side checks are SQL functions, so that they run inside the same
-- database transaction as the money movement they guard.

-- The operator's time zone for the periods (day, week from Monday, month), set at start from config.
create table rg_config (
  id boolean primary key default true check (id),
  timezone text not null
);
insert into rg_config (timezone) values ('Europe/Moscow');

-- A limit in force, and a raise or removal waiting for its 24-hour cooling-off and the player's
-- second confirmation (`pending_amount` null with `pending_removal` for a removal).
create table rg_limits (
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month')),
  amount bigint not null check (amount >= 0),
  pending_amount bigint check (pending_amount >= 0),
  pending_removal boolean not null default false,
  pending_since timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (user_id, kind, period)
);

-- What a player staked and won, per day of the operator's time zone (kept on every bet, win and
-- rollback, so a limit set mid-period counts the whole period).
create table rg_activity (
  user_id bigint not null,
  currency text not null,
  day date not null,
  staked bigint not null default 0,
  won bigint not null default 0,
  primary key (user_id, currency, day)
);

-- Time-outs and self-exclusions; `until` null is indefinite. Never shortened, never deleted.
create table rg_exclusions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('timeout', 'self_exclusion')),
  option text not null,
  started_at timestamptz not null,
  until timestamptz
);
create index rg_exclusions_user on rg_exclusions (user_id, started_at desc);

-- Identities of excluded players (hashes of the normalised e-mail, phone and payment details), so
-- that no new account can be opened or paid with them while the exclusion lasts.
create table rg_excluded_identities (
  kind text not null check (kind in ('email', 'phone', 'payment')),
  value_hash bytea not null,
  user_id bigint not null references users (id) on delete cascade,
  until timestamptz,
  primary key (kind, value_hash, user_id)
);

-- Keyed hashes of the payment details each player has paid with or to, so that an exclusion can
-- cover them too.
create table rg_payment_identities (
  user_id bigint not null references users (id) on delete cascade,
  value_hash bytea not null,
  primary key (user_id, value_hash)
);

-- A session-time limit reached: new rounds are refused until the period ends.
create table rg_session_blocks (
  user_id bigint primary key references users (id) on delete cascade,
  until timestamptz not null
);

-- Reality checks: the interval the player chose and the last reminder they acknowledged.
create table rg_reality_checks (
  user_id bigint primary key references users (id) on delete cascade,
  interval_minutes integer not null check (interval_minutes between 10 and 240),
  acknowledged_at timestamptz
);

-- Every limit change, exclusion, reality-check acknowledgement and verification decision.
create table rg_audit (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  actor text not null,
  action text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null
);
create index rg_audit_user on rg_audit (user_id, id);
create function rg_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'rg_audit is append-only' using errcode = 'KM020';
end $$;
create trigger rg_audit_no_change before update or delete on rg_audit
  for each row execute function rg_audit_append_only();

-- The start of the period that contains `p_at`, in the operator's time zone.
create function rg_period_start(p_period text, p_at timestamptz) returns timestamptz
language sql stable as $$
  select (date_trunc(p_period, p_at at time zone c.timezone)) at time zone c.timezone from rg_config c
$$;

create function rg_local_day(p_at timestamptz) returns date
language sql stable as $$
  select (p_at at time zone c.timezone)::date from rg_config c
$$;

-- Adds a bet's stake or a win (negative for a rollback) to the player's day.
create function rg_record_play(p_user bigint, p_currency text, p_staked bigint, p_won bigint, p_at timestamptz)
returns void language sql as $$
  insert into rg_activity (user_id, currency, day, staked, won)
    values (p_user, p_currency, rg_local_day(p_at), p_staked, p_won)
    on conflict (user_id, currency, day) do update set
      staked = rg_activity.staked + excluded.staked,
      won = rg_activity.won + excluded.won
$$;

-- Whether an exclusion is in force for the player now.
create function rg_excluded(p_user bigint, p_at timestamptz) returns boolean
language sql stable as $$
  select exists (select 1 from rg_exclusions e
                 where e.user_id = p_user and e.started_at <= p_at and (e.until is null or e.until > p_at))
$$;

-- Whether a bet may be placed: disabled or excluded accounts are refused (USER_DISABLED); a stake
-- that would pass a loss or wager limit, or a new round once the session-time limit is reached, is
-- refused (LIMIT_REACHED). Players with limits are serialised on an advisory lock, so two
-- concurrent bets cannot both fit under the same remainder.
create function rg_bet_refusal(p_user bigint, p_amount bigint, p_currency text, p_new_round boolean, p_at timestamptz)
returns text language plpgsql as $$
declare
  v_zone text;
  v_local timestamp;
  v_day date;
  v_week date;
  v_month date;
  v_play record;
begin
  if exists (select 1 from users where id = p_user and labels && array['disabled', 'self_excluded'])
     or rg_excluded(p_user, p_at) then
    return 'RS_ERROR_USER_DISABLED';
  end if;
  if p_new_round and exists (select 1 from rg_session_blocks b where b.user_id = p_user and b.until > p_at) then
    return 'RS_ERROR_LIMIT_REACHED';
  end if;
  if not exists (select 1 from rg_limits l where l.user_id = p_user and l.kind in ('loss', 'wager')) then
    return null;
  end if;
  perform pg_advisory_xact_lock(7001, p_user::integer);
  -- The three periods' stakes and wins in one pass over at most a month and a week of days.
  select timezone into v_zone from rg_config;
  v_local := p_at at time zone v_zone;
  v_day := v_local::date;
  v_week := date_trunc('week', v_local)::date;
  v_month := date_trunc('month', v_local)::date;
  select coalesce(sum(a.staked) filter (where a.day >= v_day), 0) as day_staked,
         coalesce(sum(a.won) filter (where a.day >= v_day), 0) as day_won,
         coalesce(sum(a.staked) filter (where a.day >= v_week), 0) as week_staked,
         coalesce(sum(a.won) filter (where a.day >= v_week), 0) as week_won,
         coalesce(sum(a.staked) filter (where a.day >= v_month), 0) as month_staked,
         coalesce(sum(a.won) filter (where a.day >= v_month), 0) as month_won
    into v_play
    from rg_activity a
    -- A week may begin in the month before.
    where a.user_id = p_user and a.currency = p_currency and a.day >= least(v_week, v_month) and a.day <= v_day;
  if exists (
    select 1 from rg_limits l
    where l.user_id = p_user and l.kind in ('loss', 'wager')
      and (case l.kind
             when 'wager' then case l.period when 'day' then v_play.day_staked
                                             when 'week' then v_play.week_staked
                                             else v_play.month_staked end
             else greatest(case l.period when 'day' then v_play.day_staked - v_play.day_won
                                         when 'week' then v_play.week_staked - v_play.week_won
                                         else v_play.month_staked - v_play.month_won end, 0)
           end) + p_amount > l.amount
  ) then
    return 'RS_ERROR_LIMIT_REACHED';
  end if;
  return null;
end $$;

-- Bets and wins now count towards the player's day (the rest as in migration 0013).
create or replace function seamless_settle(
  p_provider text, p_transaction text, p_round text, p_user bigint, p_game text, p_currency text,
  p_bet bigint, p_win bigint, p_round_closed boolean, p_at timestamptz, p_request_uuid text, p_balance bigint
) returns jsonb language plpgsql as $$
declare
  v_answer jsonb;
begin
  insert into game_rounds (provider, round, user_id, game_code, currency, bet_total, win_total, opened_at, closed_at, closed_by)
    values (p_provider, p_round, p_user, p_game, p_currency, p_bet, p_win, p_at,
            case when p_round_closed then p_at end, case when p_round_closed then 'provider' end)
    on conflict (provider, round) do update set
      bet_total = game_rounds.bet_total + excluded.bet_total,
      win_total = game_rounds.win_total + excluded.win_total,
      closed_at = coalesce(game_rounds.closed_at, excluded.closed_at),
      closed_by = coalesce(game_rounds.closed_by, excluded.closed_by);
  perform rg_record_play(p_user, p_currency, p_bet, p_win, p_at);
  v_answer := jsonb_build_object(
    'status', 'RS_OK', 'request_uuid', p_request_uuid, 'user', p_user::text,
    'currency', p_currency, 'balance', coalesce(p_balance, 0));
  update provider_transactions t set response = v_answer
    where t.provider = p_provider and t.transaction_id = p_transaction;
  return v_answer;
end $$;

-- The bet hook now knows whether the bet opens a round (a round in progress may finish after the
-- session-time limit) and uses the request's time (the rest as in migration 0013).
create or replace function seamless_bet(
  p_provider text,
  p_transaction text,
  p_user bigint,
  p_game text,
  p_round text,
  p_round_closed boolean,
  p_currency text,
  p_amount bigint,
  p_request_hash bytea,
  p_request_uuid text,
  p_at timestamptz,
  p_ledger_key text,
  p_ledger_hash bytea,
  p_accounts bigint[],
  p_amounts bigint[]
) returns table (status text, answer jsonb)
language plpgsql as $$
declare
  v_existing provider_transactions%rowtype;
  v_refusal text;
  v_balance bigint;
begin
  insert into provider_transactions
    (provider, transaction_id, kind, user_id, game_code, round, currency, amount, request_hash, created_at)
    values (p_provider, p_transaction, 'bet', p_user, p_game, p_round, p_currency, p_amount, p_request_hash, p_at)
    on conflict do nothing;
  if not found then
    select * into v_existing from provider_transactions t
      where t.provider = p_provider and t.transaction_id = p_transaction for update;
    if v_existing.kind = 'bet' and v_existing.request_hash = p_request_hash and v_existing.response is not null then
      return query select 'REPLAY'::text, v_existing.response;
      return;
    end if;
    if v_existing.kind = 'tombstone' then
      return query select 'RS_ERROR_TRANSACTION_ROLLED_BACK'::text, null::jsonb;
      return;
    end if;
    return query select 'RS_ERROR_DUPLICATE_TRANSACTION'::text, null::jsonb;
    return;
  end if;

  v_refusal := rg_bet_refusal(p_user, p_amount, p_currency,
    not exists (select 1 from game_rounds r where r.provider = p_provider and r.round = p_round), p_at);
  if v_refusal = 'RS_ERROR_USER_DISABLED' then
    raise exception 'user disabled' using errcode = 'KM010';
  elsif v_refusal is not null then
    raise exception 'limit reached' using errcode = 'KM011';
  end if;

  if p_amount > 0 then
    select l.balance_after into v_balance
      from ledger_post(p_ledger_key, p_ledger_hash, 'bet', null, p_at, p_accounts, p_amounts) l
      where l.account_id = p_accounts[1];
  else
    select a.balance into v_balance from ledger_accounts a where a.id = p_accounts[1];
  end if;

  return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
    p_currency, p_amount, 0, p_round_closed, p_at, p_request_uuid, v_balance);
end $$;

drop function seamless_bet_refusal(bigint, bigint, text);
