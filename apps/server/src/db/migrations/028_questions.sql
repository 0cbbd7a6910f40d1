-- Session hosts (docs/product.md#session-hosts): people the organisers name for one programme
-- part, who may moderate that part's questions (and polls) and nothing else of the console.
-- part_id is the programme's own id, with no foreign key (the programme is content, as for
-- agenda_favourites); a host of a part that later leaves the programme simply hosts nothing.
create table part_hosts (
  part_id text not null check (part_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  user_id uuid not null references users (id) on delete cascade,
  added_by text not null,
  added_at timestamptz not null default now(),
  primary key (part_id, user_id)
);
create index part_hosts_user_idx on part_hosts (user_id);

-- Questions (docs/product.md#questions): asked on every part of the published programme. The
-- asker's choice "Ask anonymously" is kept with the question; the name shown is read through
-- people_shown at read time, so an asker who later chooses to stay anonymous is anonymous on every
-- question. State: 'pending' (waiting for a host's approval, seen by hosts and the asker),
-- 'visible', or 'hidden' (with a reason, seen by the asker and hosts).
create table questions (
  question_id uuid primary key default gen_random_uuid(),
  part_id text not null check (part_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  asked_by uuid not null references users (id) on delete cascade,
  anonymous boolean not null default false,
  body text not null check (char_length(body) between 1 and 280),
  state text not null default 'visible' check (state in ('pending', 'visible', 'hidden')),
  hidden_reason text,
  answered_at timestamptz,
  asked_at timestamptz not null default now()
);
create index questions_part_idx on questions (part_id, asked_at);
create index questions_asker_idx on questions (asked_by, part_id);

-- One upvote per person and question. Counts are counted here (count(*)), never kept in a
-- counter: an upvote is one insert … on conflict do nothing, so 2,000 at once contend on no row.
create table question_votes (
  question_id uuid not null references questions (question_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  voted_at timestamptz not null default now(),
  primary key (question_id, user_id)
);
create index question_votes_user_idx on question_votes (user_id);

-- A part's questions as its hosts set them: asking 'auto' (open from 15 minutes before the part
-- to 30 minutes after it, by the server's clock), or opened or closed by hand; pre-moderation;
-- the pinned question. No row: the defaults.
create table part_question_settings (
  part_id text primary key check (part_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  asking text not null default 'auto' check (asking in ('auto', 'open', 'closed')),
  premoderated boolean not null default false,
  pinned_question_id uuid references questions (question_id) on delete set null,
  updated_at timestamptz not null default now()
);
