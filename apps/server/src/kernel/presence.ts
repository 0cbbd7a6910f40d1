import type { Queryable } from '../db/db.ts';

/**
 * Whether a person is at the venue: checked in at a door (docs/product.md#check-in-at-the-door).
 * The one test a voting round or a poll limited to the people in the room asks; `userId` is an SQL
 * expression (a column or a parameter).
 */
export function checkedInSql(userId: string): string {
  return `exists (select 1 from checkins ci where ci.user_id = ${userId})`;
}

/** Whether this person is checked in now, as the database says. */
export async function isCheckedIn(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ here: boolean }>(`select ${checkedInSql('$1')} as here`, [userId]);
  return row?.here === true;
}
