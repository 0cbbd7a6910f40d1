-- Missions live on after the conference (docs/product.md#mission-updates,
-- docs/decisions/054-mission-updates-photos-and-public-page.md).

-- 1. Updates: an owner's or co-owner's news of the mission, newest first on its pages. Written by
-- a person; when their account is deleted their updates go with it, unless the mission passes to
-- a co-owner (kernel/account-deletion.ts hands that mission's updates to them first).
create table mission_updates (
  update_id uuid primary key default gen_random_uuid(),
  mission_id uuid not null references missions (mission_id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 120),
  body text not null check (char_length(body) <= 2000),
  link text check (link is null or (link like 'https://%' and char_length(link) <= 500)),
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  -- Hidden by the organisers, with the reason its team reads (as a mission is, migration 010).
  hidden_at timestamptz,
  hidden_reason text check (char_length(hidden_reason) <= 500),
  hidden_by uuid references users (id) on delete set null
);
create index mission_updates_mission_idx on mission_updates (mission_id, created_at desc);
create index mission_updates_author_idx on mission_updates (author_id);

-- An update's photo, re-encoded by the server (no metadata, bounded size) before it is stored.
-- Uploaded first (update_id null) and attached when the update is posted; one photo an update.
create table update_photos (
  photo_id uuid primary key default gen_random_uuid(),
  uploaded_by uuid not null references users (id) on delete cascade,
  update_id uuid unique references mission_updates (update_id) on delete cascade,
  content_type text not null check (content_type = 'image/jpeg'),
  bytes bytea not null,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index update_photos_uploader_idx on update_photos (uploaded_by) where update_id is null;

-- The bell and the digest learn of updates: one event, told to the team and the followers.
alter table mission_events drop constraint mission_events_kind_check;
alter table mission_events add constraint mission_events_kind_check
  check (kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'mission_hidden', 'mission_unhidden',
                  'join_requested', 'invited_to_team', 'request_declined', 'round_revealed', 'update_posted'));
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined',
                  'round_revealed', 'programme_changed', 'announcement', 'session_reminder', 'feedback_requested', 'mission_update'));

-- As migration 014's, with update_posted → the team and the followers (mission_update).
create or replace function record_mission_event(p_kind text, p_mission uuid, p_actor uuid, p_subject uuid, p_data jsonb) returns bigint
language plpgsql as $$
declare
  new_event bigint;
begin
  insert into mission_events (kind, mission_id, actor_id, subject_id, data)
  values (p_kind, p_mission, p_actor, p_subject, coalesce(p_data, '{}'::jsonb))
  returning id into new_event;

  insert into notifications (user_id, event_id, kind, mail_pending)
  select distinct on (told.user_id) told.user_id, new_event, told.kind,
         exists (select 1 from notification_settings mail where mail.user_id = told.user_id and mail.email_digest <> 'off')
    from (
      select p_subject as user_id, case p_kind when 'member_added' then 'added_to_team' else 'removed_from_team' end as kind, 1 as closeness
       where p_kind in ('member_added', 'member_removed') and p_subject is not null
      union all
      select team.user_id, case p_kind when 'member_added' then 'team_member_joined' when 'update_posted' then 'mission_update' else p_kind end, 2
        from mission_members team
       where team.mission_id = p_mission and p_kind in ('member_added', 'mission_hidden', 'mission_unhidden', 'update_posted')
      union all
      select follower.user_id, case p_kind when 'mission_updated' then 'mission_changed' when 'votes_milestone' then 'votes_milestone'
                                           when 'update_posted' then 'mission_update' else 'team_changed' end, 3
        from mission_subscriptions follower join missions shown on shown.mission_id = follower.mission_id
       where follower.mission_id = p_mission
         and p_kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'update_posted')
         and (shown.hidden_at is null
              or exists (select 1 from mission_members own_team where own_team.mission_id = p_mission and own_team.user_id = follower.user_id)
              or exists (select 1 from organisers where organisers.user_id = follower.user_id))
    ) told
   where told.user_id is distinct from p_actor
   order by told.user_id, told.closeness;
  return new_event;
end $$;

-- 2. Status and progress, shown on the card and the details (so in the list's JSON: the list
-- revision of migration 024 moves with any of these columns).
alter table missions
  add column status text not null default 'active' check (status in ('active', 'paused', 'completed', 'stopped')),
  add column status_reason text check (char_length(status_reason) <= 200),
  -- Up to five: [{"text": "...", "done": false}, …].
  add column milestones jsonb not null default '[]'::jsonb check (jsonb_typeof(milestones) = 'array' and jsonb_array_length(milestones) <= 5);

-- 3. The public page /m/{slug}: published while the slug is set.
alter table missions add column public_slug text unique check (public_slug ~ '^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$');
