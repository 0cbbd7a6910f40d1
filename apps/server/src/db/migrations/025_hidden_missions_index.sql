-- Each read of a person's own marks on the mission list asks whether any mission is hidden (it
-- reads the hidden ones only then). Missions are seldom hidden: a partial index holding just those
-- answers at once instead of looking through every mission.
create index missions_hidden on missions (hidden_at) where hidden_at is not null;
