-- Published versions of the programme (docs/decisions/034-programme-versions-and-the-diff.md).
-- The `programme` row is the organisers' draft; attendees, their calendars and the offline copy
-- read the newest row here. A version is written once, in the transaction that publishes it, with
-- the public note and the changes it made (for the changelog and the change alerts).
create table programme_versions (
  version integer primary key check (version >= 1),
  document jsonb not null,
  note text not null,
  changes jsonb not null default '[]'::jsonb,
  published_at timestamptz not null default now(),
  -- No foreign key: the record outlives the account that published it (as in audit_log).
  published_by uuid,
  published_by_label text not null
);

-- Immutable: a published version is never changed or removed one by one. TRUNCATE stays possible,
-- as for audit_log: db:export empties every table of a fresh target before loading.
create function programme_versions_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'programme_versions is append-only: % is not allowed', tg_op using errcode = '42501';
end;
$$;
create trigger programme_versions_no_update before update or delete on programme_versions
  for each row execute function programme_versions_refuse_change();

-- What attendees see today becomes the first published version. A database whose programme is not
-- seeded yet gets its first version when the server seeds it.
insert into programme_versions (version, document, note, published_by_label)
select 1, document, 'The programme as first published.', 'migration' from programme;

-- Change alerts (docs/product.md#notifications): a publication tells each person who starred a
-- changed part, in ONE notification naming their parts, written by one INSERT … SELECT in the
-- publishing transaction. Such a notification points at the version, not at a mission event, and
-- is pruned by its own age (mission events prune theirs), as announcements and reminders are.
alter table notifications alter column event_id drop not null;
alter table notifications
  add column programme_version integer references programme_versions (version),
  -- The reader's starred parts that this version changed, as they were when it was published.
  add column parts text[],
  add column created_at timestamptz not null default now();
alter table notifications add constraint notifications_version_once unique (user_id, programme_version);

-- Announcements from the organisers (docs/product.md#announcements): written once, told to each
-- recipient as a notification (the bell, and the dashboard banner until dismissed), when due.
create table announcements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 120),
  body text not null check (char_length(body) between 1 and 2000),
  -- A path inside the app ("/agenda-schedule"), or null.
  link text check (link is null or link ~ '^/[A-Za-z0-9/_?=&.-]*$'),
  audience text not null check (audience in ('everyone', 'no_pre_survey', 'no_role_profile', 'no_team', 'mission_owners', 'starred_part')),
  part_id text check ((audience = 'starred_part') = (part_id is not null)),
  urgent boolean not null default false,
  send_at timestamptz not null,
  sent_at timestamptz,
  recipients integer,
  created_by uuid,
  created_by_label text not null,
  created_at timestamptz not null default now()
);
create index announcements_due_idx on announcements (send_at) where sent_at is null;
create index announcements_urgent_idx on announcements (created_at) where urgent;
alter table notifications
  add column announcement_id uuid references announcements (id) on delete cascade,
  -- The dashboard banner of an announcement stays until its reader dismisses it.
  add column dismissed_at timestamptz;
alter table notifications add constraint notifications_announcement_once unique (user_id, announcement_id);

-- "Remind me 10 minutes before my starred sessions" (off unless chosen), and the reminders given,
-- so each starred part's start is reminded once whichever instance's job gets there first.
alter table notification_settings add column session_reminders boolean not null default false;
create table agenda_reminders (
  user_id uuid not null references users (id) on delete cascade,
  part_id text not null,
  starts_at timestamptz not null,
  reminded_at timestamptz not null default now(),
  primary key (user_id, part_id, starts_at)
);
create index agenda_reminders_at_idx on agenda_reminders (reminded_at);

-- A notification comes from one mission event, one programme version, one announcement, or (a
-- session reminder) none of them.
alter table notifications add constraint notifications_source_check check (num_nonnulls(event_id, programme_version, announcement_id) <= 1);
create index notifications_sourceless_created_idx on notifications (created_at) where event_id is null;
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined',
                  'round_revealed', 'programme_changed', 'announcement', 'session_reminder'));
