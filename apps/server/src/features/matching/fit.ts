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
 * Best first: the higher score, then the larger share of wanted skills found, then the given
 * tie-break (names and ids), so the same data always gives the same order.
 */
export function compareFits(a: FitParts, b: FitParts): number {
  if (a.score !== b.score) return b.score - a.score;
  const share = (fit: FitParts) => (fit.wanted_skills.length ? fit.matched_skills.length / fit.wanted_skills.length : 0);
  return share(b) - share(a);
}
