-- Wagering in the bet's own transaction (issue 17, ADR 030). With a gift wagering in the bet's
-- currency, a bet takes real money first and bonus money for the rest, counts toward the gift by its
-- game type, and converts the gift when the requirement is met; a win goes back in the bet's
-- proportions. Without a wagering gift the bet is as before, plus one indexed lookup.

alter table provider_transactions
  add column bonus_amount bigint not null default 0 check (bonus_amount >= 0),
  add column gift_id bigint,
  add column wager_counted bigint not null default 0 check (wager_counted >= 0);

-- The wagering game type of a game's registry category.
create function gift_game_type(p_category text) returns text language sql immutable as $$
  select case
    when p_category = 'slots' then 'slots'
    when p_category in ('table', 'roulette', 'blackjack', 'cards') then 'table'
    when p_category = 'live' then 'live'
    when p_category in ('crash', 'instant') then 'crash'
    else 'other'
  end
$$;

-- A player account's id, opened when missing (inside the caller's transaction).
create function gift_account(p_code text, p_currency text, p_user bigint, p_kind text) returns bigint
language plpgsql as $$
declare
  v_id bigint;
begin
  select a.id into v_id from ledger_accounts a where a.code = p_code and a.currency = p_currency;
  if v_id is null then
    insert into ledger_accounts (code, currency, user_id, kind, balance)
      values (p_code, p_currency, p_user, p_kind, case when p_user is null then null else 0 end)
      on conflict (code, currency) do nothing;
    select a.id into v_id from ledger_accounts a where a.code = p_code and a.currency = p_currency;
  end if;
  return v_id;
end $$;

-- Converts a wagering gift whose requirement is met: its bonus balance to real money up to the cap,
-- the rest back to the house. Called under the gift's row lock.
create function gift_convert(p_gift user_gifts, p_at timestamptz) returns void language plpgsql as $$
declare
  v_bonus_account bigint := gift_account('player:' || p_gift.user_id || ':bonus', p_gift.currency, p_gift.user_id, 'bonus');
  v_real_account bigint := gift_account('player:' || p_gift.user_id || ':real', p_gift.currency, p_gift.user_id, 'real');
  v_house bigint := gift_account('house:bonus_cost:gifts', p_gift.currency, null, 'bonus_cost');
  v_balance bigint;
  v_cap bigint := (p_gift.rules ->> 'conversionCap')::bigint;
  v_converted bigint;
  v_accounts bigint[] := '{}';
  v_amounts bigint[] := '{}';
begin
  select a.balance into v_balance from ledger_accounts a where a.id = v_bonus_account;
  v_converted := case when v_cap is null then v_balance else least(v_balance, v_cap) end;
  if v_balance > 0 then
    v_accounts := array[v_bonus_account];
    v_amounts := array[-v_balance];
    if v_converted > 0 then
      v_accounts := v_accounts || v_real_account;
      v_amounts := v_amounts || v_converted;
    end if;
    if v_balance - v_converted > 0 then
      v_accounts := v_accounts || v_house;
      v_amounts := v_amounts || (v_balance - v_converted);
    end if;
    perform ledger_post('gift:' || p_gift.id || ':convert', sha256(convert_to('gift-convert', 'UTF8')), 'bonus',
      'gift:' || p_gift.id, p_at, v_accounts, v_amounts);
  end if;
  update user_gifts set state = 'completed', finished_at = p_at, converted = v_converted,
      forfeited = v_balance - v_converted, finish_reason = 'wagered'
    where id = p_gift.id and state = 'wagering';
end $$;

