import type { Mission } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { GzipQueue, type OpenGzip } from '../../http/answer-gzip.ts';
import { JsonText, PreparedJson } from '../../rpc/procedure.ts';
import { RENDER_SQL, SNAPSHOT_SQL, STATE_SQL } from './list-sql.ts';
import { listMissionsDirect } from './queries.ts';

/**
 * get_all_missions from a cache, answering the same bytes as listMissionsDirect
 * (docs/decisions/039-a-simpler-mission-list.md).
 *
 * A mission's JSON is the same for everyone except its two counts and the caller's is_voted and
 * is_subscribed, so each mission's JSON is written once, in two parts around those four fields,
 * and kept while the row's list_rev (migration 015) stands. Each call reads, in ONE statement
 * (one snapshot): the snapshot itself; every mission's id, list_rev and counts; the missions the
 * caller voted for, follows, and is on the team of; whether the caller is an organiser. What was
 * read at the same snapshot before is not read again: two statements with the same snapshot see
 * the same committed rows, and every commit (here or on another instance) changes it. Missions
 * whose revision the cache lacks are written again; then the answer is put together from the
 * parts and, when the caller takes gzip, compressed as one stream. Nothing is trusted across calls
 * but what is tied to a snapshot or a revision the call itself read, so instances on one
 * PostgreSQL need no messages between them.
 */

/** Callers whose own rows are kept (each with the snapshot they were read at). */
const CALLERS_KEPT = 50_000;
/** What json_agg writes around and between elements. */
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const SEPARATOR = Buffer.from(', \n ');
/**
 * Answers compressed at once: more wait their turn before their body is even put together, so a
 * room opening 2,000 missions together holds a few 2.4 MB bodies, not one per call in flight.
 */
const GZIP_IN_FLIGHT = 2;
/**
 * Compressed answers kept for the callers' next calls at the same snapshot (a phone reopening the
 * list, the screen refetching on focus), up to this many bytes in all: about 800 callers' at 2,000
 * missions. All go when the snapshot moves.
 */
const GZIP_KEPT_BYTES = 48 * 2 ** 20;

interface StateRow {
  snapshot: string;
  missions: string | null;
  voted: string | null;
  subscribed: string | null;
  teams: string | null;
  organiser: boolean | null;
}

/** A mission's current revision and counts, as the call read them. */
interface Current {
  rev: string;
  votes: string;
  subscriptions: string;
}

/** Not a person: the shared list is get_all_missions as they would get it. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Every mission's revision and counts, as read at `snapshot`. */
export interface MissionsState {
  snapshot: string;
  current: Map<string, Current>;
}

/** One caller's own rows, as read at `snapshot`. */
interface CallerState {
  snapshot: string;
  voted: Set<string>;
  subscribed: Set<string>;
  teams: Set<string>;
  organiser: boolean;
}

/** Someone with no votes, follows or team, who is no organiser. */
const NO_MARKS: CallerState = { snapshot: '', voted: new Set(), subscribed: new Set(), teams: new Set(), organiser: false };

interface RenderRow {
  mission_id: string;
  list_rev: string;
  created_at: string;
  hidden: boolean;
  head: string;
  tail: string;
}

/** A mission's JSON at one revision: `head` lacks its closing brace, `tail` its opening one. */
interface Rendered {
  id: string;
  rev: string;
  createdAt: string;
  hidden: boolean;
  head: Buffer;
  tail: Buffer;
}

/** The list at one snapshot, in list order: each mission with its counts, as someone with no votes or follows gets them. */
interface View {
  missions: MissionsState;
  items: { rendered: Rendered; current: Current; middle: Buffer }[];
  /** The shared part of get_mission_list at this view, made when first asked for; its gzip, once. */
  shared?: SharedPart;
  sharedGzip?: Promise<OpenGzip>;
}

/** get_mission_list's opening, the same for everyone at a snapshot: what comes before the caller's marks. */
export interface SharedPart {
  length: number;
  identity: () => Buffer;
  gzip: () => Promise<OpenGzip>;
}
const SHARED_OPEN = Buffer.from('{"missions":');
const SHARED_CLOSE = Buffer.from(',"marks":');

export class MissionListCache {
  private readonly rendered = new Map<string, Rendered>();
  /** The missions of the last complete set read, in list order. */
  private order: Rendered[] = [];
  private missions: MissionsState | null = null;
  private readonly callers = new Map<string, CallerState>();
  private view: View | null = null;
  private readonly building = new Map<string, Promise<View | null>>();
  private readonly gzipQueue = new GzipQueue(GZIP_IN_FLIGHT);
  /** Each caller's last compressed answer, with the view and caller rows it was made from; oldest first. */
  private readonly gzipped = new Map<string, { view: View; caller: CallerState; body: Promise<Buffer>; bytes: number }>();
  private gzippedBytes = 0;

  /** Every mission's revision and counts as last read, for a batch to tell whether they moved (mission-list.ts). */
  knownMissions(): MissionsState | null {
    return this.missions;
  }

