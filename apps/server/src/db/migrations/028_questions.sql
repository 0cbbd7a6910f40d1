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
