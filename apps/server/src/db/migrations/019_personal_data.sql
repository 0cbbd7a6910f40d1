-- People own their data (docs/product.md#personal-data, docs/decisions/032-what-anonymity-covers.md):
-- how a person is shown to others, decided once; deleting an account; downloading one's data.

-- How a person chose to appear (account metadata set by the anonymity dialog or the account page).
create function anonymity_of(meta jsonb) returns text language sql immutable as $$
  select case when meta -> 'is_anonymous' = 'true'::jsonb then 'anonymous'
              when meta -> 'anonymity_choice_made' = 'true'::jsonb then 'sharing'
              else 'not_chosen' end
$$;

-- THE place that decides what other attendees see of a person: every procedure and export that
-- names someone to someone else reads the names and e-mail from here, never from users. Someone
-- who chose to stay anonymous is "Anonymous attendee", without an e-mail address.
create view people_shown as
  select u.id,
         anonymity_of(u.user_metadata) = 'anonymous' as anonymous,
         case when anonymity_of(u.user_metadata) = 'anonymous' then 'Anonymous' else u.first_name end as first_name,
         case when anonymity_of(u.user_metadata) = 'anonymous' then 'attendee' else u.last_name end as last_name,
         case when anonymity_of(u.user_metadata) = 'anonymous' then '' else u.email end as email
    from users u;

-- The mission list's cache keeps each mission's creator line: a changed anonymity choice changes
-- it as a rename does (migration 015's trigger, widened).
drop trigger users_mission_list_rename on users;
create trigger users_mission_list_rename after update on users
  for each row when ((old.first_name, old.last_name, anonymity_of(old.user_metadata))
                     is distinct from (new.first_name, new.last_name, anonymity_of(new.user_metadata)))
  execute function touch_missions_of_renamed_creator();

-- A mission whose only owner deleted their account stays, hidden with a note, for its team: it
-- has no creator any more.
alter table missions alter column created_by drop not null;

-- What deleted accounts leave behind: counts only, never who. The console's overview adds them to
-- the survey completion figures.
create table deleted_accounts_tally (
  id boolean primary key default true check (id),
  accounts integer not null default 0,
  pre_survey_done integer not null default 0,
  post_survey_done integer not null default 0
);
insert into deleted_accounts_tally default values;

-- The audit log stays append-only, with one exception: deleting an account takes the person's
-- e-mail and id out of the entries that named them (docs/security.md). Only a transaction that
-- set mc.audit_redaction may change a row, and deleting rows stays refused.
create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and current_setting('mc.audit_redaction', true) = 'on' then
    return new;
  end if;
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = '42501';
end;
$$;

-- "Download my data": the prepared zip, for its owner only, until it expires.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  archive bytea not null
);
create index data_exports_user_idx on data_exports (user_id, created_at desc);
create index data_exports_expires_idx on data_exports (expires_at);
