import { BUILDER_TIME_BUDGET_MS, FIT_MIN_SKILLS, type BuilderPlacement, type BuilderUnplaced, type TeamBuilderProposal } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { acceptsAdditionsSql } from '../../kernel/events.ts';
import { roleCardVisibleSql } from '../../kernel/role-card.ts';
import { roleOpenSql } from '../../kernel/open-roles.ts';
import { solveAssignment } from './assignment.ts';
import { fitOf, profileForFit, type ProfileForFit } from './fit.ts';
import { refreshMatchWords, tagWords } from './words.ts';

/*
 * The team builder's proposal (docs/product.md#team-builder): who of the attendees on no team
 * would go to which open role. Only people the builder may propose take part: with a role
 * profile, on no team, accepting being added by others and sharing their card with everyone.
 * A person is never proposed for a mission where a request between them was declined, nor for a
 * role they already have an open request or invitation for.
 */

/** Each person considers this many of their best-fitting roles; it bounds the solver's graph. */
export const ROLES_PER_PERSON = 25;

/** Who the builder may propose, on users `u` (a card open to everyone is readable by a viewer who is nobody). */
export const PLACEABLE_SQL = `not exists (select 1 from mission_members on_team where on_team.user_id = u.id)
  and ${acceptsAdditionsSql('u')} and coalesce(${roleCardVisibleSql('u', 'null::uuid')}, false)`;

interface Person {
  user_id: string;
  first_name: string;
  last_name: string;
  match_words: string[] | null;
  role_archype: string | null;
  high_objective: string | null;
}

interface Role {
  role_id: string;
  role_title: string;
  mission_id: string;
  mission_name: string;
  skills: string[];
  archetype: string | null;
  objective: string;
  free: number;
}

async function loadPeople(db: Queryable): Promise<Person[]> {
  return db.query<Person>(
    `select u.id as user_id, shown.first_name, shown.last_name, p.match_words, p.role_archype, p.high_objective
       from role_profiles p join users u on u.id = p.user_id join people_shown shown on shown.id = u.id
      where ${PLACEABLE_SQL}
      order by u.id`,
  );
}

/** Open roles of visible missions with their free places: places less members and open invitations. */
async function loadRoles(db: Queryable): Promise<Role[]> {
  return db.query<Role>(
    `select * from (
       select r.role_id, r.title as role_title, m.mission_id, m.name as mission_name, r.skills, r.archetype,
              m.objective_or_focus as objective,
              r.places - (select count(*) from mission_members taken where taken.role_id = r.role_id)::int
                       - (select count(*) from team_requests asked where asked.role_id = r.role_id and asked.status = 'open'
                            and asked.kind = 'invite')::int as free
         from mission_roles r join missions m on m.mission_id = r.mission_id
        where ${roleOpenSql('r')} and m.hidden_at is null) roles
      where free > 0
      order by mission_name, role_id`,
  );
}

/** Pairs that must not be proposed: declined between person and mission, or already open for the role. */
async function loadRefusals(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(
    `select user_id || ':' || mission_id as key from team_requests where status = 'declined'
     union select user_id || ':' || role_id from team_requests where status = 'open'`,
  );
  return new Set(rows.map((row) => row.key));
}

/** For each role, the roles a profile could fit: those sharing a word, the archetype or the objective. */
function candidateIndex(roles: Role[]) {
  const byWord = new Map<string, number[]>();
  const byArchetype = new Map<string, number[]>();
  const byObjective = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, role: number) => {
    const list = map.get(key);
    if (list) {
      if (list[list.length - 1] !== role) list.push(role);
    } else map.set(key, [role]);
  };
  roles.forEach((role, index) => {
    for (const tag of role.skills) for (const word of tagWords(tag)) add(byWord, word, index);
    if (role.archetype) add(byArchetype, role.archetype, index);
    add(byObjective, role.objective, index);
  });
  return (profile: ProfileForFit): Set<number> => {
    const found = new Set<number>();
    for (const word of profile.words) for (const role of byWord.get(word) ?? []) found.add(role);
    for (const role of (profile.archetype && byArchetype.get(profile.archetype)) || []) found.add(role);
    for (const role of (profile.objective && byObjective.get(profile.objective)) || []) found.add(role);
    return found;
  };
}

type Fit = ReturnType<typeof fitOf>;

/** Each person's allowed roles that fit (a wanted skill written), their best ROLES_PER_PERSON only. */
function scorePairs(
  people: Person[],
  roles: Role[],
  refusals: Set<string>,
): { pairs: { person: number; role: number; fit: number }[]; fits: Map<string, Fit> } {
  const candidates = candidateIndex(roles);
  const pairs: { person: number; role: number; fit: number }[] = [];
  const fits = new Map<string, Fit>();
  people.forEach((person, personIndex) => {
    const profile = profileForFit(person);
    const scored: { role: number; fit: Fit }[] = [];
    for (const roleIndex of candidates(profile)) {
      const role = roles[roleIndex];
      if (!role || refusals.has(`${person.user_id}:${role.mission_id}`) || refusals.has(`${person.user_id}:${role.role_id}`)) continue;
      const fit = fitOf(profile, role);
      if (fit.matched_skills.length >= FIT_MIN_SKILLS) scored.push({ role: roleIndex, fit });
    }
    scored.sort((a, b) => b.fit.score - a.fit.score || a.role - b.role);
    for (const { role, fit } of scored.slice(0, ROLES_PER_PERSON)) {
      pairs.push({ person: personIndex, role, fit: fit.score });
      fits.set(`${personIndex}:${role}`, fit);
    }
  });
  return { pairs, fits };
}

export async function proposePlacements(db: Queryable, budgetMs = BUILDER_TIME_BUDGET_MS): Promise<TeamBuilderProposal> {
  const started = performance.now();
  await refreshMatchWords(db);
  const people = await loadPeople(db);
  const roles = await loadRoles(db);
  const { pairs, fits } = scorePairs(people, roles, await loadRefusals(db));
  const spent = performance.now() - started;
  const solved = solveAssignment({ people: people.length, capacities: roles.map((role) => role.free), pairs, budgetMs: Math.max(0, budgetMs - spent) });

  const hasPairs = new Set(pairs.map((pair) => pair.person));
  const placements: BuilderPlacement[] = [];
  const unplaced: BuilderUnplaced[] = [];
  people.forEach((person, index) => {
    const shown = { user_id: person.user_id, first_name: person.first_name, last_name: person.last_name };
    const roleIndex = solved.roleOf[index] ?? -1;
    const role = roles[roleIndex];
    const fit = fits.get(`${index}:${roleIndex}`);
    if (role && fit) {
      const placed = { role_id: role.role_id, role_title: role.role_title, mission_id: role.mission_id, mission_name: role.mission_name };
      placements.push({ ...shown, ...placed, ...fit });
    } else {
      const reason = !hasPairs.has(index) ? 'noFit' : index >= solved.reached ? 'stoppedEarly' : 'rolesFull';
      unplaced.push({ ...shown, reason });
    }
  });
  placements.sort((a, b) => a.mission_name.localeCompare(b.mission_name) || a.role_title.localeCompare(b.role_title) || b.score - a.score);
  return {
    placements,
    unplaced,
    total_fit: solved.totalFit,
    stopped_early: solved.stoppedEarly,
    elapsed_ms: Math.round(performance.now() - started),
  };
}
