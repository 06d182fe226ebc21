-- The back office's players search (issue 18 item 2, ADR 051): by id, e-mail, phone, name (the
-- username and the extended profile's first and last names) and payment details. Each way is its own
-- prefix or containment lookup on an index of its own, so a search stays a handful of index reads
-- over any number of players.
create index users_phone_prefix on users (phone text_pattern_ops) where phone is not null;
create index users_username_prefix on users (lower(username) text_pattern_ops) where username is not null;
create index extended_profiles_last_name_prefix on extended_profiles (lower(last_name) text_pattern_ops);
create index extended_profiles_first_name_prefix on extended_profiles (lower(first_name) text_pattern_ops);
-- Payment details are stored as the cashier keeps them (a card masked to its first six and last four
-- digits, a phone, a purse, an e-mail): found by containment.
create index payments_requisites on payments using gin (requisites jsonb_path_ops);
