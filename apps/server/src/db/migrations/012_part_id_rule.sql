-- A starred part's id follows the programme's own part id rule: lower-case letters, digits and
-- single dashes ("s1p1", "opening-keynote"), the same pattern as PART_ID_PATTERN in
-- packages/contract/src/conference.ts. Migration 011 allowed only "s1p1"-shaped ids, so a part
-- the organisers named otherwise in the programme editor could not be starred.
alter table agenda_favourites drop constraint agenda_favourites_part_id_check;
alter table agenda_favourites
  add constraint agenda_favourites_part_id_check check (part_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
