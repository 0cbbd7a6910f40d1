import type { Queryable } from '../../db/db.ts';

/*
 * The words matching compares (docs/decisions/033-matching-and-the-team-builder.md): Unicode word
 * segmentation (ICU's, through Intl.Segmenter, which splits Thai, Japanese or Chinese without
 * spaces too), then folded so that spelling variants meet: compatibility forms, lower case, and
 * without the marks that do not take space (accents, Arabic vowel signs). The same text always
 * gives the same words, whatever language it is written in.
 */

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
/**
 * Accents on Latin, Greek and Cyrillic letters, and the vowel signs of Arabic and Hebrew, which
 * writers often leave out. Marks of other scripts (Thai, Devanagari, Japanese voicing marks) are
 * part of the letter and stay.
 */
const OPTIONAL_MARKS = /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Arabic}\p{sc=Hebrew}])\p{Mn}+/gu;

/** One word, folded: "Facilitación" and "FACILITACION" give "facilitacion". */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(OPTIONAL_MARKS, '$1').normalize('NFKC').toLowerCase();
}

/** The distinct folded words of a text, in the order they first appear. */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const folded = foldWord(segment.segment);
    if (folded) words.add(folded);
  }
  return [...words];
}

const tagWordsCache = new Map<string, string[]>();
const TAG_CACHE_MAX = 20_000;

/** The words of one skill tag, remembered: the same tags come back on every call. */
export function tagWords(tag: string): string[] {
  let words = tagWordsCache.get(tag);
  if (!words) {
    if (tagWordsCache.size >= TAG_CACHE_MAX) tagWordsCache.clear();
    words = wordsOf(tag);
    tagWordsCache.set(tag, words);
  }
  return words;
}

/** The profile fields whose words count, in the order they are read. */
export const PROFILE_TEXT_SQL = `concat_ws(' ', p.role_title, p.intention, p.skills_and_resources, p.knowledge_and_experience,
  p.community_need, p.contribution)`;

const REFRESH_BATCH = 500;
/** A bound on one call's work, so rows changing all the time cannot keep a reader looping. */
const REFRESH_ROUNDS = 20;

/**
 * Fills in the words of profiles and roles whose texts changed since (or that are new). The text
 * is read back on writing, so a change made meanwhile keeps its words forgotten for the next call.
 */
export async function refreshMatchWords(db: Queryable): Promise<void> {
  for (let round = 0; round < REFRESH_ROUNDS; round += 1) {
    const profiles = await db.query<{ id: string; text: string }>(
      `select p.user_id as id, ${PROFILE_TEXT_SQL} as text from role_profiles p where p.match_words is null limit ${REFRESH_BATCH}`,
    );
    if (!profiles.length) break;
    await db.query(
      `update role_profiles p set match_words = fresh.words
         from jsonb_to_recordset($1::jsonb) as fresh(id uuid, text text, words text[])
        where p.user_id = fresh.id and p.match_words is null and ${PROFILE_TEXT_SQL} = fresh.text`,
      [JSON.stringify(profiles.map((row) => ({ ...row, words: wordsOf(row.text) })))],
    );
    if (profiles.length < REFRESH_BATCH) break;
  }
  for (let round = 0; round < REFRESH_ROUNDS; round += 1) {
    const roles = await db.query<{ id: string; skills: string[] }>(
      `select role_id as id, skills from mission_roles where match_words is null limit ${REFRESH_BATCH}`,
    );
    if (!roles.length) break;
    const fresh = roles.map((row) => ({
      ...row,
      words: [...new Set(row.skills.flatMap(tagWords))],
      skill_words: row.skills.map((tag) => tagWords(tag).join(' ')),
    }));
    await db.query(
      `update mission_roles r set match_words = fresh.words, skill_words = fresh.skill_words
         from jsonb_to_recordset($1::jsonb) as fresh(id uuid, skills text[], words text[], skill_words text[])
        where r.role_id = fresh.id and r.match_words is null and r.skills = fresh.skills`,
      [JSON.stringify(fresh)],
    );
    if (roles.length < REFRESH_BATCH) break;
  }
}
