-- A question becomes a mission (docs/product.md#missions-from-questions,
-- docs/decisions/059-missions-from-questions.md). The link is a table of its own, so the missions
-- table, its list revision (migration 024) and the mission list's cached rows keep their shape.
-- One row per mission: the question it was started from and that question's part (kept here so a
-- part's "Missions started here" is one indexed count). A mission deleted takes its link with it;
-- a question deleted (its asker's account deleted) leaves the mission, unlinked.
create table question_missions (
  mission_id uuid primary key references missions (mission_id) on delete cascade,
  question_id uuid references questions (question_id) on delete set null,
  part_id text not null check (part_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  started_by uuid references users (id) on delete set null,
  started_at timestamptz not null default now()
);
create index question_missions_part_idx on question_missions (part_id);
create index question_missions_question_idx on question_missions (question_id);

-- The bell tells the asker and the upvoters: one mission event (the mission, who started it, the
-- question in its data), and one notification per person, written by one INSERT … SELECT.
alter table mission_events drop constraint mission_events_kind_check;
alter table mission_events add constraint mission_events_kind_check
  check (kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'mission_hidden', 'mission_unhidden',
                  'join_requested', 'invited_to_team', 'request_declined', 'round_revealed', 'update_posted', 'question_became_mission'));
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined',
                  'round_revealed', 'programme_changed', 'announcement', 'session_reminder', 'feedback_requested', 'mission_update',
                  'question_became_mission'));