  /**
   * The shared part of get_mission_list at the snapshot a batch read (mission-list.ts): the list as
   * someone with no votes, follows or team sees it, as the opening `{"missions":[…],"marks":` of
   * the answer, put together and compressed once per snapshot. `missionsText` is every mission's
   * revision and counts, or null when they were read at `known`'s snapshot. Null when a mission
   * changed between the batch's statement and the writing of its JSON.
   */
  async sharedAt(db: Queryable, known: MissionsState | null, snapshot: string, missionsText: string | null): Promise<SharedPart | null> {
    let missions = known;
    if (missionsText !== null) {
      missions = this.missions?.snapshot === snapshot ? this.missions : { snapshot, current: parseMissions(missionsText) };
      this.missions = missions;
    }
    if (missions?.snapshot !== snapshot) return null;
    const view = this.view?.missions === missions ? this.view : await this.viewOnce(db, missions);
    if (!view) return null;
    return (view.shared ??= {
      length: SHARED_OPEN.length + lengthFor(view, NO_MARKS) + SHARED_CLOSE.length,
      identity: () => sharedBody(view),
      gzip: () =>
        (view.sharedGzip ??= this.gzipQueue
          .open(() => sharedBody(view))
          .catch((error: unknown) => {
            view.sharedGzip = undefined;
            throw error;
          })),
    });
  }

  async list(db: Queryable, viewerId: string): Promise<PreparedJson<Mission[]> | JsonText<Mission[]>> {
    const knownMissions = this.missions;
    const knownCaller = this.callers.get(viewerId);
    let missions: MissionsState | undefined;
    let caller: CallerState | undefined;
    if (knownMissions && knownCaller?.snapshot === knownMissions.snapshot) {
      // Both read at one snapshot: if it still stands, nothing needs reading (one short statement
      // instead of planning the whole state statement, which is most of a call on PGlite).
      const [now] = await db.query<{ snapshot: string }>(SNAPSHOT_SQL);
      if (now?.snapshot === knownMissions.snapshot) [missions, caller] = [knownMissions, knownCaller];
    }
    if (!missions || !caller) {
      const [state] = await db.query<StateRow>(STATE_SQL, [viewerId, knownMissions?.snapshot ?? '', knownCaller?.snapshot ?? '']);
      if (!state) return listMissionsDirect(db, viewerId);
      missions = state.missions === null ? (knownMissions ?? undefined) : { snapshot: state.snapshot, current: parseMissions(state.missions) };
      caller = state.voted === null ? knownCaller : callerOf(state);
    }
    if (!missions || !caller) return listMissionsDirect(db, viewerId);
    if (missions !== knownMissions) this.missions = missions;
    if (caller !== knownCaller) {
      if (this.callers.size >= CALLERS_KEPT) this.callers.clear();
      this.callers.set(viewerId, caller);
    }
    const view = this.view?.missions === missions ? this.view : await this.viewOnce(db, missions);
    // A mission changed between the two statements: this call takes the plain query.
    if (!view) return listMissionsDirect(db, viewerId);
    return new PreparedJson<Mission[]>(
      lengthFor(view, caller),
      () => bodyFor(view, caller),
      () => this.gzipFor(viewerId, view, caller),
    );
  }

  /** The caller's answer as one gzip stream: the one made for their last call if nothing it was made from moved since. */
  private gzipFor(viewerId: string, view: View, caller: CallerState): Promise<Buffer> {
    const kept = this.gzipped.get(viewerId);
    if (kept) {
      this.gzipped.delete(viewerId);
      this.gzippedBytes -= kept.bytes;
      if (kept.view === view && kept.caller === caller) {
        this.gzipped.set(viewerId, kept);
        this.gzippedBytes += kept.bytes;
        return kept.body;
      }
    }
    const entry = { view, caller, body: this.gzipQueue.gzip(() => bodyFor(view, caller)), bytes: 0 };
    this.gzipped.set(viewerId, entry);
    entry.body.then(
      (gzipped) => {
        if (this.gzipped.get(viewerId) !== entry) return;
        entry.bytes = gzipped.length;
        this.gzippedBytes += gzipped.length;
        for (const [oldest, old] of this.gzipped) {
          if (this.gzippedBytes <= GZIP_KEPT_BYTES) break;
          this.gzipped.delete(oldest);
          this.gzippedBytes -= old.bytes;
        }
      },
      () => this.gzipped.get(viewerId) === entry && this.gzipped.delete(viewerId),
    );
    return entry.body;
  }

  /**
   * One view per snapshot at a time: when the room opens the list together after a change, the
   * calls that find the cache behind wait for the same one instead of each writing every mission.
   */
  private viewOnce(db: Queryable, missions: MissionsState): Promise<View | null> {
    const running = this.building.get(missions.snapshot);
    if (running) return running;
    const build = this.buildView(db, missions).finally(() => this.building.delete(missions.snapshot));
    this.building.set(missions.snapshot, build);
    return build;
  }

