-- KYC verification (issue 7, ADR 018): the player's verification form and the documents behind it.
-- Files live outside the web root (KYC_STORAGE_DIR), named by a random id; only their metadata is here.
create table kyc_forms (
  user_id bigint primary key references users (id) on delete cascade,
  status text not null check (status in ('new', 'pending', 'accepted_system', 'accepted_operator', 'refused')),
  actions text[] not null default '{}',
  reason text,
  updated_at timestamptz not null
);

create table kyc_documents (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  type text not null check (type in ('passport', 'id_card', 'driver_license', 'selfie', 'address_proof')),
  storage_key text not null unique,
  mime text not null,
  size integer not null check (size > 0),
  sha256 bytea not null,
  status text not null check (status in ('pending', 'accepted', 'refused')),
  reason text,
  created_at timestamptz not null,
  reviewed_at timestamptz,
  reviewer text
);
create index kyc_documents_user on kyc_documents (user_id, id);
create index kyc_documents_pending on kyc_documents (id) where status = 'pending';
