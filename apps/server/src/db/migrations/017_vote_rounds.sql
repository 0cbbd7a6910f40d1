-- Voting rounds: the closing panel's vote, which organisers open, close and reveal
-- (docs/product.md#voting-rounds, docs/decisions/028-vote-receipts.md). Separate from the everyday
-- mission votes (mission_votes), which stay as they are.
create table vote_rounds (
  round_id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  state text not null default 'draft' check (state in ('draft', 'open', 'closed', 'revealed')),
  votes_per_person integer not null check (votes_per_person between 1 and 5),
  allow_own_mission boolean not null default false,
  show_counts_while_open boolean not null default false,
  -- true: every mission that is not hidden; false: the shortlist in vote_round_missions.
  all_missions boolean not null,
  -- The schedule, applied by the database's clock (see advance in features/rounds/state.ts).
  opens_at timestamptz,
  closes_at timestamptz,
  opened_at timestamptz,
  closed_at timestamptz,
  revealed_at timestamptz,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint vote_rounds_closes_after_opens check (opens_at is null or closes_at is null or closes_at > opens_at)
);

-- Only one round is open at a time, whoever opens it and on whichever instance.
create unique index vote_rounds_one_open on vote_rounds ((true)) where state = 'open';
create index vote_rounds_recent on vote_rounds (updated_at desc);

-- A shortlist of finalists (only for rounds with all_missions = false).
create table vote_round_missions (
  round_id uuid not null references vote_rounds (round_id) on delete cascade,
  mission_id uuid not null references missions (mission_id) on delete cascade,
  primary key (round_id, mission_id)
);

-- One row per vote. The person's votes fill numbered slots 1..votes_per_person: the unique key on
-- the slot makes "never more votes than allowed" hold under concurrent requests, and the unique
-- key on the mission "never two votes for the same mission". The receipt is 16 random bytes (hex)
-- the voter keeps; it is published after the reveal without the voter's id.
create table round_votes (
  round_id uuid not null references vote_rounds (round_id) on delete cascade,
  mission_id uuid not null references missions (mission_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  slot smallint not null check (slot between 1 and 5),
  receipt text not null unique check (receipt ~ '^[0-9a-f]{32}$'),
  created_at timestamptz not null default now(),
  primary key (round_id, user_id, mission_id),
  unique (round_id, user_id, slot)
);
create index round_votes_mission_idx on round_votes (round_id, mission_id);
create index round_votes_user_idx on round_votes (user_id);
