-- A revision number on every mission row for the mission list's cache
-- (docs/decisions/023-mission-list-cache.md). The server keeps each mission's JSON as the list
-- writes it and reuses it while the row's list_rev is the one it was written at. list_rev takes a
-- new value from the sequence whenever anything the list shows of a mission changes, other than
-- the counts (which every call reads afresh): its own columns, its team's size, its creator's
-- name. Each change gets its own value inside the writing transaction, so a reader sees a new
-- revision exactly when it sees the change.
create sequence mission_list_rev;

alter table missions add column list_rev bigint not null default nextval('mission_list_rev');

-- The columns get_all_missions writes (features/missions/queries.ts), the hiding included. The
-- trigger is named to run after the other BEFORE UPDATE triggers, so it sees their changes too.
create function next_mission_list_rev() returns trigger language plpgsql as $$
begin
  new.list_rev := nextval('mission_list_rev');
  return new;
end $$;

create trigger zz_missions_list_rev before update on missions
  for each row when (
    (old.mission_id, old.name, old.shared_intention, old.objective_or_focus, old.statement, old.core_message,
     old.problem_being_solved, old.first_team_action, old.created_by, old.created_at, old.updated_at,
     old.hidden_at, old.hidden_reason)
    is distinct from
    (new.mission_id, new.name, new.shared_intention, new.objective_or_focus, new.statement, new.core_message,
     new.problem_being_solved, new.first_team_action, new.created_by, new.created_at, new.updated_at,
     new.hidden_at, new.hidden_reason))
  execute function next_mission_list_rev();

-- A team grows or shrinks: its mission's team_count changed. The missions are locked in
-- mission_id order first, as the count triggers of migration 004 do, so this never deadlocks
-- with a vote batch.
create function touch_missions_of_members() returns trigger language plpgsql as $$
begin
  perform 1 from missions where mission_id in (select mission_id from changed) order by mission_id for no key update;
  update missions set list_rev = nextval('mission_list_rev') where mission_id in (select mission_id from changed);
  return null;
end $$;

create trigger mission_members_list_added after insert on mission_members
  referencing new table as changed for each statement execute function touch_missions_of_members();
create trigger mission_members_list_removed after delete on mission_members
  referencing old table as changed for each statement execute function touch_missions_of_members();

create function touch_missions_of_moved_members() returns trigger language plpgsql as $$
begin
  perform 1 from missions
    where mission_id in (select mission_id from old_rows union select mission_id from new_rows)
    order by mission_id for no key update;
  update missions set list_rev = nextval('mission_list_rev')
    where mission_id in (select mission_id from old_rows union select mission_id from new_rows);
  return null;
end $$;

-- (A transition table cannot go with a column list, so any update of a member row counts.)
create trigger mission_members_list_moved after update on mission_members
  referencing old table as old_rows new table as new_rows for each statement execute function touch_missions_of_moved_members();

-- A creator renamed: created_by_name of their mission changed.
create function touch_missions_of_renamed_creator() returns trigger language plpgsql as $$
begin
  update missions set list_rev = nextval('mission_list_rev') where created_by = new.id;
  return null;
end $$;

create trigger users_mission_list_rename after update on users
  for each row when ((old.first_name, old.last_name) is distinct from (new.first_name, new.last_name))
  execute function touch_missions_of_renamed_creator();
