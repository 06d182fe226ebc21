-- Play on the player-activity stream (issue 17, ADR 029): every accepted provider bet or win records a
-- `bet.settled` event, and a round closed by the provider a `round.closed` one, inside the same
-- statement as the money (the provider path stays one round trip, ADR 014).

-- Adds a bet or a win to its round (opening it), closes it when asked, and records `round.closed` the
-- one time it closes (a rollback's path; seamless_settle does the same inline). The closing is decided
-- under the round's row lock, so two calls racing to close a round record it once. `p_game_type` null:
-- looked up in the registry.
create function seamless_round_add(
  p_provider text, p_round text, p_user bigint, p_game text, p_game_type text, p_currency text,
  p_bet bigint, p_win bigint, p_close boolean, p_at timestamptz
) returns void language plpgsql as $$
declare
  v_bet bigint;
  v_win bigint;
  v_was_open boolean;
begin
  insert into game_rounds (provider, round, user_id, game_code, currency, bet_total, win_total, opened_at, closed_at, closed_by)
    values (p_provider, p_round, p_user, p_game, p_currency, p_bet, p_win, p_at,
            case when p_close then p_at end, case when p_close then 'provider' end)
    on conflict (provider, round) do nothing;
  if found then
    if not p_close then
      return;
    end if;
    v_bet := p_bet;
    v_win := p_win;
  else
    select r.closed_at is null into v_was_open from game_rounds r
      where r.provider = p_provider and r.round = p_round for update;
    update game_rounds r set
        bet_total = r.bet_total + p_bet,
        win_total = r.win_total + p_win,
        closed_at = coalesce(r.closed_at, case when p_close then p_at end),
        closed_by = coalesce(r.closed_by, case when p_close then 'provider' end)
      where r.provider = p_provider and r.round = p_round
      returning r.bet_total, r.win_total into v_bet, v_win;
    if not (p_close and v_was_open) then
      return;
    end if;
  end if;
  -- The insert is written out (not activity_record) on this hot path: a call less per bet.
  insert into activity_events (kind, user_id, occurred_at, payload) values ('round.closed', p_user, p_at,
    jsonb_build_object('provider', p_provider, 'game', p_game,
      'gameType', coalesce(p_game_type,
        (select g.category from games g where g.provider = p_provider and g.code = p_game), 'unknown'),
      'round', p_round, 'stake', v_bet, 'win', v_win, 'currency', p_currency, 'closedBy', 'provider'));
end $$;

-- As in migration 0014, with the round's closing decided as in seamless_round_add and the call
-- recorded as `bet.settled`. Written out rather than calling seamless_round_add and activity_record:
-- each PL/pgSQL call is a query of its own, and together they cost a tenth of a bet (bench/RESULTS.md).
create or replace function seamless_settle(
  p_provider text, p_transaction text, p_round text, p_user bigint, p_game text, p_currency text,
  p_bet bigint, p_win bigint, p_round_closed boolean, p_at timestamptz, p_request_uuid text, p_balance bigint
) returns jsonb language plpgsql as $$
declare
  v_answer jsonb;
  v_type text;
  v_bet bigint := p_bet;
  v_win bigint := p_win;
  v_was_open boolean := true;
begin
  select g.category into v_type from games g where g.provider = p_provider and g.code = p_game;
  v_type := coalesce(v_type, 'unknown');
  insert into game_rounds (provider, round, user_id, game_code, currency, bet_total, win_total, opened_at, closed_at, closed_by)
    values (p_provider, p_round, p_user, p_game, p_currency, p_bet, p_win, p_at,
            case when p_round_closed then p_at end, case when p_round_closed then 'provider' end)
    on conflict (provider, round) do nothing;
  if not found then
    select r.closed_at is null into v_was_open from game_rounds r
      where r.provider = p_provider and r.round = p_round for update;
    update game_rounds r set
        bet_total = r.bet_total + p_bet,
        win_total = r.win_total + p_win,
        closed_at = coalesce(r.closed_at, case when p_round_closed then p_at end),
        closed_by = coalesce(r.closed_by, case when p_round_closed then 'provider' end)
      where r.provider = p_provider and r.round = p_round
      returning r.bet_total, r.win_total into v_bet, v_win;
  end if;
  perform rg_record_play(p_user, p_currency, p_bet, p_win, p_at);
  insert into activity_events (kind, user_id, occurred_at, payload) values ('bet.settled', p_user, p_at,
    jsonb_build_object('provider', p_provider, 'game', p_game, 'gameType', v_type, 'round', p_round,
      'transactionId', p_transaction, 'stake', p_bet, 'win', p_win, 'currency', p_currency));
  if p_round_closed and v_was_open then
    insert into activity_events (kind, user_id, occurred_at, payload) values ('round.closed', p_user, p_at,
      jsonb_build_object('provider', p_provider, 'game', p_game, 'gameType', v_type, 'round', p_round,
        'stake', v_bet, 'win', v_win, 'currency', p_currency, 'closedBy', 'provider'));
  end if;
  v_answer := jsonb_build_object(
    'status', 'RS_OK', 'request_uuid', p_request_uuid, 'user', p_user::text,
    'currency', p_currency, 'balance', coalesce(p_balance, 0));
  update provider_transactions t set response = v_answer
    where t.provider = p_provider and t.transaction_id = p_transaction;
  return v_answer;
end $$;
