-- Bonuses in the back office (issue 17 item 10, ADR 033): the offer's targeting gains levels and
-- currencies (labels and countries came with 0022), and an offer's gifts are found by offer for its
-- cost figures.

alter table gift_offers
  add column target_levels text[] not null default '{}',
  add column target_currencies text[] not null default '{}';

create index user_gifts_offer on user_gifts (offer_id, created_at);
