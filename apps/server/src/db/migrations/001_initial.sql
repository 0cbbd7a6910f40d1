-- The data model (docs/product.md#data). Identity and the app user are one row: sign-up creates both,
-- so nobody can have an account without an app profile.
create table users (
  id uuid primary key,
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  mobile text not null,
  user_metadata jsonb not null default '{}'::jsonb,
  pre_survey_completed boolean not null default false,
  post_survey_completed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);
create unique index users_email_key on users (lower(email));

create table auth_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);
create index auth_sessions_user_idx on auth_sessions (user_id);

-- Only a SHA-256 of each refresh token is kept. A used token stays as a row so reuse is detected.
create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table recovery_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Fixed-window counters shared by every server instance (sign-in failures, per-address limits).
create table rate_limits (
  bucket text not null,
  subject text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, subject, window_start)
);
create index rate_limits_window_idx on rate_limits (window_start);

create table mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  link text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create table role_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references users (id) on delete cascade,
  role_title text not null,
  role_archype text,
  high_objective text,
  intention text not null,
  skills_and_resources text not null,
  knowledge_and_experience text not null,
  community_need text not null,
  contribution text not null,
  first_action_next_7_days text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table missions (
  mission_id uuid primary key default gen_random_uuid(),
  name text not null,
  shared_intention text not null,
  objective_or_focus text not null,
  statement text not null,
  core_message text not null,
  problem_being_solved text not null,
  first_team_action text not null,
  -- One mission per creator (docs/product.md#who-may-do-what).
  created_by uuid not null unique references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table mission_members (
  mission_id uuid not null references missions (mission_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role_in_team text not null default 'member',
  is_co_owner boolean not null default false,
  added_at timestamptz not null default now(),
  primary key (mission_id, user_id)
);
create index mission_members_user_idx on mission_members (user_id);

-- Votes and subscriptions are rows, one per (mission, user). Migration 004 keeps their counts on
-- the mission row, updated once per statement by triggers (docs/decisions/004-batched-toggles-and-kept-counts.md).
create table mission_votes (
  mission_id uuid not null references missions (mission_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (mission_id, user_id)
);

create table mission_subscriptions (
  mission_id uuid not null references missions (mission_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (mission_id, user_id)
);