-- The bet of migration 0014, with the wagering branch. `p_accounts` is (player real, house games).
create or replace function seamless_bet(
  p_provider text, p_transaction text, p_user bigint, p_game text, p_round text, p_round_closed boolean,
  p_currency text, p_amount bigint, p_request_hash bytea, p_request_uuid text, p_at timestamptz,
  p_ledger_key text, p_ledger_hash bytea, p_accounts bigint[], p_amounts bigint[]
) returns table (status text, answer jsonb) language plpgsql as $$
declare
  v_existing provider_transactions%rowtype;
  v_refusal text;
  v_balance bigint;
  v_gift user_gifts%rowtype;
  v_bonus_account bigint;
  v_real bigint;
  v_bonus bigint;
  v_from_real bigint;
  v_from_bonus bigint;
  v_counted bigint;
  v_accounts bigint[];
  v_amounts bigint[];
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

  select * into v_gift from user_gifts g
    where g.user_id = p_user and g.state = 'wagering' and g.currency = p_currency for update;

  if not found then
    if p_amount > 0 then
      select l.balance_after into v_balance
        from ledger_post(p_ledger_key, p_ledger_hash, 'bet', null, p_at, p_accounts, p_amounts) l
        where l.account_id = p_accounts[1];
    else
      select a.balance into v_balance from ledger_accounts a where a.id = p_accounts[1];
    end if;
  else
    -- Real money first, then bonus money (ADR 030); the gift's row lock serialises its money.
    v_bonus_account := gift_account('player:' || p_user || ':bonus', p_currency, p_user, 'bonus');
    select a.balance into v_real from ledger_accounts a where a.id = p_accounts[1] for update;
    select a.balance into v_bonus from ledger_accounts a where a.id = v_bonus_account for update;
    v_from_real := least(p_amount, v_real);
    v_from_bonus := p_amount - v_from_real;
    if v_from_bonus > v_bonus then
      raise exception 'insufficient funds' using errcode = 'KM001';
    end if;
    if v_from_bonus > 0 then
      if (v_gift.rules ->> 'maxBet') is not null and p_amount > (v_gift.rules ->> 'maxBet')::bigint then
        raise exception 'above the maximum bet while wagering' using errcode = 'KM020';
      end if;
      if v_gift.rules -> 'excludedGames' ? (p_provider || ':' || p_game) then
        raise exception 'bonus money may not be staked on this game' using errcode = 'KM021';
      end if;
    end if;
    if p_amount > 0 then
      v_accounts := array[p_accounts[2]];
      v_amounts := array[p_amount];
      if v_from_real > 0 then
        v_accounts := v_accounts || p_accounts[1];
        v_amounts := v_amounts || (-v_from_real);
      end if;
      if v_from_bonus > 0 then
        v_accounts := v_accounts || v_bonus_account;
        v_amounts := v_amounts || (-v_from_bonus);
      end if;
      perform ledger_post(p_ledger_key, p_ledger_hash, 'bet', null, p_at, v_accounts, v_amounts);
    end if;
    v_counted := floor(p_amount * coalesce((v_gift.rules -> 'contributions' ->> gift_game_type(
      (select g.category from games g where g.provider = p_provider and g.code = p_game)))::int, 0) / 100.0);
    update provider_transactions t set bonus_amount = v_from_bonus, gift_id = v_gift.id, wager_counted = v_counted
      where t.provider = p_provider and t.transaction_id = p_transaction;
    update user_gifts g set current_wager = g.current_wager + v_counted where g.id = v_gift.id
      returning * into v_gift;
    if v_gift.current_wager >= v_gift.required_wager then
      perform gift_convert(v_gift, p_at);
    end if;
    select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
      where a.id in (p_accounts[1], v_bonus_account);
  end if;

  return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
    p_currency, p_amount, 0, p_round_closed, p_at, p_request_uuid, v_balance);
end $$;

-- The win of migration 0014, paid in the proportions of its bet: the bonus part to the bonus balance
-- while its gift wagers, to real money once it completed, back to the house once it ended otherwise.
create or replace function seamless_win(
  p_provider text, p_transaction text, p_user bigint, p_game text, p_round text, p_round_closed boolean,
  p_currency text, p_amount bigint, p_reference text, p_request_hash bytea, p_request_uuid text,
  p_at timestamptz, p_ledger_key text, p_ledger_hash bytea, p_accounts bigint[], p_amounts bigint[]
) returns table (status text, answer jsonb) language plpgsql as $$
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

  if v_bet.bonus_amount > 0 and v_bet.amount > 0 and p_amount > 0 then
    select * into v_gift from user_gifts g where g.id = v_bet.gift_id for update;
    v_bonus_part := floor(p_amount * v_bet.bonus_amount / v_bet.amount::numeric);
  end if;

  if p_amount > 0 and v_bonus_part = 0 then
    select l.balance_after into v_balance
      from ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at, p_accounts, p_amounts) l
      where l.account_id = p_accounts[1];
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
end $$;

-- A rollback of a bet that staked bonus money: the bonus part goes back to the bonus balance while
-- its gift wagers (and its counted wagering is taken back), to the house once the gift ended. Answers
-- the player's playable balance.
create function gift_rollback_bet(p_bet provider_transactions, p_key text, p_hash bytea, p_at timestamptz,
  p_real_account bigint, p_house_account bigint) returns bigint language plpgsql as $$
declare
  v_gift user_gifts%rowtype;
  v_bonus_account bigint := gift_account('player:' || p_bet.user_id || ':bonus', p_bet.currency, p_bet.user_id, 'bonus');
  v_to bigint;
  v_accounts bigint[];
  v_amounts bigint[];
  v_balance bigint;
begin
  select * into v_gift from user_gifts g where g.id = p_bet.gift_id for update;
  v_to := case when v_gift.state = 'wagering' then v_bonus_account
    else gift_account('house:bonus_cost:gifts', p_bet.currency, null, 'bonus_cost') end;
  v_accounts := array[p_house_account, v_to];
  v_amounts := array[-p_bet.amount, p_bet.bonus_amount];
  if p_bet.amount - p_bet.bonus_amount > 0 then
    v_accounts := v_accounts || p_real_account;
    v_amounts := v_amounts || (p_bet.amount - p_bet.bonus_amount);
  end if;
  perform ledger_post(p_key, p_hash, 'rollback', null, p_at, v_accounts, v_amounts);
  if v_gift.state = 'wagering' then
    update user_gifts g set current_wager = greatest(0, g.current_wager - p_bet.wager_counted) where g.id = v_gift.id;
  end if;
  select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
    where a.id in (p_real_account, v_bonus_account);
  return v_balance;
end $$;
