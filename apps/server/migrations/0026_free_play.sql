-- Free play (issue 17 item 3, ADR 031): free spins played as casino-funded free rounds through the
-- provider API, and cashback over a period from the activity stream.

-- A bet of a free-round campaign: the stake comes from the house's bonus cost, never the player.
alter table provider_transactions add column free_round boolean not null default false;

-- What a free-spins gift's spins (a free bet: its win above the stake) have won so far; credited as its
-- bonus when the last spin settles.
alter table user_gifts add column free_win bigint not null default 0 check (free_win >= 0);

-- Cashback: a player's real stakes and wins per cashback gift and period, summed from the activity
-- stream (each event consumed once), granted once when the period has ended.
create table cashback_sums (
  gift_id bigint not null references user_gifts (id) on delete cascade,
  period text not null,
  user_id bigint not null references users (id) on delete cascade,
  currency text not null,
  stakes bigint not null default 0,
  wins bigint not null default 0,
  ends_at timestamptz not null,
  -- Set by the instance that grants it (or finds nothing to grant).
  closed_at timestamptz,
  granted bigint,
  primary key (gift_id, period)
);
create index cashback_sums_due on cashback_sums (ends_at) where closed_at is null;

-- Ends a free-spins gift (or a free bet: one round) whose spins are all played and settled: no winnings → depleted; winnings
-- without wagering → real money; else the winnings are its bonus, wagering now or queued behind the
-- bonus wagering (the gifts job starts it). Called under no lock; takes the gift's.
create function gift_free_spins_finish(p_gift bigint, p_at timestamptz) returns void language plpgsql as $$
declare
  v_gift user_gifts%rowtype;
  v_house bigint;
  v_win bigint;
begin
  select * into v_gift from user_gifts g where g.id = p_gift for update;
  if not found or v_gift.kind not in ('free_spins', 'free_bet') or v_gift.state <> 'active' or v_gift.spins_left > 0
     or v_gift.bonus_amount > 0 then
    return;
  end if;
  if exists (select 1 from provider_transactions b
      where b.gift_id = p_gift and b.free_round and b.kind = 'bet' and not b.rolled_back
        and not exists (select 1 from provider_transactions w
          where w.provider = b.provider and w.kind = 'win' and w.reference_id = b.transaction_id)) then
    return;
  end if;
  v_win := v_gift.free_win;
  v_house := gift_account('house:bonus_cost:gifts', v_gift.currency, null, 'bonus_cost');
  if v_win = 0 then
    update user_gifts g set state = 'depleted', finished_at = p_at, finish_reason = 'free_spins_played'
      where g.id = p_gift;
  elsif (v_gift.rules ->> 'wagerMultiplier')::int = 0 then
    perform ledger_post('gift:' || p_gift || ':real', sha256(convert_to('gift-free-spins-real', 'UTF8')), 'bonus',
      'gift:' || p_gift || ':real', p_at,
      array[v_house, gift_account('player:' || v_gift.user_id || ':real', v_gift.currency, v_gift.user_id, 'real')],
      array[-v_win, v_win]);
    update user_gifts g set state = 'completed', finished_at = p_at, bonus_amount = v_win, converted = v_win,
        finish_reason = 'no_wagering'
      where g.id = p_gift;
  elsif exists (select 1 from user_gifts w where w.user_id = v_gift.user_id and w.state = 'wagering') then
    update user_gifts g set bonus_amount = v_win where g.id = p_gift;
  else
    perform ledger_post('gift:' || p_gift || ':credit', sha256(convert_to('gift-free-spins-credit', 'UTF8')),
      'bonus', 'gift:' || p_gift || ':credit', p_at,
      array[v_house, gift_account('player:' || v_gift.user_id || ':bonus', v_gift.currency, v_gift.user_id, 'bonus')],
      array[-v_win, v_win]);
    update user_gifts g set state = 'wagering', wagering_at = p_at, bonus_amount = v_win,
        required_wager = v_win * (v_gift.rules ->> 'wagerMultiplier')::int,
        expires_at = p_at + make_interval(days => (v_gift.rules ->> 'wagerDays')::int)
      where g.id = p_gift;
  end if;
end $$;

-- A free round's bet (ADR 031): the campaign is the player's free-spins gift (the stake its spin value,
-- on one of its games) or free-bet gift (one round of its amount, on its games or any); one spin is taken from it under its row lock, so two spins racing
-- for the last round take it once, and a replayed bet id answers the original without taking another.
-- The stake moves from the house's bonus cost to the game's house account; the player pays nothing.
-- `p_accounts` is (player real, house games), as for `seamless_bet`.
create function seamless_free_bet(
  p_provider text, p_transaction text, p_user bigint, p_game text, p_round text, p_round_closed boolean,
  p_currency text, p_amount bigint, p_gift bigint, p_request_hash bytea, p_request_uuid text, p_at timestamptz,
  p_ledger_key text, p_ledger_hash bytea, p_accounts bigint[]
) returns table (status text, answer jsonb) language plpgsql as $$
declare
  v_existing provider_transactions%rowtype;
  v_refusal text;
  v_gift user_gifts%rowtype;
  v_balance bigint;
