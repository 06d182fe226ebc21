-- Transactional e-mail (issue 20, ADR 041): each message keeps its HTML alternative next to the plain
-- text, and a message sent in reaction to a fact (a deposit, a payout, a login) carries a key, so the
-- same fact never mails the player twice when its consumer runs again.
alter table outbox_messages add column html text;
alter table outbox_messages add column dedupe_key text;
create unique index outbox_messages_dedupe_key on outbox_messages (dedupe_key) where dedupe_key is not null;
