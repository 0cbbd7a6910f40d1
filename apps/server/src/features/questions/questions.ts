import {
  ASKING_CLOSES_AFTER_MINUTES,
  ASKING_OPENS_BEFORE_MINUTES,
  OPEN_QUESTIONS_PER_PART,
  QUESTION_MAX,
  QUESTION_MESSAGES,
  venueInstant,
  type AskingMode,
  type OrganiserQuestion,
  type PartQuestion,
  type PartQuestions,
  type PartQuestionsPublic,
  type PublicQuestion,
  type QuestionSort,
  type QuestionState,
} from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { transaction } from '../../kernel/effects.ts';
import { peopleSeenBy, shownNameSql } from '../../kernel/people.ts';
import { partsOf, programmeView, readPublished } from '../../kernel/programme.ts';

/*
 * The questions of every part (docs/product.md#questions). Names come only through people_shown:
 * a question asked anonymously, or by someone who chose to stay anonymous, names nobody (hosts
 * included). Vote counts are counted by the database from question_votes at every read.
 */

/** The asking window of a part: from 15 minutes before it starts to 30 minutes after it ends, or null without a date. */
export interface AskingWindow {
  opensAt: Date | null;
  closesAt: Date | null;
}

/**
 * The windows worked out so far, per database and published version: a version never changes, so
 * a part's window is read from the programme once per version, not on every read of its questions
 * (the live topic reads them up to twice a second).
 */
const windowsByDb = new WeakMap<Queryable, Map<string, AskingWindow | null>>();

/** The part's window as the published programme has it, or null when the part is not published. */
export async function publishedWindow(db: Queryable, partId: string): Promise<AskingWindow | null> {
  const [latest] = await db.query<{ version: number | null }>('select max(version)::int as version from programme_versions');
  return windowOfVersion(db, latest?.version ?? null, partId);
}

/** The part's window in the published version `version` (read with the part's questions, in the same statement). */
async function windowOfVersion(db: Queryable, version: number | null, partId: string): Promise<AskingWindow | null> {
  const key = `${version ?? 0}:${partId}`;
  let windows = windowsByDb.get(db);
  if (!windows) windowsByDb.set(db, (windows = new Map()));
  const known = windows.get(key);
  if (known !== undefined) return known;
  const window = await readWindow(db, partId);
  if (windows.size > 1_000) windows.clear();
  windows.set(key, window);
  return window;
}

async function readWindow(db: Queryable, partId: string): Promise<AskingWindow | null> {
  const programme = programmeView((await readPublished(db)).programme);
  const entry = partsOf(programme).find((candidate) => candidate.part.id === partId);
  if (!entry) return null;
  if (!entry.date) return { opensAt: null, closesAt: null };
  const zone = programme.settings.timeZone;
  const start = venueInstant(entry.date, entry.part.startTime, zone);
  const end = venueInstant(entry.date, entry.part.endTime, zone);
  return {
    opensAt: new Date(start.getTime() - ASKING_OPENS_BEFORE_MINUTES * 60_000),
    closesAt: new Date(end.getTime() + ASKING_CLOSES_AFTER_MINUTES * 60_000),
  };
}

interface Settings {
  asking: AskingMode;
  premoderated: boolean;
  pinned_question_id: string | null;
}

async function settingsOf(db: Queryable, partId: string): Promise<Settings> {
  const [row] = await db.query<Settings>('select asking, premoderated, pinned_question_id from part_question_settings where part_id = $1', [partId]);
  return row ?? { asking: 'auto', premoderated: false, pinned_question_id: null };
}

/** Whether asking is open at `now`: by hand, else by the window. */
export function askingOpen(asking: AskingMode, window: AskingWindow, now: number): boolean {
  if (asking !== 'auto') return asking === 'open';
  if (!window.opensAt || !window.closesAt) return false;
  return window.opensAt.getTime() <= now && now < window.closesAt.getTime();
}

interface QuestionRow {
  question_id: string;
  body: string;
  asker_name: string | null;
  vote_count: number;
  answered: boolean;
  asked_at: string | Date;
  state: QuestionState;
  hidden_reason: string | null;
  mine: boolean;
  voted: boolean;
}

const ORDER: Record<QuestionSort, string> = {
  votes: 'answered, vote_count desc, asked_at, question_id',
  newest: 'answered, asked_at desc, question_id',
};

/** The published version, the part's settings, its missions count and its questions, read by one statement. */
interface PartState extends Settings {
  version: number | null;
  missions_started: number;
  questions: QuestionRow[];
}

