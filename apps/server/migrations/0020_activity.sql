-- The player-activity stream (issue 17, ADR 029): facts written in the transaction of the fact
-- itself (a transactional outbox), put in commit order by one sequencer at a time, read by named
-- consumers exactly once, in order per player, each partition's position claimed by one instance.

-- An event is inserted without a position (its writer's transaction may still roll back, and ids
-- of concurrent writers commit out of order); the sequencer gives committed events consecutive
-- positions, so a consumer that has read position n has seen every event before it.
create table activity_events (
  id bigint generated always as identity primary key,
  event_id uuid not null default gen_random_uuid(),
  kind text not null,
  user_id bigint not null,
  occurred_at timestamptz not null,
  payload jsonb not null,
  -- A player's events stay in one of 16 partitions: per-player order is per-partition order.
  partition smallint generated always as ((user_id % 16)::smallint) stored,
  position bigint
);
create unique index activity_events_event_id on activity_events (event_id);
create index activity_events_pending on activity_events (id) where position is null;
create unique index activity_events_stream on activity_events (partition, position) where position is not null;

-- The head of the stream: the last position handed out, and the first still kept (retention).
create table activity_stream (
  singleton boolean primary key default true check (singleton),
  position bigint not null default 0,
  retained_from bigint not null default 1
);
insert into activity_stream default values;

-- Each consumer's position per partition. The row is locked (FOR UPDATE SKIP LOCKED) for the whole
-- batch, whose effects commit with the new position: one instance per partition, exactly once.
-- A failing event is retried after `retry_at`; its failures so far are `attempts`.
create table activity_consumers (
  name text not null,
  partition smallint not null check (partition between 0 and 15),
  position bigint not null default 0,
  attempts integer not null default 0,
  retry_at timestamptz,
  last_error text,
  served_at timestamptz,
  primary key (name, partition)
);

-- Events a consumer gave up on after its attempts (a copy: retention never loses one), until an
-- operator asks for a retry and it succeeds.
create table activity_parked (
  id bigint generated always as identity primary key,
  consumer text not null,
  position bigint not null,
  event_id uuid not null,
  kind text not null,
  user_id bigint not null,
  occurred_at timestamptz not null,
  payload jsonb not null,
  error text not null,
  attempts integer not null,
  parked_at timestamptz not null,
  retry_requested_at timestamptz,
  resolved_at timestamptz,
  unique (consumer, position)
);
create index activity_parked_open on activity_parked (consumer, id) where resolved_at is null;

-- Recording from SQL (the provider bet path records in its own statement). PL/pgSQL, not SQL: its
-- insert is planned once per session, where a SQL function called from PL/pgSQL is planned per call.
create function activity_record(p_kind text, p_user bigint, p_at timestamptz, p_payload jsonb)
  returns void language plpgsql as $$
begin
  insert into activity_events (kind, user_id, occurred_at, payload) values (p_kind, p_user, p_at, p_payload);
end $$;

-- Gives committed events without a position the next positions, in insertion order, and answers
-- how many of each kind. One sequencer at a time: the head row is claimed with SKIP LOCKED, so a
-- second instance returns at once and the positions of one run are all visible before the next
-- run hands out any (its claim waits for the previous commit).
create function activity_sequence(p_limit integer)
  returns table (sequenced_kind text, sequenced bigint) language plpgsql as $$
declare
  v_head bigint;
begin
  select s.position into v_head from activity_stream s for update skip locked;
  if not found then
    return;
  end if;
  return query
    with pending as (
      select p.id, v_head + row_number() over (order by p.id) as next_position
      from (select e.id from activity_events e where e.position is null order by e.id limit p_limit) p
    ), placed as (
      update activity_events e set position = pending.next_position
      from pending where e.id = pending.id
      returning e.kind, e.position
    ), head as (
      update activity_stream s set position = (select max(placed.position) from placed)
      where exists (select 1 from placed)
    )
    select placed.kind, count(*) from placed group by placed.kind;
end $$;
