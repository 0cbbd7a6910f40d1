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
