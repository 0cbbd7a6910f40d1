-- Missions: the indexes the mission procedures lean on.
-- get_all_missions lists newest first.
create index if not exists missions_created_at_idx on missions (created_at desc, mission_id);
-- Deleting a user cascades to their votes and subscriptions; without these that is a full scan
-- (the primary keys lead with mission_id, which serves the per-mission counts).
create index if not exists mission_votes_user_idx on mission_votes (user_id);
create index if not exists mission_subscriptions_user_idx on mission_subscriptions (user_id);
