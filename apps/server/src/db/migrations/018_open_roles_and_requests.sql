-- Open roles on a mission (docs/product.md#open-roles). A role's filled places are the team
-- members who joined for it (mission_members.role_id), so a member leaving frees the place again.
create table mission_roles (
  role_id uuid primary key default gen_random_uuid(),
  mission_id uuid not null references missions (mission_id) on delete cascade,
  title text not null,
  description text not null default '',
  -- Free tags, trimmed and lower-cased by the contract.
  skills text[] not null default '{}',
  archetype text,
  places integer not null check (places between 1 and 50),
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mission_roles_mission_idx on mission_roles (mission_id) where closed_at is null;

alter table mission_members add column role_id uuid references mission_roles (role_id) on delete set null;
create index mission_members_role_idx on mission_members (role_id) where role_id is not null;

-- Who may read a person's role card (docs/product.md#role-card): everyone signed in, or only their
-- teammates. card_visibility_chosen_at records that the person chose; someone who stays anonymous
-- for the surveys is shown to teammates only until they have.
alter table role_profiles
  add column card_visibility text not null default 'everyone' check (card_visibility in ('everyone', 'team')),
  add column card_visibility_chosen_at timestamptz;

-- Asking to join a mission for a role, and owners inviting someone to one (docs/product.md#joining-a-team).
-- `user_id` is always the person who would join. One open request per person and role.
create table team_requests (
  request_id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('ask', 'invite')),
  role_id uuid not null references mission_roles (role_id) on delete cascade,
  mission_id uuid not null references missions (mission_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  invited_by uuid references users (id) on delete set null,
  message text not null default '',
  status text not null default 'open' check (status in ('open', 'accepted', 'declined', 'withdrawn')),
  reason text,
  created_at timestamptz not null default now(),
  answered_at timestamptz
);
create unique index team_requests_open_key on team_requests (role_id, user_id) where status = 'open';
create index team_requests_user_idx on team_requests (user_id) where status = 'open';
create index team_requests_mission_idx on team_requests (mission_id) where status = 'open';

-- The bell learns three more kinds: a request to the owners, an invitation to the person, and a
-- refusal to whoever asked or invited. They are written by record_request_event below.
alter table mission_events drop constraint mission_events_kind_check;
alter table mission_events add constraint mission_events_kind_check
  check (kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'mission_hidden', 'mission_unhidden',
                  'join_requested', 'invited_to_team', 'request_declined'));
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined'));

-- One event, told to the given people (never the actor), in one statement, as record_mission_event does.
create function record_request_event(p_kind text, p_mission uuid, p_actor uuid, p_subject uuid, p_data jsonb, p_readers uuid[]) returns bigint
language plpgsql as $$
declare
  new_event bigint;
begin
  insert into mission_events (kind, mission_id, actor_id, subject_id, data)
  values (p_kind, p_mission, p_actor, p_subject, coalesce(p_data, '{}'::jsonb))
  returning id into new_event;
  insert into notifications (user_id, event_id, kind, mail_pending)
  select distinct reader, new_event, p_kind,
         exists (select 1 from notification_settings mail where mail.user_id = reader and mail.email_digest <> 'off')
    from unnest(p_readers) as reader
   where reader is distinct from p_actor;
  return new_event;
end $$;
