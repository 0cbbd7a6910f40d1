-- The people who run the event, what they did, and the programme they edit.

-- Being an organiser is a row here, read on every organiser call (never a claim in a token).
create table organisers (
  user_id uuid primary key references users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  -- Who granted it: an organiser's e-mail, or "command line".
  granted_by text not null
);

-- Every organiser action, appended in the same transaction as the change it records.
-- actor_id has no foreign key: the record outlives the account that acted.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default clock_timestamp(),
  actor_id uuid,
  actor_label text not null,
  kind text not null,
  subject text not null,
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_actor_idx on audit_log (actor_id, at desc);
create index audit_log_kind_idx on audit_log (kind, at desc);

-- Append-only: rows may be added, never changed or removed one by one (not even by a careless
-- script). TRUNCATE stays possible: db:export empties every table of a fresh target before loading.
create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = '42501';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_refuse_change();

-- The programme (conference settings, speakers, sessions and their parts) as one document that
-- the contract's programme schema checks as a whole on every save. version gives the ETag.
create table programme (
  id boolean primary key default true check (id),
  document jsonb not null,
  version bigint not null default 1,
  updated_at timestamptz not null default now()
);

-- Speaker photos uploaded by organisers, kept in the database so every instance serves them.
-- A new upload is a new row, so a photo's address never changes what it shows (cached for good).
create table speaker_photos (
  id uuid primary key default gen_random_uuid(),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  created_by uuid
);
