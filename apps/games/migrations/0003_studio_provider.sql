-- The generic demo studio (ADR 020) plays through the casino as its own provider, `demo`. A round
-- remembers which provider it was played under, so that its win is sent again under that identity.
alter table rounds add column provider text not null default 'kometa';
