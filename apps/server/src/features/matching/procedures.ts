import { FIT_MIN_SKILLS, MATCHING_MESSAGES, type MissionFit, type PersonFit } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import { acceptsAdditionsSql } from '../../kernel/events.ts';
import { roleCardVisibleSql } from '../../kernel/role-card.ts';
import { isMissionOwner, roleOpenSql } from '../../kernel/open-roles.ts';
import { fitSql } from './fit.ts';
import { refreshMatchWords } from './words.ts';

/*
 * Who fits which open role (docs/product.md#matching): the missions that need an attendee, and
 * the people who fit a mission's open role. The words' GIN indexes narrow the candidates; the
 * database scores and ranks them (features/matching/fit.ts says the rule, in TypeScript and SQL).
 */

const DEFAULT_LIMIT = 5;

/** A request that was turned down, either way, between a person and a mission: neither is offered the other again. */
function refusedSql(person: string, mission: string): string {
  return `exists (select 1 from team_requests refused where refused.user_id = ${person} and refused.mission_id = ${mission}
                   and refused.status = 'declined')`;
}

/*
 * A role fits only with a wanted skill the person wrote (FIT_MIN_SKILLS), so candidates are those
 * sharing a word. Both lists rank every candidate by its fit first (array work, no lookups) in a subquery kept
 * apart by "offset 0"; the checks that need lookups (is the role full, may this person be shown)
 * then run on candidates in that order only until the list is full.
 */

export const matchingProcedures = {
  /**
   * The open roles that fit the caller's role profile best, with their missions. Never a hidden
   * mission, a closed or full role, a mission the caller is on, or one that turned them down.
   */
  get_missions_for_me: procedure('get_missions_for_me', async (params, ctx) => {
    await refreshMatchWords(ctx.db);
    const [me] = await ctx.db.query<{ words: string[] | null; archetype: string | null; objective: string | null }>(
      'select match_words as words, role_archype as archetype, high_objective as objective from role_profiles where user_id = $1',
      [ctx.userId],
    );
    if (!me) return { has_profile: false, missions: [] };
    const fit = fitSql('$2::text[]', '$3', '$4');
    const missions = await ctx.db.query<MissionFit>(
      `select ranked.role_id, ranked.role_title, ranked.mission_id, ranked.mission_name, ranked.places,
              (select count(*)::int from mission_members taken where taken.role_id = ranked.role_id) as filled,
              exists (select 1 from team_requests pending where pending.role_id = ranked.role_id and pending.user_id = $1
                        and pending.status = 'open') as pending,
              ranked.wanted_skills, ranked.matched_skills, ranked.archetype, ranked.objective, ranked.score
         from (select r.role_id, r.title as role_title, m.mission_id, m.name as mission_name, r.places, ${fit.columns}
                 from mission_roles r join missions m on m.mission_id = r.mission_id ${fit.lateral}
                where r.match_words && $2::text[] and r.closed_at is null and m.hidden_at is null
                order by score desc, share desc, m.name, r.role_id
               offset 0) ranked
        where cardinality(ranked.matched_skills) >= ${FIT_MIN_SKILLS}
          and (select count(*) from mission_members taken where taken.role_id = ranked.role_id) < ranked.places
          and not exists (select 1 from mission_members mine where mine.mission_id = ranked.mission_id and mine.user_id = $1)
          and not ${refusedSql('$1', 'ranked.mission_id')}
        order by ranked.score desc, ranked.share desc, ranked.mission_name, ranked.role_id
        limit $5`,
      [ctx.userId, me.words ?? [], me.archetype, me.objective, params.p_limit ?? DEFAULT_LIMIT],
    );
    return { has_profile: true, missions };
  }),

  /**
   * For a mission's owners: the attendees who fit one of its open roles, best first, among those
   * whose role card the owner may read and who accept being added to teams. People on no team come
   * before people already on one when they fit as well.
   */
  get_people_for_role: procedure('get_people_for_role', async (params, ctx) => {
    await refreshMatchWords(ctx.db);
    const [role] = await ctx.db.query<{ mission_id: string; open: boolean }>(
      `select r.mission_id, ${roleOpenSql('r')} and m.hidden_at is null as open
         from mission_roles r join missions m on m.mission_id = r.mission_id where r.role_id = $1`,
      [params.p_role_id],
    );
    if (!role) throw businessError(MATCHING_MESSAGES.roleClosed);
    if (!(await isMissionOwner(ctx.db, role.mission_id, ctx.userId))) throw forbidden(MATCHING_MESSAGES.notOwner);
    if (!role.open) throw businessError(MATCHING_MESSAGES.roleClosed);
    const fit = fitSql('p.match_words', 'p.role_archype', 'p.high_objective');
    return ctx.db.query<PersonFit>(
      `select top.user_id, shown.first_name, shown.last_name, top.role_title, top.no_team,
              exists (select 1 from team_requests pending where pending.role_id = $1 and pending.user_id = top.user_id
                        and pending.status = 'open') as pending,
              top.wanted_skills, top.matched_skills, top.archetype, top.objective, top.score
         from (select ranked.* from (
                 select p.user_id, p.role_title, ${fit.columns},
                        not exists (select 1 from mission_members any_team where any_team.user_id = p.user_id) as no_team
                   from mission_roles r join missions m on m.mission_id = r.mission_id
                   join role_profiles p on p.match_words && r.match_words
                   ${fit.lateral}
                  where r.role_id = $1
                  order by score desc, share desc, no_team desc, p.user_id
                 offset 0) ranked
                 join users u on u.id = ranked.user_id
                where cardinality(ranked.matched_skills) >= ${FIT_MIN_SKILLS} and ${roleCardVisibleSql('u', '$2')} and ${acceptsAdditionsSql('u')}
                  and not exists (select 1 from mission_members theirs where theirs.mission_id = $3 and theirs.user_id = u.id)
                  and not ${refusedSql('u.id', '$3')}
                order by ranked.score desc, ranked.share desc, ranked.no_team desc, ranked.user_id
                limit $4) top
         join people_shown shown on shown.id = top.user_id
        order by top.score desc, top.share desc, top.no_team desc, top.user_id`,
      [params.p_role_id, ctx.userId, role.mission_id, params.p_limit ?? DEFAULT_LIMIT * 2],
    );
  }),
};