begin
  insert into provider_transactions
    (provider, transaction_id, kind, user_id, game_code, round, currency, amount, request_hash, created_at,
     free_round, gift_id, bonus_amount)
    values (p_provider, p_transaction, 'bet', p_user, p_game, p_round, p_currency, p_amount, p_request_hash, p_at,
            true, p_gift, p_amount)
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

  v_refusal := rg_bet_refusal(p_user, 0, p_currency,
    not exists (select 1 from game_rounds r where r.provider = p_provider and r.round = p_round), p_at);
  if v_refusal = 'RS_ERROR_USER_DISABLED' then
    raise exception 'user disabled' using errcode = 'KM010';
  elsif v_refusal is not null then
    raise exception 'limit reached' using errcode = 'KM011';
  end if;

  select * into v_gift from user_gifts g where g.id = p_gift and g.user_id = p_user for update;
  if not found or v_gift.kind not in ('free_spins', 'free_bet') or v_gift.state <> 'active'
     or v_gift.currency <> p_currency
     or (v_gift.kind = 'free_spins' and (
       not coalesce(v_gift.rules -> 'freeSpins' -> 'games' ? (p_provider || ':' || p_game), false)
       or (v_gift.rules -> 'freeSpins' ->> 'spinValue')::bigint <> p_amount))
     or (v_gift.kind = 'free_bet' and (
       (v_gift.rules ->> 'amount')::bigint <> p_amount
       or (jsonb_array_length(coalesce(v_gift.rules -> 'freeBetGames', '[]'::jsonb)) > 0
           and not (v_gift.rules -> 'freeBetGames' ? (p_provider || ':' || p_game))))) then
    raise exception 'not a free round of this player, game and stake' using errcode = 'KM030';
  end if;
  if v_gift.spins_left < 1 then
    raise exception 'no free round left' using errcode = 'KM031';
  end if;
  update user_gifts g set spins_left = g.spins_left - 1 where g.id = p_gift;
  if p_amount > 0 then
    perform ledger_post(p_ledger_key, p_ledger_hash, 'bet', null, p_at,
      array[gift_account('house:bonus_cost:gifts', p_currency, null, 'bonus_cost'), p_accounts[2]],
      array[-p_amount, p_amount]);
  end if;
  select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
    where a.user_id = p_user and a.currency = p_currency and a.kind in ('real', 'bonus');
  return query select 'RS_OK'::text, seamless_settle(p_provider, p_transaction, p_round, p_user, p_game,
    p_currency, 0, 0, p_round_closed, p_at, p_request_uuid, v_balance);
end $$;

-- The win of migration 0023, with the free-round branch.
create or replace function seamless_win(p_provider text, p_transaction text, p_user bigint, p_game text, p_round text, p_round_closed boolean, p_currency text, p_amount bigint, p_reference text, p_request_hash bytea, p_request_uuid text, p_at timestamp with time zone, p_ledger_key text, p_ledger_hash bytea, p_accounts bigint[], p_amounts bigint[])
 returns table (status text, answer jsonb) language plpgsql as $$
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

-- The rollback of a bonus bet of migration 0023, with the free-round branch.
create or replace function gift_rollback_bet(p_bet provider_transactions, p_key text, p_hash bytea, p_at timestamp with time zone, p_real_account bigint, p_house_account bigint)
 returns bigint language plpgsql as $$
declare
  v_gift user_gifts%rowtype;
  v_bonus_account bigint := gift_account('player:' || p_bet.user_id || ':bonus', p_bet.currency, p_bet.user_id, 'bonus');
  v_to bigint;
  v_accounts bigint[];
  v_amounts bigint[];
  v_balance bigint;
begin
  select * into v_gift from user_gifts g where g.id = p_bet.gift_id for update;
  -- A free round rolled back: the stake goes back to the house's bonus cost and the spin to the gift.
  if p_bet.free_round then
    perform ledger_post(p_key, p_hash, 'rollback', null, p_at,
      array[p_house_account, gift_account('house:bonus_cost:gifts', p_bet.currency, null, 'bonus_cost')],
      array[-p_bet.amount, p_bet.amount]);
    update user_gifts g set spins_left = g.spins_left + 1 where g.id = v_gift.id and g.state = 'active';
    select coalesce(sum(a.balance), 0) into v_balance from ledger_accounts a
      where a.id in (p_real_account, v_bonus_account);
    return v_balance;
  end if;
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
