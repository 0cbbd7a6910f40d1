-- A mission's list revision (migration 015) now moves on a change of any of its columns except
-- the counts, which every list call reads afresh, and list_rev itself. Before, the trigger named
-- each column the list shows, so a column added later and shown in the list would have kept its
-- old text in the cache until someone remembered the trigger; now a new column is covered as it
-- is added. A column the list does not show costs at most a needless rewrite of that mission's
-- JSON when it changes.
drop trigger zz_missions_list_rev on missions;

create trigger zz_missions_list_rev before update on missions
  for each row when (
    to_jsonb(old) - '{vote_count,subscription_count,list_rev}'::text[]
    is distinct from
    to_jsonb(new) - '{vote_count,subscription_count,list_rev}'::text[])
  execute function next_mission_list_rev();
