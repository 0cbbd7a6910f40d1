import type { Db } from '../apps/server/src/db/db.ts';

export interface ExportFigures {
  attendees: number;
  rows: number;
  bytes: number;
  seconds: number;
  /** Highest resident memory of this process (server and benchmark) during the export, in MiB. */
  peakRssMiB: number;
  /** How far resident memory rose above where it stood when the export began, in MiB. */
  rssGrowthMiB: number;
  peakHeapMiB: number;
}

/** Adds attendees (plain rows, no sign-up work) until the database holds `total`; anonymous every fifth. */
export async function seedAttendees(db: Db, total: number): Promise<number> {
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, mobile, user_metadata, pre_survey_completed, created_at)
     select gen_random_uuid(), 'export' || n || '@bench.example.org', 'x', 'Attendee', 'Number ' || n, '+27820000000',
            case when n % 5 = 0 then jsonb_build_object('is_anonymous', true, 'anonymity_choice_made', true, 'anonymous_guid', gen_random_uuid())
                 else '{}'::jsonb end,
            n % 2 = 0, now() - n * interval '1 second'
       from generate_series(1, greatest($1::int - (select count(*)::int from users), 0)) as n`,
    [total],
  );
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from users');
  return row?.n ?? 0;
}

/**
 * Downloads the attendees export as the browser does and reads it as it arrives, sampling this
 * process's memory meanwhile: the server runs in this process, so a file held whole would show.
 */
export async function timeAttendeesExport(url: string, token: string, attendees: number): Promise<ExportFigures> {
  const MiB = 2 ** 20;
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 10);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    const response = await fetch(`${url}/exports/v1/attendees.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`export answered HTTP ${response.status}`);
    for await (const chunk of response.body) {
      const bytesOf = chunk as Uint8Array;
      bytes += bytesOf.byteLength;
      for (const byte of bytesOf) if (byte === 0x0a) rows += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    attendees,
    rows,
    bytes,
    seconds: (performance.now() - started) / 1000,
    peakRssMiB: peakRss / MiB,
    rssGrowthMiB: (peakRss - startRss) / MiB,
    peakHeapMiB: peakHeap / MiB,
  };
}
