-- A win with no bonus part while its bet counted toward a wagering bonus (a bet paid with real money,
-- or a bonus share that rounds to nothing) answered the provider the real balance alone; the game then
-- showed less than the player can stake. It now answers real plus bonus, as every other bet and win
-- of a bonus player does (ADR 030). Found by the wagering property test.

create or replace function seamless_win(p_provider text, p_transaction text, p_user bigint, p_game text, p_round text, p_round_closed boolean, p_currency text, p_amount bigint, p_reference text, p_request_hash bytea, p_request_uuid text, p_at timestamp with time zone, p_ledger_key text, p_ledger_hash bytea, p_accounts bigint[], p_amounts bigint[])
 returns table(status text, answer jsonb)
 language plpgsql
as $function$
declare
  v_existing provider_transactions%rowtype;
  v_bet provider_transactions%rowtype;
  v_balance bigint;
  v_gift user_gifts%rowtype;
  v_bonus_part bigint := 0;
  v_to bigint;
  v_bonus_account bigint;
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

  -- A free round (ADR 031): the win goes to the house's bonus cost and adds to the gift's free-spin
  -- winnings; the last spin settled credits them as the gift's bonus (gift_free_spins_finish).
  if v_bet.free_round then
    if p_amount > 0 then
      perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at,
        array[p_accounts[2], gift_account('house:bonus_cost:gifts', p_currency, null, 'bonus_cost')],
        array[-p_amount, p_amount]);
      -- A free bet's stake is not returned: only what it won above it counts.
      update user_gifts g set free_win = g.free_win
          + case when g.kind = 'free_bet' then greatest(0, p_amount - v_bet.amount) else p_amount end
        where g.id = v_bet.gift_id and g.state = 'active';
    end if;
    perform gift_free_spins_finish(v_bet.gift_id, p_at);
    select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
      where a.user_id = p_user and a.currency = p_currency and a.kind in ('real', 'bonus');
    return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
      p_currency, 0, p_amount, p_round_closed, p_at, p_request_uuid, v_balance);
    return;
  end if;

  if v_bet.bonus_amount > 0 and v_bet.amount > 0 and p_amount > 0 then
    select * into v_gift from user_gifts g where g.id = v_bet.gift_id for update;
    v_bonus_part := floor(p_amount * v_bet.bonus_amount / v_bet.amount::numeric);
  end if;

  if p_amount > 0 and v_bonus_part = 0 then
    select l.balance_after into v_balance
      from ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at, p_accounts, p_amounts) l
      where l.account_id = p_accounts[1];
    -- The game is told what the player can stake: real and bonus money, as a bet answers, also when
    -- this win has no bonus part (a real-money bet, or a share rounded to nothing) while a bonus wagers.
    if v_bet.gift_id is not null or v_bet.bonus_amount > 0 then
      select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
        where a.user_id = p_user and a.currency = p_currency and a.kind in ('real', 'bonus');
    end if;
  elsif p_amount > 0 then
    v_bonus_account := gift_account('player:' || p_user || ':bonus', p_currency, p_user, 'bonus');
    v_to := case
      when v_gift.state = 'wagering' then v_bonus_account
      when v_gift.state = 'completed' then p_accounts[1]
      else gift_account('house:bonus_cost:gifts', p_currency, null, 'bonus_cost')
    end;
    if v_to = p_accounts[1] then
      perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at, p_accounts, p_amounts);
    elsif p_amount - v_bonus_part > 0 then
      perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at,
        array[p_accounts[2], p_accounts[1], v_to], array[-p_amount, p_amount - v_bonus_part, v_bonus_part]);
    else
      perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at,
        array[p_accounts[2], v_to], array[-p_amount, v_bonus_part]);
    end if;
    select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
      where a.id in (p_accounts[1], v_bonus_account);
  else
    select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
      where a.user_id = p_user and a.currency = p_currency and a.kind in ('real', 'bonus');
  end if;

  return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
    p_currency, 0, p_amount, p_round_closed, p_at, p_request_uuid, v_balance);
end $function$;
