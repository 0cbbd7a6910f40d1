-- Check-in at the door with a QR badge (docs/product.md#check-in-at-the-door).

-- Door staff: a narrow right, as organisers are (kernel/access.ts reads it on every call).
create table door_staff (
  user_id uuid primary key references users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  -- Who granted it: an organiser's e-mail, or "command line".
  granted_by text not null
);

-- A person's badge: its opaque id (in the signed code) and how many codes they have had.
create table badges (
  user_id uuid primary key references users (id) on delete cascade,
  badge_id uuid not null unique,
  version integer not null check (version >= 1),
  issued_at timestamptz not null default now()
);

-- Badge ids refused from now on: replaced by a newer code, or their account deleted. Only the
-- opaque id is kept, never whose it was; doors copy this list (checkin_replaced_badges).
create table revoked_badges (
  badge_id uuid primary key,
  revoked_at timestamptz not null default now(),
  reason text not null check (reason in ('replaced', 'deleted'))
);
create index revoked_badges_since on revoked_badges (revoked_at);

-- One check-in per person: the earliest scan of any door (an upsert keeps the earlier one).
create table checkins (
  user_id uuid primary key references users (id) on delete cascade,
  badge_id uuid not null,
  door text not null check (length(door) between 1 and 60),
  checked_in_at timestamptz not null,
  -- The scan that holds the check-in (a later scan of an earlier moment takes its place).
  client_scan_id uuid not null,
  -- Who checked them in (door staff), for the organisers' list; null once that person is deleted.
  recorded_by uuid references users (id) on delete set null,
  recorded_at timestamptz not null default now()
);
create index checkins_at on checkins (checked_in_at);
create index checkins_recorded_by on checkins (recorded_by);

-- Every scan a door sent, by the id the door gave it: a scan sent again (an offline queue
-- resent after a lost answer) is answered from here and changes nothing.
create table checkin_scans (
  client_scan_id uuid primary key,
  user_id uuid references users (id) on delete cascade,
  badge_id uuid,
  door text not null,
  scanned_at timestamptz not null,
  reason text check (reason in ('malformed', 'other_event', 'replaced', 'unknown')),
  received_at timestamptz not null default now()
);
create index checkin_scans_user on checkin_scans (user_id);

-- A voting round only people checked in may vote in.
alter table vote_rounds add column checked_in_only boolean not null default false;
