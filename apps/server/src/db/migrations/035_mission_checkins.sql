-- Check-ins after the conference (docs/product.md#check-ins,
-- docs/decisions/060-check-ins-exactly-once.md): 30, 60 and 90 days after the programme's last
-- day each mission's owners are asked how it is going; their answer becomes an update.

-- One row per mission and check-in day: the claim. The notification jobs insert it in the same
-- transaction that writes the owners' bells and e-mails (on conflict do nothing), so whichever
-- instance's pass gets there first asks, once, across instances and restarts. The reminder is
-- claimed by setting reminded_at from null, in the transaction that sends it. The answer is kept
-- here too (the organisers read it in "After the event"), and the update it became.
create table mission_checkins (
  mission_id uuid not null references missions (mission_id) on delete cascade,
  day smallint not null check (day in (30, 60, 90)),
  -- The notification jobs' clock when it was sent and reminded (tests set it), not the database's now().
  sent_at timestamptz not null,
  reminded_at timestamptz,
  answered_at timestamptz,
  answered_by uuid references users (id) on delete set null,
  happened text check (char_length(happened) <= 1000),
  needs text check (char_length(needs) <= 600),
  team_together boolean,
  status text check (status in ('active', 'paused', 'completed', 'stopped')),
  update_id uuid references mission_updates (update_id) on delete set null,
  primary key (mission_id, day)
);
-- The reminder pass looks for sent, unanswered, unreminded check-ins.
create index mission_checkins_unanswered_idx on mission_checkins (sent_at) where answered_at is null and reminded_at is null;

-- Missions whose owners switched the check-ins off (no row: on).
create table mission_checkins_off (
  mission_id uuid primary key references missions (mission_id) on delete cascade,
  switched_by uuid references users (id) on delete set null,
  switched_at timestamptz not null default now()
);

-- A check-in's bell names its mission and day (it has no mission event: nobody acted).
alter table notifications
  add column mission_id uuid references missions (mission_id) on delete cascade,
  add column checkin_day smallint;
-- At most one bell per person, mission, day and kind: the claim's second guard.
create unique index notifications_checkin_once_idx on notifications (user_id, mission_id, checkin_day, kind) where checkin_day is not null;

-- Every kind so far (migration 031's, and question_became_mission of migration 034), and the two
-- of check-ins.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined',
                  'round_revealed', 'programme_changed', 'announcement', 'session_reminder', 'feedback_requested', 'mission_update',
                  'question_became_mission', 'mission_checkin', 'mission_checkin_reminder'));
