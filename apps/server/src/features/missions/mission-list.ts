import type { MissionList, MissionMarks } from '@mc/contract';
import { BatchQueue } from '../../db/batch-queue.ts';
import type { Db } from '../../db/db.ts';
import { closeGzip } from '../../http/answer-gzip.ts';
import { JsonText, PreparedJson } from '../../rpc/procedure.ts';
import { listCacheOf, NOBODY, type SharedPart } from './list-cache.ts';
import { MISSIONS_SQL } from './list-sql.ts';
import { hiddenMissionsFor, listMissionsDirect } from './queries.ts';

/**
 * get_mission_list: the list everyone shares and the caller's own marks, in one answer read at one
 * snapshot (docs/decisions/042-the-app-reads-the-list-in-two-parts.md). The calls that arrive
 * together are read together, in ONE statement: the snapshot, every mission's revision and counts
 * when the snapshot moved since the cache last read them, whether any mission is hidden, and each
 * caller's votes and follows. The shared part is put together and compressed once per snapshot
 * (list-cache.ts); each caller's marks close it, so a room opening All Missions together costs one
 * statement per batch and no compression per person.
 */
const BATCH_SQL = `with now as (select pg_current_snapshot()::text as snapshot)
  select now.snapshot,
         case when callers.n = 1 and now.snapshot <> $2 then (${MISSIONS_SQL}) end as missions,
         case when callers.n = 1 then exists (select 1 from missions m where m.hidden_at is not null) end as any_hidden,
         callers.id::text as user_id,
         coalesce((select string_agg(v.mission_id::text, ',' order by v.mission_id) from mission_votes v where v.user_id = callers.id), '') as voted,
         coalesce((select string_agg(s.mission_id::text, ',' order by s.mission_id) from mission_subscriptions s where s.user_id = callers.id), '') as subscribed
    from now cross join unnest($1::uuid[]) with ordinality as callers(id, n)
   order by callers.n`;

interface BatchRow {
  snapshot: string;
  missions: string | null;
  any_hidden: boolean | null;
  user_id: string;
  voted: string;
  subscribed: string;
}

/** What a batch read for one caller. */
interface Read {
  /** The shared part at the batch's snapshot, or null when a mission changed before it could be written. */
  shared: SharedPart | null;
  anyHidden: boolean;
  voted: string[];
  subscribed: string[];
}

interface Call {
  /** Unique per call: one person's calls may share a batch (they only read). */
  key: string;
  viewerId: string;
  resolve: (read: Read) => void;
  reject: (error: unknown) => void;
}

class MissionListReader {
  private readonly queue: BatchQueue<Call>;
  private calls = 0;

  constructor(private readonly db: Db) {
    this.queue = new BatchQueue(db.kind, (batch) => this.send(batch));
  }

  read(viewerId: string): Promise<Read> {
    return new Promise((resolve, reject) => {
      this.calls += 1;
      this.queue.add({ key: String(this.calls), viewerId, resolve, reject });
    });
  }

  private async send(batch: Call[]): Promise<void> {
    const cache = listCacheOf(this.db);
    const known = cache.knownMissions();
    try {
      const rows = await this.db.query<BatchRow>(BATCH_SQL, [batch.map((call) => call.viewerId), known?.snapshot ?? '']);
      const [first] = rows;
      if (!first || rows.length !== batch.length) throw new Error(`get_mission_list read ${rows.length} rows for ${batch.length} callers`);
      const shared = await cache.sharedAt(this.db, known, first.snapshot, first.missions);
      rows.forEach((row, index) => {
        batch[index]?.resolve({ shared, anyHidden: first.any_hidden === true, voted: ids(row.voted), subscribed: ids(row.subscribed) });
      });
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  }
}

function ids(text: string): string[] {
  return text === '' ? [] : text.split(',');
}

const readers = new WeakMap<Db, MissionListReader>();

export async function missionList(db: Db, viewerId: string): Promise<PreparedJson<MissionList> | JsonText<MissionList>> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new MissionListReader(db);
    readers.set(db, reader);
  }
  const { shared, anyHidden, voted, subscribed } = await reader.read(viewerId);
  // Missions are seldom hidden: only then does a caller need a statement of their own.
  const marks: MissionMarks = { voted, subscribed, hidden: anyHidden ? await hiddenMissionsFor(db, viewerId) : [] };
  const tail = Buffer.from(`${JSON.stringify(marks)}}`);
  if (!shared) return new JsonText(`{"missions":${(await listMissionsDirect(db, NOBODY)).text},"marks":${tail.toString()}`);
  return new PreparedJson<MissionList>(
    shared.length + tail.length,
    () => Buffer.concat([shared.identity(), tail]),
    async () => closeGzip(await shared.gzip(), tail),
  );
}
