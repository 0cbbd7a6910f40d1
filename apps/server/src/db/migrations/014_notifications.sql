-- Notifications (docs/product.md#notifications, docs/decisions/020-notifications-and-digests.md).
-- A change is recorded ONCE, as a mission_events row; each person it concerns gets a small
-- notifications row pointing at it, written by the same single INSERT … SELECT whatever the number
-- of followers. What a notification shows (the mission's name, who acted) is read when it is shown,
-- so a mission hidden later is never named to someone who may no longer see it.

create table mission_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'mission_hidden', 'mission_unhidden')),
  mission_id uuid not null references missions (mission_id) on delete cascade,
  -- Who acted (null: the votes themselves, or an account since deleted).
  actor_id uuid references users (id) on delete set null,
  -- The person a team change is about.
  subject_id uuid references users (id) on delete cascade,
  -- mission_updated: {"fields": [...]}; votes_milestone: {"milestone": n}; mission_hidden: {"reason": "..."}.
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
-- Pruning and the live channel look events up by age.
create index mission_events_created_idx on mission_events (created_at);

create table notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  event_id bigint not null references mission_events (id) on delete cascade,
  -- Why this person is told: the same event reads differently to the person added, the team and followers.
  kind text not null check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined', 'mission_hidden', 'mission_unhidden')),
  read_at timestamptz,
  -- Waiting for the person's next e-mail. Set only when they had mail switched on as it arrived, so
  -- switching mail on later never mails old news; the digest clears it when it has been considered.
  mail_pending boolean not null default false,
  unique (user_id, event_id)
);
-- The bell: a person's newest first, and how many are unread.
create index notifications_user_idx on notifications (user_id, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
create index notifications_event_idx on notifications (event_id);
create index notifications_mail_idx on notifications (user_id) where mail_pending;

-- A person's choices. No row means the defaults: others may add them to a team, no e-mail.
create table notification_settings (
  user_id uuid primary key references users (id) on delete cascade,
  allow_team_additions boolean not null default true,
  email_digest text not null default 'off' check (email_digest in ('off', 'immediate', 'daily')),
  last_digest_at timestamptz,
  -- Part of every unsubscribe link; using a link moves it on, so older links stop working.
  unsubscribe_generation integer not null default 0,
  updated_at timestamptz not null default now()
);
-- The digest job finds people with mail switched on.
create index notification_settings_digest_idx on notification_settings (email_digest) where email_digest <> 'off';

-- Mails sent by the background delivery (notification e-mails) instead of inline: when they may
-- next be tried, and the lease of the instance sending one now. Like every mail here, they are
-- kept without their links (migration 013); the delivery puts the links back as it sends.
alter table mail_outbox
  add column deliver_after timestamptz,
  add column claimed_until timestamptz,
  add column attempts integer not null default 0,
  add column last_error text;
create index mail_outbox_pending_idx on mail_outbox (deliver_after) where sent_at is null and deliver_after is not null;

-- Records one change and tells everyone it concerns, in one statement whatever their number:
--   member_added    → the person added (added_to_team), the rest of the team (team_member_joined),
--                     followers (team_changed);
--   member_removed  → the person removed by someone else (removed_from_team), followers (team_changed);
--   mission_updated → followers (mission_changed);   votes_milestone → followers;
--   mission_hidden, mission_unhidden → the team.
-- Never the person who acted. Followers who may not see the mission (hidden, and they are not on
-- its team nor organisers) are not told. One row per person: the closest relation wins.
create function record_mission_event(p_kind text, p_mission uuid, p_actor uuid, p_subject uuid, p_data jsonb) returns bigint
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
      select team.user_id, case p_kind when 'member_added' then 'team_member_joined' else p_kind end, 2
        from mission_members team
       where team.mission_id = p_mission and p_kind in ('member_added', 'mission_hidden', 'mission_unhidden')
      union all
      select follower.user_id, case p_kind when 'mission_updated' then 'mission_changed' when 'votes_milestone' then 'votes_milestone' else 'team_changed' end, 3
        from mission_subscriptions follower join missions shown on shown.mission_id = follower.mission_id
       where follower.mission_id = p_mission
         and p_kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone')
         and (shown.hidden_at is null
              or exists (select 1 from mission_members own_team where own_team.mission_id = p_mission and own_team.user_id = follower.user_id)
              or exists (select 1 from organisers where organisers.user_id = follower.user_id))
    ) told
   where told.user_id is distinct from p_actor
   order by told.user_id, told.closeness;
  return new_event;
end $$;

-- Vote milestones: 10, 25, 50, 100, 250, 500, 1000, … (×2.5, ×2, ×2, and again). The first one above n.
create function vote_milestone_after(n integer) returns integer language plpgsql immutable as $$
declare
  milestone bigint := 10;
begin
  while milestone <= n loop
    milestone := case when left(milestone::text, 1) = '1' then milestone * 5 / 2 else milestone * 2 end;
  end loop;
  return least(milestone, 2147483647)::integer;
end $$;

-- The next milestone each mission has not announced yet; missions past some already start above them.
alter table missions add column next_vote_milestone integer not null default 10;
update missions set next_vote_milestone = vote_milestone_after(vote_count) where vote_count >= 10;

-- When a vote batch lifts a mission to (or past) its next milestone, the highest milestone reached
-- is announced once to its followers, in the batch's own transaction; unvoting and voting again
-- never announces the same milestone twice, because next_vote_milestone only moves up.
create function announce_vote_milestone() returns trigger language plpgsql as $$
declare
  reached integer := old.next_vote_milestone;
begin
  while vote_milestone_after(reached) <= new.vote_count loop
    reached := vote_milestone_after(reached);
  end loop;
  new.next_vote_milestone := vote_milestone_after(new.vote_count);
  perform record_mission_event('votes_milestone', new.mission_id, null, null, jsonb_build_object('milestone', reached));
  return new;
end $$;

create trigger missions_vote_milestone before update of vote_count on missions
  for each row when (new.vote_count >= old.next_vote_milestone) execute function announce_vote_milestone();
