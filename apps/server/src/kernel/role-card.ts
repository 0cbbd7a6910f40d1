import type { RoleCard } from '@mc/contract';
import type { Queryable } from '../db/db.ts';
import { emailSeenBySql, teammatesSql } from './members.ts';
import { anonymitySql } from './people.ts';
import { missionVisibleSql } from './visibility.ts';

/**
 * THE rule for who may read the role card of users `owner` (docs/product.md#role-card); every
 * place that shows a card or ranks people by their profile asks this, and nothing else:
 * the person themselves and their teammates always; everyone signed in when the person left the
 * card open to everyone, except that someone who stays anonymous for the surveys counts as "only
 * teammates" until they have chosen explicitly.
 */
export function roleCardVisibleSql(owner: string, viewer: string): string {
  return `(${owner}.id = ${viewer}
    or ${teammatesSql(owner, viewer)}
    or exists (select 1 from role_profiles open_card
                where open_card.user_id = ${owner}.id and open_card.card_visibility = 'everyone'
                  and (open_card.card_visibility_chosen_at is not null or ${anonymitySql(owner)} <> 'anonymous')))`;
}

/**
 * `ownerId`'s role card as `viewerId` may read it, or null. Names, e-mail and mobile come from
 * people_shown (migrations 019 and 027): a person who stays anonymous is "Anonymous attendee" on their card
 * too, without contact details, even to their teammates. The e-mail follows emailSeenBySql; the
 * mobile number only ever shows to the person and their teammates. The account page's preview asks this with
 * a viewer who is nobody's teammate, so it shows exactly what such an attendee gets.
 */
export async function roleCardSeenBy(db: Queryable, ownerId: string, viewerId: string): Promise<RoleCard | null> {
  const [card] = await db.query<RoleCard>(
    `select u.id as user_id, shown.first_name, shown.last_name, p.role_title, p.role_archype, p.high_objective, p.intention,
            p.skills_and_resources, p.knowledge_and_experience, p.community_need, p.contribution,
            coalesce((select json_agg(json_build_object('mission_id', m.mission_id, 'name', m.name, 'role_in_team', mm.role_in_team)
                                       order by mm.added_at, m.mission_id)
                        from mission_members mm join missions m on m.mission_id = mm.mission_id
                       where mm.user_id = u.id and ${missionVisibleSql('m', '$2')}), '[]'::json) as missions,
            nullif(${emailSeenBySql('shown', '$2')}, '') as email,
            case when (u.id = $2 or ${teammatesSql('u', '$2')}) and not shown.anonymous then shown.mobile end as mobile,
            (u.id = $2 or ${teammatesSql('u', '$2')}) as teammate
       from users u join people_shown shown on shown.id = u.id join role_profiles p on p.user_id = u.id
      where u.id = $1 and ${roleCardVisibleSql('u', '$2')}`,
    [ownerId, viewerId],
  );
  return card ?? null;
}
