-- The double-entry ledger (ADR 012). Every balance change in the system is a ledger transaction whose
-- entries sum to zero per currency. Transactions and entries are append-only; corrections are new
-- transactions. Player accounts keep a stored balance that can never go below zero; house accounts
-- (payment clearing, games, bonus cost, fees, exchange) keep none: their balance is the sum of their
-- entries, so the many bets that touch one house account never queue behind one row lock.

create table ledger_accounts (
  id bigint generated always as identity primary key,
  -- 'player:{userId}:{kind}' or 'house:{kind}:{name}'
  code text not null,
  currency text not null,
  user_id bigint references users (id),
  kind text not null,
  balance bigint,
  created_at timestamptz not null default now(),
  unique (code, currency),
  constraint ledger_accounts_player_balance check ((user_id is null) = (balance is null)),
  constraint ledger_accounts_never_negative check (balance is null or balance >= 0)
);
create index ledger_accounts_user on ledger_accounts (user_id) where user_id is not null;

create table ledger_transactions (
  id bigint generated always as identity primary key,
  -- One effect per key: a replay answers the original result, another payload under the key is refused.
  idempotency_key text not null unique,
  request_hash bytea not null,
  operation text not null,
  reference text,
  created_at timestamptz not null
);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  currency text not null,
  amount bigint not null check (amount <> 0),
  -- The account's stored balance right after this entry (player accounts only).
  balance_after bigint
);
create index ledger_entries_transaction on ledger_entries (transaction_id);
create index ledger_entries_account on ledger_entries (account_id, id);

-- Append-only: no update, delete or truncate of what happened.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only (%)', tg_table_name using errcode = 'KM004';
end $$;
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_append_only();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_transactions_no_truncate before truncate on ledger_transactions
  for each statement execute function ledger_append_only();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_append_only();

-- Every insert of entries balances to zero per transaction and currency.
create function ledger_entries_balanced() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from inserted group by transaction_id, currency having sum(amount) <> 0
  ) then
    raise exception 'ledger transaction does not balance to zero' using errcode = 'KM003';
  end if;
  return null;
end $$;
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as inserted for each statement execute function ledger_entries_balanced();

-- Posts one transaction in one round trip: claims the idempotency key, moves the player balances in
-- account order (no deadlocks between transactions touching the same accounts), refuses to take a
-- player balance below zero, and writes the entries. A key already used answers its original entries
-- (replayed = true), or KM002 when the request differs.
create function ledger_post(
  p_key text,
  p_hash bytea,
  p_operation text,
  p_reference text,
  p_at timestamptz,
  p_accounts bigint[],
  p_amounts bigint[]
) returns table (transaction_id bigint, replayed boolean, account_id bigint, balance_after bigint)
language plpgsql as $$
declare
  v_tx bigint;
  v_hash bytea;
  v_n int := coalesce(array_length(p_accounts, 1), 0);
  v_tracked boolean[];
  v_currencies text[];
  v_after bigint[] := array_fill(null::bigint, array[greatest(v_n, 1)]);
  v_i int;
  v_balance bigint;
begin
  if v_n < 2 or v_n <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception 'a ledger transaction needs at least two legs' using errcode = 'KM003';
  end if;
  insert into ledger_transactions (idempotency_key, request_hash, operation, reference, created_at)
    values (p_key, p_hash, p_operation, p_reference, p_at)
    on conflict (idempotency_key) do nothing
    returning id into v_tx;
  if v_tx is null then
    select t.id, t.request_hash into v_tx, v_hash
      from ledger_transactions t where t.idempotency_key = p_key;
    if v_hash <> p_hash then
      raise exception 'idempotency key % was used for another request', p_key using errcode = 'KM002';
    end if;
    return query
      select e.transaction_id, true, e.account_id, e.balance_after
      from ledger_entries e where e.transaction_id = v_tx order by e.id;
    return;
  end if;

  -- One lookup of every leg's account: whether it keeps a balance, and its currency.
  select array_agg(a.balance is not null order by u.n), array_agg(a.currency order by u.n)
    into v_tracked, v_currencies
    from unnest(p_accounts) with ordinality as u(id, n)
    join ledger_accounts a on a.id = u.id;
  if coalesce(array_length(v_tracked, 1), 0) <> v_n then
    raise exception 'unknown ledger account' using errcode = 'KM005';
  end if;

  for v_i in select s.i from generate_subscripts(p_accounts, 1) as s(i) order by p_accounts[s.i], s.i loop
    if v_tracked[v_i] then
      update ledger_accounts a set balance = a.balance + p_amounts[v_i]
        where a.id = p_accounts[v_i] and a.balance + p_amounts[v_i] >= 0
        returning a.balance into v_balance;
      if not found then
        raise exception 'insufficient funds' using errcode = 'KM001', detail = p_accounts[v_i]::text;
      end if;
      v_after[v_i] := v_balance;
    end if;
  end loop;

  insert into ledger_entries (transaction_id, account_id, currency, amount, balance_after)
    select v_tx, u.id, u.currency, u.amount, u.after
    from unnest(p_accounts, v_currencies, p_amounts, v_after[1:v_n]) as u(id, currency, amount, after);

  return query
    select v_tx, false, u.id, u.after
    from unnest(p_accounts, v_after[1:v_n]) with ordinality as u(id, after, n) order by u.n;
end $$;
