-- The provider bet in one round trip (ADR 014): claim the provider's transaction id, ask the
-- responsible-gaming check, post through ledger_post, add to the round, store the answer. Refusals
-- raise (KM001 not enough money, KM010 user disabled, KM011 limit reached) so nothing is kept.

-- Whether a player may place this bet now. The player-protection feature replaces this function with
-- its limits; today it refuses accounts the operator disabled or that excluded themselves.
create function seamless_bet_refusal(p_user bigint, p_amount bigint, p_currency text) returns text
language sql as $$
  select case when labels && array['disabled', 'self_excluded'] then 'RS_ERROR_USER_DISABLED' end
  from users where id = p_user for share
$$;

-- The shared end of a bet or a win: add it to its round (opening or closing it), build the answer and
-- keep it under the provider's transaction id for replays.
create function seamless_settle(
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
  v_answer := jsonb_build_object(
    'status', 'RS_OK', 'request_uuid', p_request_uuid, 'user', p_user::text,
    'currency', p_currency, 'balance', coalesce(p_balance, 0));
  update provider_transactions t set response = v_answer
    where t.provider = p_provider and t.transaction_id = p_transaction;
  return v_answer;
end $$;

create function seamless_bet(
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

  v_refusal := seamless_bet_refusal(p_user, p_amount, p_currency);
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

-- A provider win in one round trip: claim the id, find its bet (KM012 unknown, KM013 rolled back),
-- credit through ledger_post, add to the round, store the answer.
create function seamless_win(
  p_provider text,
  p_transaction text,
  p_user bigint,
  p_game text,
  p_round text,
  p_round_closed boolean,
  p_currency text,
  p_amount bigint,
  p_reference text,
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
  v_bet provider_transactions%rowtype;
  v_balance bigint;
begin
  insert into provider_transactions
    (provider, transaction_id, kind, user_id, game_code, round, currency, amount, reference_id, request_hash, created_at)
    values (p_provider, p_transaction, 'win', p_user, p_game, p_round, p_currency, p_amount, p_reference,
            p_request_hash, p_at)
    on conflict do nothing;
  if not found then
    select * into v_existing from provider_transactions t
      where t.provider = p_provider and t.transaction_id = p_transaction for update;
    if v_existing.kind = 'win' and v_existing.request_hash = p_request_hash and v_existing.response is not null then
      return query select 'REPLAY'::text, v_existing.response;
      return;
    end if;
    return query select 'RS_ERROR_DUPLICATE_TRANSACTION'::text, null::jsonb;
    return;
  end if;

  select * into v_bet from provider_transactions t
    where t.provider = p_provider and t.transaction_id = p_reference for update;
  if not found or v_bet.kind <> 'bet' or v_bet.user_id <> p_user then
    raise exception 'no such bet' using errcode = 'KM012';
  end if;
  if v_bet.rolled_back then
    raise exception 'the bet was rolled back' using errcode = 'KM013';
  end if;

  if p_amount > 0 then
    select l.balance_after into v_balance
      from ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at, p_accounts, p_amounts) l
      where l.account_id = p_accounts[1];
  else
    select a.balance into v_balance from ledger_accounts a where a.id = p_accounts[1];
  end if;

  return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
    p_currency, 0, p_amount, p_round_closed, p_at, p_request_uuid, v_balance);
end $$;
