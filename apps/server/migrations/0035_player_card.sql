-- The player card in the back office (issue 18 item 2, ADR 045): operators' notes on a player,
-- append-only like the audit log (author and time are kept, nothing is edited or deleted).
create table player_notes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  operator_id bigint references operators (id),
  operator_email text,
  text text not null check (length(text) between 1 and 2000),
  created_at timestamptz not null
);
create index player_notes_user on player_notes (user_id, id desc);
create function player_notes_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'player_notes is append-only' using errcode = 'KM021';
end $$;
create trigger player_notes_no_change before update or delete on player_notes
  for each row execute function player_notes_append_only();
create trigger player_notes_no_truncate before truncate on player_notes
  for each statement execute function player_notes_append_only();
