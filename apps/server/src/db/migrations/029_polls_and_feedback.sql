-- Live polls per programme part (docs/product.md#polls): a host creates a poll for a part, opens
-- and closes it; each person has one answer per poll, changed while it is open, and the counts are
-- the database's own (count over the answers), exact however many answer at once.
create table polls (
  poll_id uuid primary key default gen_random_uuid(),
  part_id text not null,
  kind text not null check (kind in ('single', 'multiple', 'rating', 'open')),
  question text not null check (char_length(question) between 1 and 200),
  options text[] not null default '{}',
  hide_results boolean not null default false,
  state text not null default 'draft' check (state in ('draft', 'open', 'closed')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  closed_at timestamptz,
  check ((kind in ('single', 'multiple')) = (cardinality(options) between 2 and 10)),
  check (kind in ('single', 'multiple') or cardinality(options) = 0)
);
create index polls_part_idx on polls (part_id, created_at desc);
-- One open poll per part at a time: the projector and the phones show that one.
create unique index polls_one_open_per_part on polls (part_id) where state = 'open';

create table poll_answers (
  poll_id uuid not null references polls (poll_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- The chosen options (0-based) of a single- or several-choice poll, the rating, or the open answer.
  choices smallint[],
  rating smallint check (rating between 1 and 5),
  answer text check (char_length(answer) between 1 and 60),
  answered_at timestamptz not null default now(),
  primary key (poll_id, user_id),
  check (num_nonnulls(choices, rating, answer) = 1)
);

-- Feedback after each part (docs/product.md#feedback): a rating and an optional comment for the
-- speakers. The person is kept only so each gives one; no screen or export ever shows who, and a
-- deleted account leaves its rating without anyone's name.
create table part_feedback (
  part_id text not null,
  user_id uuid references users (id) on delete set null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null default '' check (char_length(comment) <= 1000),
  given_at timestamptz not null default now(),
  unique (part_id, user_id)
);
create index part_feedback_part_idx on part_feedback (part_id);

-- Parts whose feedback the organisers switched off.
create table part_feedback_off (
  part_id text primary key,
  switched_off_at timestamptz not null default now()
);

-- The parts whose people were asked "How was …?": one row per part, claimed by whichever
-- instance's notification pass gets there first, so each part asks once across instances and restarts.
create table part_feedback_asked (
  part_id text primary key,
  ended_at timestamptz not null,
  asked_at timestamptz not null default now(),
  asked integer not null default 0
);

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined',
                  'round_revealed', 'programme_changed', 'announcement', 'session_reminder', 'feedback_requested'));
-- One "How was …?" per person and part.
create unique index notifications_feedback_once on notifications (user_id, (parts[1])) where kind = 'feedback_requested';
