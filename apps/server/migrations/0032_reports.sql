-- Reports and the ledger's entries in the back office (issue 18 items 7 and 8, ADR 039).

-- The finance report and the reconciliation read the ledger by period.
create index ledger_transactions_created on ledger_transactions (created_at, id);
-- The ledger's entries filtered by operation, newest first.
create index ledger_transactions_operation on ledger_transactions (operation, id);
-- Registrations per day.
create index users_created on users (created_at);
-- The players search by the beginning of an e-mail: a pattern index, so `like 'prefix%'` is an index
-- range whatever the database's collation (the unique index users_email serves equality only then).
create index users_email_prefix on users (email text_pattern_ops) where email is not null;
-- Provider transactions of a round (the reconciliation with the game server).
create index provider_transactions_round on provider_transactions (provider, round);
-- The payment provider's own books by the time a payment settled (its statement).
create index sandbox_payments_updated on sandbox_payments (updated_at);
