-- Vote and subscription counts kept on the mission row. Counting every vote row on each
-- get_all_missions call was most of that call's time (3 ms of 7 at 20,000 votes, growing with
-- every vote). The vote spike stays off one hot row per vote because toggles are written in
-- batches: one statement per batch, so the counts change once per batch and mission.
--
-- Statement-level triggers keep the counts right whichever way rows come and go (toggles, and the
-- cascades when a user or a mission is deleted), within the same transaction as the rows.
alter table missions
  add column vote_count integer not null default 0,
  add column subscription_count integer not null default 0;

update missions set
  vote_count = (select count(*) from mission_votes v where v.mission_id = missions.mission_id),
  subscription_count = (select count(*) from mission_subscriptions s where s.mission_id = missions.mission_id);

-- One function for both tables: +1 per added row, −1 per removed row, on the count of the table
-- that fired. It locks the missions it changes in mission_id order first: two batches that touch
-- the same missions then always queue in the same order and never deadlock.
create function count_mission_rows() returns trigger language plpgsql as $$
declare
  step integer := case tg_op when 'INSERT' then 1 else -1 end;
  is_votes boolean := tg_table_name = 'mission_votes';
begin
  perform 1 from missions where mission_id in (select mission_id from changed) order by mission_id for no key update;
  update missions set
      vote_count = vote_count + case when is_votes then step * counted.n else 0 end,
      subscription_count = subscription_count + case when is_votes then 0 else step * counted.n end
    from (select mission_id, count(*)::integer as n from changed group by mission_id) counted
   where missions.mission_id = counted.mission_id;
  return null;
end $$;

create trigger mission_votes_added after insert on mission_votes
  referencing new table as changed for each statement execute function count_mission_rows();
create trigger mission_votes_removed after delete on mission_votes
  referencing old table as changed for each statement execute function count_mission_rows();
create trigger mission_subscriptions_added after insert on mission_subscriptions
  referencing new table as changed for each statement execute function count_mission_rows();
create trigger mission_subscriptions_removed after delete on mission_subscriptions
  referencing old table as changed for each statement execute function count_mission_rows();
