import { CHECKIN_AUDIT_KINDS, CHECKIN_MESSAGES, type CheckinFigures, type DoorStaffChange, type DoorStaffEntry } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { peopleSeenBy } from '../../kernel/people.ts';

/** A refusal to show the person as it is (an unknown e-mail address). */
export class DoorStaffRefused extends Error {}

/**
 * Makes the account with this e-mail door staff, or stops it, audited in the same transaction.
 * Shared by the console (organiser_set_door_staff) and `npm run organiser -- door-staff …`.
 */
export async function setDoorStaff(db: Db, email: string, grant: boolean, actor: Actor): Promise<DoorStaffChange> {
  return db.transaction(async (tx) => {
    const [person] = await tx.query<{ id: string; email: string; is_door_staff: boolean }>(
      `select seen.id::text as id, seen.email, exists (select 1 from door_staff d where d.user_id = seen.id) as is_door_staff
         from ${peopleSeenBy('organisers')} seen where lower(seen.email) = lower($1)`,
      [email.trim()],
    );
    if (!person) throw new DoorStaffRefused(CHECKIN_MESSAGES.unknownEmail);
    if (person.is_door_staff === grant) return { email: person.email, is_door_staff: grant, changed: false };
    if (grant) await tx.query('insert into door_staff (user_id, granted_by) values ($1, $2) on conflict (user_id) do nothing', [person.id, actor.label]);
    else await tx.query('delete from door_staff where user_id = $1', [person.id]);
    await recordAudit(tx, {
      actor,
      kind: grant ? CHECKIN_AUDIT_KINDS.doorStaffGranted : CHECKIN_AUDIT_KINDS.doorStaffRevoked,
      subject: person.email,
      before: { is_door_staff: !grant },
      after: { is_door_staff: grant },
    });
    return { email: person.email, is_door_staff: grant, changed: true };
  });
}

export async function listDoorStaff(db: Queryable): Promise<DoorStaffEntry[]> {
  const rows = await db.query<DoorStaffEntry>(
    `select seen.id::text as user_id, seen.email, seen.first_name, seen.last_name, d.granted_at, d.granted_by,
            (select count(*)::int from checkins c where c.recorded_by = d.user_id) as checkins
       from door_staff d join ${peopleSeenBy('organisers')} seen on seen.id = d.user_id
      order by lower(seen.email)`,
  );
  return rows.map((row) => ({ ...row, granted_at: new Date(row.granted_at).toISOString() }));
}

/** Who is checked in now: in all, per door (most first) and per hour in `timeZone` (oldest first). */
export async function checkinFigures(db: Queryable, timeZone: string): Promise<CheckinFigures> {
  const [row] = await db.query<{
    checked_in: number;
    registered: number;
    per_door: { door: string; count: number }[] | null;
    per_hour: { at: string; count: number }[] | null;
    generated_at: string;
  }>(
    `select (select count(*)::int from checkins) as checked_in,
            (select count(*)::int from users) as registered,
            (select json_agg(json_build_object('door', door, 'count', n) order by n desc, door)
               from (select door, count(*)::int as n from checkins group by door) d) as per_door,
            (select json_agg(json_build_object('at', at, 'count', n) order by at)
               from (select to_char(date_trunc('hour', checked_in_at at time zone $1), 'YYYY-MM-DD"T"HH24:MI') as at, count(*)::int as n
                       from checkins group by 1) h) as per_hour,
            now() as generated_at`,
    [timeZone],
  );
  if (!row) throw new Error('the figures query answered no row');
  return {
    checked_in: row.checked_in,
    registered: row.registered,
    per_door: row.per_door ?? [],
    per_hour: row.per_hour ?? [],
    generated_at: new Date(row.generated_at).toISOString(),
  };
}
