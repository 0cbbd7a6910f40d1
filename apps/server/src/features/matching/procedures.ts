import { MATCHING_MESSAGES, type MissionFit, type PersonFit } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import { acceptsAdditionsSql } from '../notifications/events.ts';
import { roleCardVisibleSql } from '../profiles/role-card.ts';
import { isMissionOwner, roleOpenSql } from '../roles/queries.ts';
import { compareFits, fitOf, profileForFit } from './fit.ts';
import { refreshMatchWords } from './words.ts';

/*
 * Who fits which open role (docs/product.md#matching): the missions that need an attendee, and
 * the people who fit a mission's open role. The database narrows the candidates (open roles of
 * visible missions, people who may be shown and invited) with the words' GIN indexes; the fit is
 * scored here, where the explanation is made.
 */

const DEFAULT_LIMIT = 5;

interface CandidateRole {
  role_id: string;
  role_title: string;
  mission_id: string;
  mission_name: string;
  skills: string[];
  archetype: string | null;
  objective: string;
  places: number;
  filled: number;
  pending: boolean;
}

interface CandidatePerson {
  user_id: string;
  first_name: string;
  last_name: string;
  role_title: string;
  role_archype: string | null;
  high_objective: string | null;
  match_words: string[] | null;
  no_team: boolean;
  pending: boolean;
}

/** A request that was turned down, either way, between a person and a mission: neither is offered the other again. */
function refusedSql(person: string, mission: string): string {
  return `exists (select 1 from team_requests refused where refused.user_id = ${person} and refused.mission_id = ${mission}
                   and refused.status = 'declined')`;
}

export const matchingProcedures = {
  /**
   * The open roles that fit the caller's role profile best, with their missions. Never a hidden
   * mission, a closed or full role, a mission the caller is on, or one that turned them down.
   */
  get_missions_for_me: procedure('get_missions_for_me', async (params, ctx) => {
    await refreshMatchWords(ctx.db);
    const [me] = await ctx.db.query<{ match_words: string[] | null; role_archype: string | null; high_objective: string | null }>(
      'select match_words, role_archype, high_objective from role_profiles where user_id = $1',
      [ctx.userId],
    );
    if (!me) return { has_profile: false, missions: [] };
    const profile = profileForFit(me);
    const roles = await ctx.db.query<CandidateRole>(
      `select r.role_id, r.title as role_title, m.mission_id, m.name as mission_name, r.skills, r.archetype,
              m.objective_or_focus as objective, r.places,
              (select count(*)::int from mission_members taken where taken.role_id = r.role_id) as filled,
              exists (select 1 from team_requests pending where pending.role_id = r.role_id and pending.user_id = $1
                        and pending.status = 'open') as pending
         from mission_roles r join missions m on m.mission_id = r.mission_id
        where (r.match_words && $2::text[] or r.archetype = $3 or m.objective_or_focus = $4)
          and ${roleOpenSql('r')} and m.hidden_at is null
          and not exists (select 1 from mission_members mine where mine.mission_id = m.mission_id and mine.user_id = $1)
          and not ${refusedSql('$1', 'm.mission_id')}`,
      [ctx.userId, [...profile.words], profile.archetype, profile.objective],
    );
    const fits: MissionFit[] = [];
    for (const role of roles) {
      const fit = fitOf(profile, { skills: role.skills, archetype: role.archetype, objective: role.objective });
      if (fit.score === 0) continue;
      const { role_id, role_title, mission_id, mission_name, places, filled, pending } = role;
      fits.push({ role_id, role_title, mission_id, mission_name, places, filled, pending, ...fit });
    }
    fits.sort((a, b) => compareFits(a, b) || a.mission_name.localeCompare(b.mission_name) || a.role_id.localeCompare(b.role_id));
    return { has_profile: true, missions: fits.slice(0, params.p_limit ?? DEFAULT_LIMIT) };
  }),

  /**
   * For a mission's owners: the attendees who fit one of its open roles, best first, among those
   * whose role card the owner may read and who accept being added to teams. People on no team come
   * before people already on one when they fit as well.
   */
  get_people_for_role: procedure('get_people_for_role', async (params, ctx) => {
    await refreshMatchWords(ctx.db);
    const [role] = await ctx.db.query<{ mission_id: string; skills: string[]; archetype: string | null; objective: string; open: boolean }>(
      `select r.mission_id, r.skills, r.archetype, m.objective_or_focus as objective, ${roleOpenSql('r')} and m.hidden_at is null as open
         from mission_roles r join missions m on m.mission_id = r.mission_id where r.role_id = $1`,
      [params.p_role_id],
    );
    if (!role) throw businessError(MATCHING_MESSAGES.roleClosed);
    if (!(await isMissionOwner(ctx.db, role.mission_id, ctx.userId))) throw forbidden(MATCHING_MESSAGES.notOwner);
    if (!role.open) throw businessError(MATCHING_MESSAGES.roleClosed);
    const people = await ctx.db.query<CandidatePerson>(
      `select u.id as user_id, shown.first_name, shown.last_name, p.role_title, p.role_archype, p.high_objective, p.match_words,
              not exists (select 1 from mission_members any_team where any_team.user_id = u.id) as no_team,
              exists (select 1 from team_requests pending where pending.role_id = $1 and pending.user_id = u.id
                        and pending.status = 'open') as pending
         from role_profiles p join users u on u.id = p.user_id join people_shown shown on shown.id = u.id
         cross join (select skills_words.match_words as words from mission_roles skills_words where skills_words.role_id = $1) wanted
        where (p.match_words && wanted.words or p.role_archype = $3 or p.high_objective = $4)
          and ${roleCardVisibleSql('u', '$2')} and ${acceptsAdditionsSql('u')}
          and not exists (select 1 from mission_members theirs where theirs.mission_id = $5 and theirs.user_id = u.id)
          and not ${refusedSql('u.id', '$5')}`,
      [params.p_role_id, ctx.userId, role.archetype, role.objective, role.mission_id],
    );
    const wanted = { skills: role.skills, archetype: role.archetype, objective: role.objective };
    const fits: PersonFit[] = [];
    for (const person of people) {
      const fit = fitOf(profileForFit(person), wanted);
      if (fit.score === 0) continue;
      const { user_id, first_name, last_name, role_title, no_team, pending } = person;
      fits.push({ user_id, first_name, last_name, role_title, no_team, pending, ...fit });
    }
    fits.sort(
      (a, b) =>
        compareFits(a, b) ||
        Number(b.no_team) - Number(a.no_team) ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name) ||
        a.user_id.localeCompare(b.user_id),
    );
    return fits.slice(0, params.p_limit ?? DEFAULT_LIMIT * 2);
  }),
};
