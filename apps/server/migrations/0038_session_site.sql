-- Hosts (issue 20 item 6, ADR 041): a session remembers the operator's address the player signed in
-- on, so that e-mails sent later from the activity stream (a deposit credited, a payout, a new
-- device) link back to that address, not to the main one where the player has no session.
alter table sessions add column site_origin text;