/**
 * Everything a read of the part needs, in ONE statement (the live topic reads a busy part up to
 * twice a second while votes arrive; on PGlite every statement waits its turn behind them): the
 * published version (for the asking window, kept per version), the part's settings, how many
 * missions anyone may see were started from its questions (one the organisers hid is not counted;
 * docs/product.md#missions-from-questions), and its questions as `viewer` sees them: the visible
 * ones, and their own pending or hidden ones; a host (`host`) sees every one. A null viewer is
 * anyone (the live topic): visible only. Names only through people_shown.
 */
async function readPart(db: Queryable, partId: string, viewer: string | null, host: boolean, sort: QuestionSort): Promise<PartState> {
  const [row] = await db.query<PartState>(
    `select (select max(version)::int from programme_versions) as version,
            coalesce(settings.asking, 'auto') as asking, coalesce(settings.premoderated, false) as premoderated,
            settings.pinned_question_id,
            (select count(*)::int from question_missions link join missions m using (mission_id)
              where link.part_id = $1 and m.hidden_at is null) as missions_started,
            (select coalesce(json_agg(listed order by ${ORDER[sort]}), '[]'::json) from (
               select q.question_id, q.body, q.state, q.answered_at is not null as answered, q.asked_at,
                      case when q.anonymous or shown.anonymous then null else ${shownNameSql('shown')} end as asker_name,
                      (select count(*)::int from question_votes v where v.question_id = q.question_id) as vote_count,
                      coalesce(q.asked_by = $2::uuid, false) as mine,
                      exists (select 1 from question_votes v where v.question_id = q.question_id and v.user_id = $2::uuid) as voted,
                      case when $3::boolean or q.asked_by = $2::uuid then q.hidden_reason end as hidden_reason
                 from questions q join people_shown shown on shown.id = q.asked_by
                where q.part_id = $1 and (q.state = 'visible' or $3::boolean or q.asked_by = $2::uuid)
             ) listed) as questions
       from (select 1) as one left join part_question_settings settings on settings.part_id = $1`,
    [partId, viewer, host],
  );
  if (!row) throw new Error('the part could not be read');
  return row;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function publicQuestion(row: QuestionRow): PublicQuestion {
  return {
    question_id: row.question_id,
    body: row.body,
    asker_name: row.asker_name,
    vote_count: row.vote_count,
    answered: row.answered,
    asked_at: iso(row.asked_at) ?? '',
  };
}

function personalQuestion(row: QuestionRow): PartQuestion {
  return { ...publicQuestion(row), state: row.state, hidden_reason: row.hidden_reason, mine: row.mine, voted: row.voted };
}

/** What anyone may see of the part now (the live topic's message), or null when it is not published. */
export async function publicQuestions(db: Queryable, partId: string): Promise<PartQuestionsPublic | null> {
  const part = await readPart(db, partId, null, false, 'votes');
  const window = await windowOfVersion(db, part.version, partId);
  if (!window) return null;
  return {
    part_id: partId,
    asking: part.asking,
    premoderated: part.premoderated,
    opens_at: iso(window.opensAt),
    closes_at: iso(window.closesAt),
    pinned_question_id: part.pinned_question_id,
    missions_started: part.missions_started,
    questions: part.questions.map(publicQuestion),
  };
}

/** The part's questions as the caller sees them (get_part_questions and the answers of every change). */
export async function partQuestions(
  db: Queryable,
  partId: string,
  viewer: { userId: string; host: boolean; now: number },
  sort: QuestionSort,
): Promise<PartQuestions> {
  const part = await readPart(db, partId, viewer.userId, viewer.host, sort);
  const window = await windowOfVersion(db, part.version, partId);
  if (!window) throw businessError(QUESTION_MESSAGES.notPublished);
  const myOpen = part.questions.filter((question) => question.mine && question.state !== 'hidden' && !question.answered).length;
  return {
    part_id: partId,
    asking: part.asking,
    premoderated: part.premoderated,
    opens_at: iso(window.opensAt),
    closes_at: iso(window.closesAt),
    pinned_question_id: part.pinned_question_id,
    missions_started: part.missions_started,
    asking_open: askingOpen(part.asking, window, viewer.now),
    is_host: viewer.host,
    questions: part.questions.map(personalQuestion),
    my_open_count: myOpen,
    server_time: new Date(viewer.now).toISOString(),
  };
}

/**
 * Asks a question: the text (trimmed) is 1 to 280 characters, the part is published and taking
 * questions, and the asker has fewer than 5 open ones there (counted under a lock per person and
 * part, so two at once cannot both pass). Pre-moderated parts keep it pending until a host approves.
 */
export async function askQuestion(db: Db, ask: { partId: string; userId: string; body: string; anonymous: boolean; now: number }): Promise<void> {
  const body = ask.body.trim();
  if (body === '') throw businessError(QUESTION_MESSAGES.empty);
  if ([...body].length > QUESTION_MAX) throw businessError(QUESTION_MESSAGES.tooLong);
  const window = await publishedWindow(db, ask.partId);
  if (!window) throw businessError(QUESTION_MESSAGES.notPublished);
  await transaction(db, async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('mission-control-questions:' || $1 || ':' || $2))`, [ask.userId, ask.partId]);
    const settings = await settingsOf(tx, ask.partId);
    if (!askingOpen(settings.asking, window, ask.now)) throw businessError(QUESTION_MESSAGES.notOpen);
    const [open] = await tx.query<{ n: number }>(
      `select count(*)::int as n from questions where part_id = $1 and asked_by = $2 and state <> 'hidden' and answered_at is null`,
      [ask.partId, ask.userId],
    );
    if ((open?.n ?? 0) >= OPEN_QUESTIONS_PER_PART) throw businessError(QUESTION_MESSAGES.tooMany);
    await tx.query('insert into questions (part_id, asked_by, anonymous, body, state) values ($1, $2, $3, $4, $5)', [
      ask.partId,
      ask.userId,
      ask.anonymous,
      body,
      settings.premoderated ? 'pending' : 'visible',
    ]);
    tx.effects.questionsChanged(ask.partId);
  });
}

/** The part a question belongs to, or null when there is no such question. */
export async function partOfQuestion(db: Queryable, questionId: string): Promise<string | null> {
  const [row] = await db.query<{ part_id: string }>('select part_id from questions where question_id = $1', [questionId]);
  return row?.part_id ?? null;
}

/**
 * Gives (up) or takes back the caller's upvote: one insert … on conflict do nothing, or one delete,
 * so any number at once lose none and count none twice; the count is then counted afresh.
 */
export async function voteQuestion(
  db: Db,
  questionId: string,
  userId: string,
  up: boolean,
): Promise<{ question_id: string; voted: boolean; vote_count: number }> {
  return transaction(db, async (tx) => {
    const [question] = await tx.query<{ part_id: string; state: QuestionState; mine: boolean }>(
      'select part_id, state, asked_by = $2 as mine from questions where question_id = $1',
      [questionId, userId],
    );
    if (!question) throw businessError(QUESTION_MESSAGES.notFound);
    if (question.mine) throw businessError(QUESTION_MESSAGES.ownQuestion);
    if (up) {
      if (question.state !== 'visible') throw businessError(QUESTION_MESSAGES.notVisible);
      await tx.query('insert into question_votes (question_id, user_id) values ($1, $2) on conflict do nothing', [questionId, userId]);
    } else {
      await tx.query('delete from question_votes where question_id = $1 and user_id = $2', [questionId, userId]);
    }
    const [count] = await tx.query<{ n: number }>('select count(*)::int as n from question_votes where question_id = $1', [questionId]);
    tx.effects.questionsChanged(question.part_id);
    return { question_id: questionId, voted: up, vote_count: count?.n ?? 0 };
  });
}

/** The part's questions for the organisers' console: the askers' real names, whatever they chose. */
export async function organiserQuestions(db: Queryable, partId: string): Promise<OrganiserQuestion[]> {
  const rows = await db.query<QuestionRow & { asker_real_name: string; asked_anonymously: boolean }>(
    `select q.question_id, q.body, q.state, q.hidden_reason, q.answered_at is not null as answered, q.asked_at,
            case when q.anonymous or seen.anonymous then null else ${shownNameSql('seen')} end as asker_name,
            ${shownNameSql('seen')} as asker_real_name, q.anonymous as asked_anonymously,
            (select count(*)::int from question_votes v where v.question_id = q.question_id) as vote_count,
            false as mine, false as voted
       from questions q join ${peopleSeenBy('organisers')} seen on seen.id = q.asked_by
      where q.part_id = $1
      order by q.asked_at, q.question_id`,
    [partId],
  );
  return rows.map((row) => ({ ...personalQuestion(row), asker_real_name: row.asker_real_name, asked_anonymously: row.asked_anonymously }));
}
