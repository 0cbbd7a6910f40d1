import { FIT_POINTS, type FitParts } from '@mc/contract';
import { tagWords } from './words.ts';

/*
 * How well a person fits an open role (docs/product.md#matching): 3 points for each wanted skill
 * whose every word the person wrote somewhere in their profile, 2 when the role wants the
 * person's archetype, 1 when the mission's objective is the person's higher objective. Nothing
 * else counts, so the explanation line says the whole reason.
 */

/** "Not sure yet" is an answer, not an objective two people share. */
const NO_OBJECTIVE = 'Not sure yet';

export interface ProfileForFit {
  words: ReadonlySet<string>;
  archetype: string | null;
  objective: string | null;
}

export interface RoleForFit {
  skills: readonly string[];
  archetype: string | null;
  /** The mission's objective or focus. */
  objective: string | null;
}

export function profileForFit(row: { match_words: string[] | null; role_archype: string | null; high_objective: string | null }): ProfileForFit {
  return { words: new Set(row.match_words ?? []), archetype: row.role_archype, objective: row.high_objective };
}

export function fitOf(profile: ProfileForFit, role: RoleForFit): FitParts {
  const matched = role.skills.filter((tag) => {
    const words = tagWords(tag);
    return words.length > 0 && words.every((word) => profile.words.has(word));
  });
  const archetype = role.archetype !== null && role.archetype === profile.archetype ? role.archetype : null;
  const objective = role.objective !== null && role.objective !== NO_OBJECTIVE && role.objective === profile.objective ? role.objective : null;
  const score = matched.length * FIT_POINTS.skill + (archetype ? FIT_POINTS.archetype : 0) + (objective ? FIT_POINTS.objective : 0);
  return { score, wanted_skills: [...role.skills], matched_skills: matched, archetype, objective };
}

/**
 * The same fit in SQL, for ranking in the database: role `r` of mission `m` against a profile's
 * words, archetype and higher objective (SQL expressions). `lateral` goes after the FROM items
 * that name `r` and `m`; `columns` are those of FitParts plus `share` (the part of the wanted
 * skills found), which breaks ties.
 */
export function fitSql(words: string, archetype: string, objective: string): { lateral: string; columns: string } {
  const matched = `array(select wanted.tag from unnest(r.skills, r.skill_words) with ordinality as wanted(tag, words, at)
                          where wanted.words <> '' and string_to_array(wanted.words, ' ') <@ ${words} order by wanted.at)`;
  const archetypeMatch = `coalesce(r.archetype = ${archetype}, false)`;
  const objectiveMatch = `coalesce(m.objective_or_focus <> '${NO_OBJECTIVE}' and m.objective_or_focus = ${objective}, false)`;
  return {
    lateral: `cross join lateral (select ${matched} as matched_skills, ${archetypeMatch} as archetype, ${objectiveMatch} as objective) fit`,
    columns: `r.skills as wanted_skills, fit.matched_skills,
      case when fit.archetype then r.archetype end as archetype,
      case when fit.objective then m.objective_or_focus end as objective,
      (${FIT_POINTS.skill} * cardinality(fit.matched_skills) + ${FIT_POINTS.archetype} * fit.archetype::int
        + ${FIT_POINTS.objective} * fit.objective::int) as score,
      cardinality(fit.matched_skills)::float8 / greatest(cardinality(r.skills), 1) as share`,
  };
}
