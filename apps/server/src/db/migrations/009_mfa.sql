-- A second factor (TOTP) per person, the way Supabase Auth models it: factors, short-lived
-- challenges, and an assurance level (aal) with the methods used (amr) on each session.

-- The TOTP secret is kept encrypted (AES-256-GCM with a key derived from the signing key) and is
-- never sent again after enrolment. last_used_counter is the 30-second step of the last accepted
-- code: a code at or before it is refused, so no code works twice.
create table mfa_factors (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp' check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret_ciphertext text not null,
  last_used_counter bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_idx on mfa_factors (user_id);
create unique index mfa_factors_user_name_key on mfa_factors (user_id, friendly_name) where friendly_name is not null;

create table mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz
);
create index mfa_challenges_factor_idx on mfa_challenges (factor_id);

-- Ten one-time codes per person for a lost authenticator. They are long random strings, so a
-- SHA-256 of each is enough (no slow hash needed); a used code keeps its row with used_at.
create table mfa_recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- Sessions start at aal1 (the date of birth); a verified code raises the session to aal2.
-- amr lists {method, timestamp} entries, newest first, as the access token carries them.
alter table auth_sessions
  add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  add column amr jsonb not null default '[]'::jsonb,
  add column factor_id uuid references mfa_factors (id) on delete set null;
