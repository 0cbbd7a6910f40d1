-- Voting rounds, continued (docs/product.md#voting-rounds, docs/decisions/028-vote-receipts.md):
-- a round may allow several votes of one person for the same mission, and the reveal of a result
-- is told under the bell to everyone who voted in the round or follows one of its missions.

-- 1. Several votes for one mission, when the round allows it. Each vote carries its round's rule,
-- and a foreign key on (round, rule) makes the copy always equal the round's: the partial unique
-- index then keeps "one vote per mission" exactly for the rounds that want it, in the database,
-- whatever the number of concurrent requests. Slots stay the key of a person's votes.
alter table vote_rounds add column allow_repeat_votes boolean not null default false;
alter table vote_rounds add constraint vote_rounds_rule_key unique (round_id, allow_repeat_votes);

alter table round_votes add column repeat_allowed boolean not null default false;
alter table round_votes drop constraint round_votes_round_id_fkey;
alter table round_votes add constraint round_votes_round_rule_fkey foreign key (round_id, repeat_allowed)
  references vote_rounds (round_id, allow_repeat_votes) on update cascade on delete cascade;
alter table round_votes drop constraint round_votes_pkey;
alter table round_votes drop constraint round_votes_round_id_user_id_slot_key;
alter table round_votes add constraint round_votes_pkey primary key (round_id, user_id, slot);
create unique index round_votes_one_per_mission on round_votes (round_id, user_id, mission_id) where not repeat_allowed;

-- 2. The bell learns of revealed results. Such an event is about a round, not one mission.
alter table mission_events alter column mission_id drop not null;
alter table mission_events add column round_id uuid references vote_rounds (round_id) on delete cascade;
alter table mission_events add constraint mission_events_subject_check check (mission_id is not null or round_id is not null);
alter table mission_events drop constraint mission_events_kind_check;
alter table mission_events add constraint mission_events_kind_check
  check (kind in ('mission_updated', 'member_added', 'member_removed', 'votes_milestone', 'mission_hidden', 'mission_unhidden',
                  'join_requested', 'invited_to_team', 'request_declined', 'round_revealed'));
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('mission_changed', 'team_changed', 'votes_milestone', 'added_to_team', 'removed_from_team', 'team_member_joined',
                  'mission_hidden', 'mission_unhidden', 'join_requested', 'invited_to_team', 'request_declined', 'round_revealed'));

-- A round's result is revealed: one event, and in the same statement one notification for each
-- person who voted in it or follows one of its missions (a visible one: hidden missions are never
-- in a round), never the organiser who revealed it.
create function record_round_revealed(p_round uuid, p_actor uuid) returns bigint
language plpgsql as $$
declare
  new_event bigint;
begin
  insert into mission_events (kind, round_id, actor_id) values ('round_revealed', p_round, p_actor)
  returning id into new_event;
  insert into notifications (user_id, event_id, kind, mail_pending)
  select told.user_id, new_event, 'round_revealed',
         exists (select 1 from notification_settings mail where mail.user_id = told.user_id and mail.email_digest <> 'off')
    from (
      select v.user_id from round_votes v where v.round_id = p_round
      union
      select f.user_id
        from vote_rounds r
        join missions m on m.hidden_at is null
         and (r.all_missions or exists (select 1 from vote_round_missions s where s.round_id = r.round_id and s.mission_id = m.mission_id))
        join mission_subscriptions f on f.mission_id = m.mission_id
       where r.round_id = p_round
    ) told
   where told.user_id is distinct from p_actor;
  return new_event;
end $$;
