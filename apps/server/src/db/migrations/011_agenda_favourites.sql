-- "My agenda": the parts of the programme a person starred, and the private address their
-- calendar app subscribes to. part_id is the programme's own id ("s1p1") with no foreign key:
-- the programme is content, and a favourite of a part that later leaves it is simply not shown.
create table agenda_favourites (
  user_id uuid not null references users (id) on delete cascade,
  part_id text not null check (part_id ~ '^s[0-9]+p[0-9]+$'),
  added_at timestamptz not null default now(),
  primary key (user_id, part_id)
);

-- One subscription address per person. Only a SHA-256 of its secret is kept, so the address is
-- shown once when it is made; making a new one or revoking deletes the old row, and with it the
-- address. The secret is its own random value: never the access token, which expires and would
-- give far more than a calendar.
create table calendar_feeds (
  user_id uuid primary key references users (id) on delete cascade,
  secret_sha256 bytea not null unique,
  created_at timestamptz not null default now(),
  last_read_at timestamptz
);