  private async buildView(db: Queryable, missions: MissionsState): Promise<View | null> {
    const { current } = missions;
    const order = matches(this.order, current) ? this.order : await this.refresh(db, current);
    if (!order || !matches(order, current)) return null;
    const items = order.map((rendered) => {
      const now = current.get(rendered.id) ?? { rev: rendered.rev, votes: '0', subscriptions: '0' };
      return { rendered, current: now, middle: middleOf(now, false, false) };
    });
    const view: View = { missions, items };
    if (this.missions === missions) {
      this.view = view;
      // Answers made from an older view are never sent again.
      this.gzipped.clear();
      this.gzippedBytes = 0;
    }
    return view;
  }

  /** Writes the missions the cache lacks at their current revision; the new list order, or null if a revision moved meanwhile. */
  private async refresh(db: Queryable, current: Map<string, Current>): Promise<Rendered[] | null> {
    const missing = [...current].filter(([id, now]) => this.rendered.get(id)?.rev !== now.rev).map(([id]) => id);
    if (missing.length > 0) {
      const rows = await db.query<RenderRow>(RENDER_SQL, [missing.join(',')]);
      for (const row of rows) {
        if (row.list_rev !== current.get(row.mission_id)?.rev) return null;
        this.rendered.set(row.mission_id, {
          id: row.mission_id,
          rev: row.list_rev,
          createdAt: row.created_at,
          hidden: row.hidden,
          head: Buffer.from(row.head.slice(0, -1)),
          tail: Buffer.from(row.tail.slice(1)),
        });
      }
      if (rows.length !== missing.length) return null;
    }
    const order: Rendered[] = [];
    for (const [id, now] of current) {
      const rendered = this.rendered.get(id);
      if (!rendered || rendered.rev !== now.rev) return null;
      order.push(rendered);
    }
    // As listMissionsDirect orders: newest first by the millisecond text, then by id (lower-case hex, as uuids compare).
    order.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1));
    for (const id of this.rendered.keys()) if (!current.has(id)) this.rendered.delete(id);
    this.order = order;
    return order;
  }
}

/** Whether `order` is exactly the missions read, at their revisions. */
function matches(order: readonly Rendered[], current: Map<string, Current>): boolean {
  return order.length === current.size && order.every((rendered) => current.get(rendered.id)?.rev === rendered.rev);
}

/** The four per-call fields between a mission's head and tail, with the commas around them. */
function middleOf(current: Current, voted: boolean, subscribed: boolean): Buffer {
  return Buffer.from(`,"vote_count":${current.votes},"subscription_count":${current.subscriptions},"is_voted":${voted},"is_subscribed":${subscribed},`);
}

/** Each element of the caller's answer, in order: the view's, except where their votes, follows or hidden missions they may see differ. */
function* elementsFor(view: View, caller: CallerState): Generator<[Buffer, Buffer, Buffer]> {
  for (const { rendered, current, middle } of view.items) {
    // docs/product.md: a hidden mission is shown only to its own team and the organisers.
    if (rendered.hidden && !caller.organiser && !caller.teams.has(rendered.id)) continue;
    const voted = caller.voted.has(rendered.id);
    const subscribed = caller.subscribed.has(rendered.id);
    yield [rendered.head, voted || subscribed ? middleOf(current, voted, subscribed) : middle, rendered.tail];
  }
}

function lengthFor(view: View, caller: CallerState): number {
  let length = OPEN.length + CLOSE.length;
  let count = 0;
  for (const [head, middle, tail] of elementsFor(view, caller)) {
    length += head.length + middle.length + tail.length;
    count += 1;
  }
  return length + Math.max(0, count - 1) * SEPARATOR.length;
}

/** The caller's answer: the same bytes json_agg writes for listMissionsDirect. */
function bodyFor(view: View, caller: CallerState): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const element of elementsFor(view, caller)) {
    if (parts.length > 1) parts.push(SEPARATOR);
    parts.push(...element);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

function sharedBody(view: View): Buffer {
  return Buffer.concat([SHARED_OPEN, bodyFor(view, NO_MARKS), SHARED_CLOSE]);
}

function parseMissions(text: string): Map<string, Current> {
  const current = new Map<string, Current>();
  if (text === '') return current;
  for (const entry of text.split(',')) {
    const [id = '', rev = '', votes = '', subscriptions = ''] = entry.split(' ');
    current.set(id, { rev, votes, subscriptions });
  }
  return current;
}

function idSet(text: string | null): Set<string> {
  return new Set(text ? text.split(',') : []);
}

function callerOf(state: StateRow): CallerState {
  return {
    snapshot: state.snapshot,
    voted: idSet(state.voted),
    subscribed: idSet(state.subscribed),
    teams: idSet(state.teams),
    organiser: state.organiser === true,
  };
}

const caches = new WeakMap<Queryable, MissionListCache>();

/** The cache that belongs to this database connection (pool), shared by get_all_missions and get_mission_list. */
export function listCacheOf(db: Queryable): MissionListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MissionListCache();
    caches.set(db, cache);
  }
  return cache;
}

/** get_all_missions for one viewer. */
export function listMissions(db: Queryable, viewerId: string): Promise<PreparedJson<Mission[]> | JsonText<Mission[]>> {
  return listCacheOf(db).list(db, viewerId);
}
