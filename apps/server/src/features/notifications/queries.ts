import type { NotificationItem, NotificationKind, PartChange } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { accountLanguage, type ServerLanguage } from '../../i18n/language.ts';
import { missionVisibleSql } from '../../kernel/visibility.ts';
import { isOwnerSql } from '../../kernel/members.ts';
import { describeNotification } from './texts.ts';

/**
 * Notifications as their readers may see them, read in one query for one person (the bell) or
 * for a batch of people (the digest). A notification stores no names: the mission, who acted
 * and who joined are read now, and only when the reader may see the mission today (the missions'
 * own visibility rule), so a mission hidden after the event is never named to an outsider, and
 * nobody's e-mail address is ever read here.
 */

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  event_kind: string;
  created_at: string;
  read: boolean;
  mission_id: string | null;
  mission_name: string | null;
  actor_name: string | null;
  person_name: string | null;
  fields: string[] | null;
  milestone: number | null;
  reason: string | null;
  update_title: string | null;
  question_body: string | null;
  question_mine: boolean;
  role: string | null;
  request_kind: string | null;
  proposal_owners: string | null;
  proposal_skills: string | null;
  request_id: string | null;
  round_id: string | null;
  round_name: string | null;
  can_leave: boolean;
  /** A programme change alert: the version's note, and the changes of the reader's starred parts. */
  programme_note: string | null;
  programme_changes: PartChange[] | null;
  /** An announcement's title and text. */
  announcement_title: string | null;
  announcement_body: string | null;
  /** A session reminder: the parts as the published programme has them now. */
  reminder_parts: { id?: string; title: string; startTime: string; room?: string }[] | null;
  /** A mission's check-in: its day (30, 60 or 90). */
  checkin_day: number | null;
  /** How many notifications matched for this reader (the digest's "and N more"). */
  matched: number;
  /** The language of the reader's account, read only when the texts are written in it. */
  reader_language?: string | null;
}

