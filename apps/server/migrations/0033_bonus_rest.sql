-- Issue 17, the rest (ADR 040): cashback offers given once per player and offer, the extended
-- profile and its gift, the player's country for targeting, a win after conversion within the cap.

-- Cashback offers meant for everyone are given to a player once: at the player's first real bet in a
-- currency (a row here says it happened), or, for an offer that starts running later, by the
-- offers' job, to every player already here. The bet path reads this row and writes nothing more.
create table cashback_players (
  user_id bigint not null references users (id) on delete cascade,
  currency text not null,
  enrolled_at timestamptz not null,
  primary key (user_id, currency)
);

-- When the offers' job last gave a running cashback offer to the players already enrolled. It runs
-- again for a few minutes after (an enrolment committing while it ran is not missed).
create table cashback_offer_rollouts (
  offer_id bigint primary key references gift_offers (id) on delete cascade,
  -- The offer as it was then: an edit (switched on again, new dates) rolls it out again.
  offer_updated_at timestamptz not null,
  first_at timestamptz not null,
  last_at timestamptz not null
);

-- The player's country (ISO 3166-1 alpha-2) for gift targeting: where the edge placed the player at
-- registration, or, when it could not, what the player stated in the extended profile.
alter table users add column country text check (country ~ '^[A-Z]{2}$');

-- The extended profile (spec §3 extendedProfileFilled, §4 its popup and gift): who the player is and
-- where they live. Filled once completely (every field), then edited; `filled_at` is set the first time.
create table extended_profiles (
  user_id bigint primary key references users (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  middle_name text,
  country text not null check (country ~ '^[A-Z]{2}$'),
  city text not null,
  address text not null,
  postal_code text not null,
  filled_at timestamptz not null,
  updated_at timestamptz not null
);

-- The extended-profile gift (ADR 040): an occasion like the phone gift, credited once the profile is
-- completed (the stream's player.profile_completed), through the reward port, once per player.
alter table gift_occasions drop constraint gift_occasions_occasion_check;
alter table gift_occasions add constraint gift_occasions_occasion_check
  check (occasion in ('phone_confirmation', 'app_login', 'extended_profile'));
alter table occasion_grants drop constraint occasion_grants_request_check;
alter table occasion_grants add constraint occasion_grants_request_check
  check (request in ('phone_offer', 'phone_confirmed', 'app_login', 'profile_filled'));

-- ADR 030 reconciled (ADR 040). (1) The bonus part of a win that arrives after its gift converted is
-- real money only within what the conversion cap left; the rest goes to the house's bonus cost, as
-- the capped part of the conversion did (a big bet placed just before the conversion cannot carry
-- winnings past the cap). The gift's converted and forfeited sums include it. The function is that
-- of migration 0028 with this branch.
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
  v_cap bigint;
  v_paid bigint;
  v_house bigint;
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
      -- Converted already: the bonus part is real money within what the conversion cap left, the
      -- rest goes where the capped part of the conversion went (the house's bonus cost).
      v_cap := (v_gift.rules ->> 'conversionCap')::bigint;
      v_paid := case when v_cap is null then v_bonus_part
        else least(v_bonus_part, greatest(0, v_cap - v_gift.converted)) end;
      if v_paid = v_bonus_part then
        perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at, p_accounts, p_amounts);
      else
        v_house := gift_account('house:bonus_cost:gifts', p_currency, null, 'bonus_cost');
        if p_amount - v_bonus_part + v_paid > 0 then
          perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at,
            array[p_accounts[2], p_accounts[1], v_house],
            array[-p_amount, p_amount - v_bonus_part + v_paid, v_bonus_part - v_paid]);
        else
          perform ledger_post(p_ledger_key, p_ledger_hash, 'win', null, p_at,
            array[p_accounts[2], v_house], array[-p_amount, v_bonus_part]);
        end if;
      end if;
      update user_gifts g set converted = g.converted + v_paid, forfeited = g.forfeited + (v_bonus_part - v_paid)
        where g.id = v_gift.id;
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