/** A person's full name as others see it (people_shown `alias`, migration 019), or null. */
const fullName = (alias: string) => `nullif(btrim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

/**
 * A mission started from a question by its own asker, who asked it anonymously (or stays anonymous):
 * the bell does not name who started it, so the question is never tied to the asker's name.
 */
const ANONYMOUS_ASKER_STARTED = `(e.kind = 'question_became_mission' and exists (
  select 1 from questions asked join people_shown asker on asker.id = asked.asked_by
   where asked.question_id = (e.data->>'question')::uuid and asked.asked_by = e.actor_id and (asked.anonymous or asker.anonymous)))`;

/** The reader's account language, for the texts pushed or mailed to them. */
const READER_LANGUAGE = `(select reader.user_metadata->>'language' from users reader where reader.id = n.user_id) as reader_language,`;

/**
 * The rows of `where` (on notifications `n`, parameters from $1), newest first, at most `perReader`
 * per reader, with each reader's account language when `withLanguage`. Organisers who hid or
 * unhid a mission are never named: the text says "the organisers".
 */
function notificationsSql(where: string, perReader: number, withLanguage: boolean): string {
  return `
    select * from (
      select n.id::text as id, n.user_id, n.kind, coalesce(e.kind, 'programme_published') as event_kind,
             coalesce(e.created_at, n.created_at) as created_at, n.read_at is not null as read,
             case when seen.ok then m.mission_id end as mission_id,
             case when seen.ok then m.name end as mission_name,
             case when seen.ok and e.kind not in ('mission_hidden', 'mission_unhidden') and not ${ANONYMOUS_ASKER_STARTED} then ${fullName('actor')} end as actor_name,
             case when seen.ok then ${fullName('person')} end as person_name,
             case when jsonb_typeof(e.data->'fields') = 'array' then array(select jsonb_array_elements_text(e.data->'fields')) end as fields,
             (e.data->>'milestone')::int as milestone,
             case when seen.ok then e.data->>'reason' end as reason,
             -- An update's title as it reads now: none once it is deleted or hidden.
             (select posted.title from mission_updates posted
               where seen.ok and e.kind = 'update_posted' and posted.update_id = (e.data->>'update')::uuid and posted.hidden_at is null) as update_title,
             -- A mission started from a question: the question as everyone sees it now (none once hidden),
             -- and whether the reader asked it. The asker is never named here.
             (select asked.body from questions asked
               where seen.ok and e.kind = 'question_became_mission' and asked.question_id = (e.data->>'question')::uuid and asked.state = 'visible') as question_body,
             e.kind = 'question_became_mission' and exists (
               select 1 from questions asked where asked.question_id = (e.data->>'question')::uuid and asked.asked_by = n.user_id
             ) as question_mine,
             case when seen.ok then e.data->>'role' end as role,
             e.data->>'request_kind' as request_kind,
             case when seen.ok then e.data->>'proposal_owners' end as proposal_owners,
             case when seen.ok then e.data->>'proposal_skills' end as proposal_skills,
             e.round_id, round.name as round_name,
             (select open_request.request_id from team_requests open_request
               where n.kind in ('join_requested', 'invited_to_team') and seen.ok
                 and open_request.request_id = (e.data->>'request')::uuid and open_request.status = 'open') as request_id,
             n.kind = 'added_to_team' and exists (
               select 1 from mission_members still where still.mission_id = e.mission_id and still.user_id = n.user_id and not ${isOwnerSql('still')}
             ) as can_leave,
             v.note as programme_note,
             case when v.version is not null then
               (select coalesce(jsonb_agg(change order by ordinality), '[]'::jsonb)
                  from jsonb_array_elements(v.changes) with ordinality as listed(change, ordinality)
                 where change->>'partId' = any(n.parts)) end as programme_changes,
             a.title as announcement_title, a.body as announcement_body,
             case when n.kind in ('session_reminder', 'feedback_requested') then
               (select jsonb_agg(part order by part->>'startTime')
                  from programme_versions newest
                  cross join lateral jsonb_array_elements(newest.document->'agenda') as session
                  cross join lateral jsonb_array_elements(session->'parts') as part
                 where newest.version = (select max(version) from programme_versions) and part->>'id' = any(n.parts)) end as reminder_parts,
             n.checkin_day,
             count(*) over (partition by n.user_id)::int as matched,
             ${withLanguage ? READER_LANGUAGE : ''}
             row_number() over (partition by n.user_id order by n.id desc) as place
        -- The reader's rows first (OFFSET 0 keeps the planner from joining everyone's notifications
        -- to the people and missions before it filters): a bell is about 20 rows, whatever the table holds.
        from (select * from notifications n where ${where} offset 0) n
        left join mission_events e on e.id = n.event_id
        -- A check-in names its mission itself: nobody acted, so there is no event.
        left join missions m on m.mission_id = coalesce(e.mission_id, n.mission_id)
        left join vote_rounds round on round.round_id = e.round_id
        -- A programme change alert or a revealed result has no mission: nothing of one is shown with it.
        cross join lateral (select m.mission_id is not null and ${missionVisibleSql('m', 'n.user_id')} as ok) seen
        left join programme_versions v on v.version = n.programme_version
        left join announcements a on a.id = n.announcement_id
        left join people_shown actor on actor.id = e.actor_id
        left join people_shown person on person.id = e.subject_id
    ) listed
    where place <= ${perReader}
    order by user_id, id::bigint desc`;
}

export interface ReaderNotifications {
  items: NotificationItem[];
  matched: number;
}

function toItem(row: NotificationRow, language: ServerLanguage): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    text: describeNotification(
      {
        ...row,
        fields: row.fields ?? [],
        programme_changes: row.programme_changes ?? [],
        reminder_parts: row.reminder_parts ?? [],
      },
      language,
    ),
    created_at: row.created_at,
    read: row.read,
    mission_id: row.mission_id,
    can_leave: row.can_leave,
    request_id: row.request_id,
    round_id: row.round_id,
    // A request for feedback leads to its part (when the programme still has it).
    ...(row.kind === 'feedback_requested' ? { part_id: row.reminder_parts?.[0]?.id ?? null } : {}),
    // A check-in leads to its form (while its reader may see the mission).
    ...(row.kind === 'mission_checkin' || row.kind === 'mission_checkin_reminder' ? { checkin_day: row.mission_id ? row.checkin_day : null } : {}),
  };
}

/**
 * Notifications matching `where` (on `n`, parameters from $1), grouped by reader, their texts in
 * `language` (what a caller reads for themselves: their request's language) or, without one, in
 * each reader's account language (what is pushed or mailed to them).
 */
export async function readNotifications(
  db: Queryable,
  where: string,
  params: unknown[],
  perReader: number,
  language?: ServerLanguage,
): Promise<Map<string, ReaderNotifications>> {
  const rows = await db.query<NotificationRow>(notificationsSql(where, perReader, language === undefined), params);
  const byReader = new Map<string, ReaderNotifications>();
  for (const row of rows) {
    let entry = byReader.get(row.user_id);
    if (!entry) {
      entry = { items: [], matched: row.matched };
      byReader.set(row.user_id, entry);
    }
    entry.items.push(toItem(row, language ?? accountLanguage(row.reader_language)));
  }
  return byReader;
}
