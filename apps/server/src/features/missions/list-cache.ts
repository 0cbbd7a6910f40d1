import type { Mission } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { ANSWER_GZIP_LEVEL, gzipOfPieces, gzipPiece, gzipPieceNow, GzipPieceRun, type GzipPiece } from '../../http/gzip-segments.ts';
import { JsonText, PreparedJson } from '../../rpc/procedure.ts';
import { isoTime, listMissionsDirect, MISSION_HEAD_COLUMNS } from './queries.ts';

/**
 * get_all_missions from a cache, answering the same bytes as listMissionsDirect
 * (docs/decisions/023-mission-list-cache.md).
 *
 * A mission's JSON is the same for everyone except its two counts and the caller's is_voted and
 * is_subscribed, so each mission's JSON is written once, in two parts around those four fields,
 * and kept while the row's list_rev (migration 015) stands. Each call reads, in ONE statement
 * (one snapshot): the snapshot itself; every mission's id, list_rev and counts; the missions the
 * caller voted for, follows, and is on the team of; whether the caller is an organiser. What was
 * read at the same snapshot before is not read again: two statements with the same snapshot see
 * the same committed rows, and every commit (here or on another instance) changes it. Missions
 * whose revision the cache lacks are written again; then the answer is put together from the
 * parts. Nothing is trusted across calls but what is tied to a snapshot or a revision the call
 * itself read, so instances on one PostgreSQL need no messages between them.
 *
 * gzip: the first call at a snapshot builds the list as someone with no votes, follows or teams
 * sees it, in pieces of RUN_LENGTH elements, each compressed with the element before it as its
 * dictionary and kept by what they hold (revisions, counts, flags). Every call at that snapshot
 * takes those pieces and compresses for itself only the runs its own votes, follows and visible
 * hidden missions touch, so its work grows with those, not with the list.
 */

/** Compressed pieces kept for reuse; past this, those not used in the last PIECES_RECENT calls go. */
const PIECES_KEPT = 200_000;
const PIECES_RECENT = 500;
/** Callers whose own rows are kept (each with the snapshot they were read at). */
const CALLERS_KEPT = 50_000;
/** What json_agg writes between two elements. */
const SEPARATOR = ', \n ';

/**
 * One statement, one snapshot: everything a call needs that changes between calls. $2 and $3 are
 * the snapshots the cache read the missions and this caller's rows at: what was read at this
 * snapshot is not read again (a CASE that is not taken does not run its subquery).
 */
const STATE_SQL = `with now as (select pg_current_snapshot()::text as snapshot)
  select now.snapshot,
    case when now.snapshot = $2 then null else (
      select coalesce(string_agg(m.mission_id::text || ' ' || m.list_rev || ' ' || m.vote_count || ' ' || m.subscription_count, ','), '')
        from missions m) end as missions,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(v.mission_id::text, ','), '') from mission_votes v where v.user_id = $1) end as voted,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(s.mission_id::text, ','), '') from mission_subscriptions s where s.user_id = $1) end as subscribed,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(t.mission_id::text, ','), '') from mission_members t where t.user_id = $1) end as teams,
    case when now.snapshot = $3 then null else exists (select 1 from organisers o where o.user_id = $1) end as organiser
  from now`;

const SNAPSHOT_SQL = 'select pg_current_snapshot()::text as snapshot';

/**
 * Missions' JSON around the counts and the caller's flags, as listMissionsDirect writes it: the head
 * is the Mission fields up to updated_at, the tail team_count and hidden_reason.
 */
const RENDER_SQL = `select m.mission_id, m.list_rev::text as list_rev, ${isoTime('m.created_at')} as created_at,
         (m.hidden_at is not null) as hidden, row_to_json(head)::text as head, row_to_json(tail)::text as tail
    from missions m
    left join people_shown creator on creator.id = m.created_by
    cross join lateral (select ${MISSION_HEAD_COLUMNS}) head
    cross join lateral (select (select count(*) from mission_members t where t.mission_id = m.mission_id)::int as team_count, m.hidden_reason) tail
   where m.mission_id = any (string_to_array($1, ',')::uuid[])`;

interface StateRow {
  snapshot: string;
  missions: string | null;
  voted: string | null;
  subscribed: string | null;
  teams: string | null;
  organiser: boolean | null;
}

/** Every mission's revision and counts, as read at `snapshot`. */
interface MissionsState {
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

interface KeptPiece {
  piece: GzipPiece;
  /** The call that used it last. */
  used: number;
}

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
  /** Unique per (mission, revision) in this process: names the JSON in piece keys. */
  serial: number;
}

/** A mission's current revision and counts, as the call read them. */
interface Current {
  rev: string;
  votes: string;
  subscriptions: string;
}

/** A mission as one caller gets it. */
interface Item {
  rendered: Rendered;
  votes: string;
  subscriptions: string;
  voted: boolean;
  subscribed: boolean;
  shown: boolean;
}

const OPEN = gzipPieceNow(Buffer.from('['), ANSWER_GZIP_LEVEL);
const CLOSE = gzipPieceNow(Buffer.from(']'), ANSWER_GZIP_LEVEL);
/**
 * A call that lacks more pieces than this (the first after a change to many missions) compresses
 * them on the event loop one by one; fewer (a caller's own votes and follows) go to the thread pool.
 */
const MISSING_IN_POOL = 64;
/**
 * Shown elements per shared piece: a piece of one element is too short for its own Huffman codes to
 * pay off (the list gzipped to about twice one stream's size), and a caller's patch recompresses
 * whole runs, so they stay short.
 */
const RUN_LENGTH = 16;

/**
 * The list as someone who votes for, follows and is on the team of nothing gets it, at one snapshot:
 * built once per snapshot and shared by every call made at it. A caller's answer is this one with
 * their own few missions patched in.
 */
interface BaseView {
  missions: MissionsState;
  /** Each mission as that person gets it, in list order (hidden ones too, not shown). */
  items: Item[];
  /** Each mission's place in `items`. */
  place: Map<string, number>;
  /** The places of the hidden missions. */
  hidden: number[];
  /** The places of the shown ones, in order: rank r is the r-th element of the answer. */
  shown: number[];
  /** Per place: how many shown missions come before it. */
  shownBefore: Int32Array;
  /** The gzip pieces of the shown elements, RUN_LENGTH elements each (run j holds ranks from j · RUN_LENGTH). */
  pieces: GzipPieceRun;
}

/** Where a caller's answer leaves the base view: elements compressed for this caller as one piece. */
interface Patch {
  items: Item[];
  /** The element right before the patch (its dictionary), or null when the patch opens the list. */
  before: Item | null;
}

export class MissionListCache {
  private readonly rendered = new Map<string, Rendered>();
  /** The missions of the last complete set read, in list order. */
  private order: Rendered[] = [];
  private missions: MissionsState | null = null;
  private readonly callers = new Map<string, CallerState>();
  private view: BaseView | null = null;
  private readonly building = new Map<string, Promise<BaseView | null>>();
  private readonly pieces = new Map<string, KeptPiece>();
  private readonly compressing = new Map<string, Promise<GzipPiece>>();
  private calls = 0;
  private nextSerial = 1;

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
    return this.answer(view, caller);
  }

  /**
   * One base view per snapshot at a time: when the room opens the list together after a change, the
   * calls that find the cache behind wait for the same one instead of each writing every mission.
   */
  private viewOnce(db: Queryable, missions: MissionsState): Promise<BaseView | null> {
    const running = this.building.get(missions.snapshot);
    if (running) return running;
    const build = this.buildView(db, missions).finally(() => this.building.delete(missions.snapshot));
    this.building.set(missions.snapshot, build);
    return build;
  }

  private async buildView(db: Queryable, missions: MissionsState): Promise<BaseView | null> {
    const { current } = missions;
    const order = matches(this.order, current) ? this.order : await this.refresh(db, current);
    if (!order || !matches(order, current)) return null;
    const items: Item[] = [];
    const place = new Map<string, number>();
    const hidden: number[] = [];
    const shown: number[] = [];
    const shownBefore = new Int32Array(order.length);
    for (const rendered of order) {
      const now = current.get(rendered.id);
      const at = items.length;
      shownBefore[at] = shown.length;
      place.set(rendered.id, at);
      (rendered.hidden ? hidden : shown).push(at);
      items.push({
        rendered,
        votes: now?.votes ?? '0',
        subscriptions: now?.subscriptions ?? '0',
        voted: false,
        subscribed: false,
        shown: !rendered.hidden,
      });
    }
    this.calls += 1;
    const pieces = await this.piecesOf(shown.map((at) => items[at]).filter((item) => item !== undefined));
    const view: BaseView = { missions, items, place, hidden, shown, shownBefore, pieces: GzipPieceRun.of(pieces) };
    if (this.missions === missions) this.view = view;
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
          serial: this.nextSerial++,
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

  /**
   * The gzip pieces of the shown elements, RUN_LENGTH at a time, each compressed with the element
   * before it as its dictionary and kept by what they hold, so a snapshot that changed one mission's
   * counts compresses one or two runs again, not all of them.
   */
  private piecesOf(shown: readonly Item[]): Promise<GzipPiece[]> {
    const runs: { key: string; items: Item[]; before: Item | null }[] = [];
    for (let from = 0; from < shown.length; from += RUN_LENGTH) {
      const items = shown.slice(from, from + RUN_LENGTH);
      const before = shown[from - 1] ?? null;
      runs.push({ key: pieceKey(before, items), items, before });
    }
    const inPool = runs.filter(({ key }) => !this.pieces.has(key)).length <= MISSING_IN_POOL;
    return Promise.all(runs.map(({ key, items, before }) => this.piece(key, items, before, inPool)));
  }

  /** The caller's items where they differ from the base view (their votes, follows and hidden missions they may see), by place. */
  private differences(view: BaseView, caller: CallerState): Map<number, Item> {
    const differing = new Map<number, Item>();
    const consider = (at: number | undefined) => {
      const base = at === undefined ? undefined : view.items[at];
      if (at === undefined || !base || differing.has(at)) return;
      const id = base.rendered.id;
      // docs/product.md: a hidden mission is shown only to its own team and the organisers.
      const item = {
        ...base,
        voted: caller.voted.has(id),
        subscribed: caller.subscribed.has(id),
        shown: base.shown || caller.organiser || caller.teams.has(id),
      };
      if (item.shown && (item.voted || item.subscribed || !base.shown)) differing.set(at, item);
    };
    for (const ids of [caller.voted, caller.subscribed, caller.teams]) for (const id of ids) consider(view.place.get(id));
    if (caller.organiser) for (const at of view.hidden) consider(at);
    return differing;
  }

  /**
   * The caller's answer as the base view's runs, except the runs their differences touch, which are
   * compressed for them as one patch per stretch of touched runs. A run is touched by an element in
   * it that differs, by a hidden mission they may see placed before its first element (or after the
   * list's last), and by a difference in the last element of the run before (its dictionary).
   */
  private answer(view: BaseView, caller: CallerState): PreparedJson<Mission[]> {
    const differing = this.differences(view, caller);
    const shownCount = view.shown.length;
    const runCount = Math.max(Math.ceil(shownCount / RUN_LENGTH), differing.size > 0 ? 1 : 0);
    const touched = new Set<number>();
    for (const at of differing.keys()) {
      // A shown mission's own rank; a hidden one's is the rank of the shown mission after it.
      const rank = view.shownBefore[at] ?? 0;
      touched.add(Math.min(Math.floor(rank / RUN_LENGTH), runCount - 1));
      if (view.items[at]?.shown && (rank + 1) % RUN_LENGTH === 0 && rank + 1 < shownCount) touched.add((rank + 1) / RUN_LENGTH);
    }
    const parts: ({ from: number; to: number } | Patch)[] = [];
    for (let run = 0; run < runCount;) {
      let end = run;
      while (end < runCount && touched.has(end) === touched.has(run)) end += 1;
      if (!touched.has(run)) {
        parts.push({ from: run, to: end });
      } else {
        const firstRank = run * RUN_LENGTH;
        const endRank = Math.min(end * RUN_LENGTH, shownCount);
        const firstPlace = firstRank === 0 ? 0 : (view.shown[firstRank - 1] ?? 0) + 1;
        const endPlace = endRank >= shownCount ? view.items.length : (view.shown[endRank] ?? view.items.length);
        const items: Item[] = [];
        for (let at = firstPlace; at < endPlace; at += 1) {
          const item = differing.get(at) ?? view.items[at];
          if (item?.shown) items.push(item);
        }
        parts.push({ items, before: firstRank === 0 ? null : (view.items[view.shown[firstRank - 1] ?? 0] ?? null) });
      }
      run = end;
    }

    let byteLength = 2;
    for (const part of parts) byteLength += 'from' in part ? view.pieces.textLength(part.from, part.to) : patchLength(part);
    return new PreparedJson<Mission[]>(
      byteLength,
      () => {
        const items = view.items.map((item, at) => differing.get(at) ?? item);
        const out = Buffer.allocUnsafe(byteLength);
        const at = writeItems(out, out.write('['), items, false);
        out.write(']', at);
        return out;
      },
      () => this.gzip(view, parts),
    );
  }

  private async gzip(view: BaseView, parts: readonly ({ from: number; to: number } | Patch)[]): Promise<Buffer> {
    this.calls += 1;
    const patches = parts.filter((part) => !('from' in part)).length;
    const pieces = parts.map((part) => ('from' in part ? view.pieces.slice(part.from, part.to) : this.patchPiece(part, patches <= MISSING_IN_POOL)));
    return gzipOfPieces([OPEN, ...(await Promise.all(pieces)), CLOSE]);
  }

  /** A patch's piece, kept by what it holds and the element before it. */
  private patchPiece(patch: Patch, inPool: boolean): GzipPiece | Promise<GzipPiece> {
    return this.piece(pieceKey(patch.before, patch.items), patch.items, patch.before, inPool);
  }

  /** The piece of these elements after `before`: kept, being compressed, or compressed now. */
  private piece(key: string, items: readonly Item[], before: Item | null, inPool: boolean): GzipPiece | Promise<GzipPiece> {
    const kept = this.pieces.get(key);
    if (!kept) return this.compress(key, items, before, inPool);
    kept.used = this.calls;
    return kept.piece;
  }

  /**
   * Elements compressed as one piece, with the element before them (without its separator: a
   * dictionary only has to be the end of what precedes) as the dictionary. Calls that need the
   * same piece while it is being compressed share the one compression.
   */
  private compress(key: string, items: readonly Item[], before: Item | null, inPool: boolean): GzipPiece | Promise<GzipPiece> {
    const running = this.compressing.get(key);
    if (running) return running;
    const text = Buffer.concat(items.map((item, n) => elementText(item, n > 0 || before !== null)));
    const dictionary = before ? elementText(before, false) : undefined;
    if (!inPool) {
      const piece = gzipPieceNow(text, ANSWER_GZIP_LEVEL, dictionary);
      this.keep(key, { piece, used: this.calls });
      return piece;
    }
    const compressed = gzipPiece(text, ANSWER_GZIP_LEVEL, dictionary)
      .then((piece) => {
        this.keep(key, { piece, used: this.calls });
        return piece;
      })
      .finally(() => this.compressing.delete(key));
    this.compressing.set(key, compressed);
    return compressed;
  }

  private keep(key: string, kept: KeptPiece): void {
    if (this.pieces.size >= PIECES_KEPT) {
      for (const [oldKey, old] of this.pieces) if (old.used < this.calls - PIECES_RECENT) this.pieces.delete(oldKey);
      if (this.pieces.size >= PIECES_KEPT) this.pieces.clear();
    }
    this.pieces.set(key, kept);
  }
}

/** Whether `order` is exactly the missions read, at their revisions. */
function matches(order: readonly Rendered[], current: Map<string, Current>): boolean {
  return order.length === current.size && order.every((rendered) => current.get(rendered.id)?.rev === rendered.rev);
}

/**
 * What a piece's bytes depend on: its elements and the one before them (its dictionary; without
 * one, the first element has no separator).
 */
function pieceKey(before: Item | null, items: readonly Item[]): string {
  return `${before ? itemKey(before) : '['}|${items.map(itemKey).join(';')}`;
}

/** What an element's bytes depend on (the separator before it aside). */
function itemKey(item: Item): string {
  return `${item.rendered.serial}.${item.votes}.${item.subscriptions}.${Number(item.voted)}${Number(item.subscribed)}`;
}

/** A patch's length as it is written: every element but a first one in the list has a separator. */
function patchLength(patch: Patch): number {
  return patch.items.reduce(
    (sum, item, n) =>
      sum + (n > 0 || patch.before !== null ? SEPARATOR.length : 0) + item.rendered.head.length + Buffer.byteLength(middleOf(item)) + item.rendered.tail.length,
    0,
  );
}

/** The four per-call fields between a mission's head and tail, with the commas around them. */
function middleOf(item: Item): string {
  return `,"vote_count":${item.votes},"subscription_count":${item.subscriptions},"is_voted":${item.voted},"is_subscribed":${item.subscribed},`;
}

/** Writes the shown items as list elements from `at`; `after` says whether an element came before. Returns the end. */
function writeItems(out: Buffer, start: number, items: readonly Item[], after: boolean): number {
  let at = start;
  let separate = after;
  for (const item of items) {
    if (!item.shown) continue;
    if (separate) at += out.write(SEPARATOR, at);
    at += item.rendered.head.copy(out, at);
    at += out.write(middleOf(item), at);
    at += item.rendered.tail.copy(out, at);
    separate = true;
  }
  return at;
}

/** One list element as its bytes, with the separator before it unless it is the first. */
function elementText(item: Item, separated: boolean): Buffer {
  const middle = middleOf(item);
  const { head, tail } = item.rendered;
  const out = Buffer.allocUnsafe((separated ? SEPARATOR.length : 0) + head.length + middle.length + tail.length);
  let at = separated ? out.write(SEPARATOR) : 0;
  at += head.copy(out, at);
  at += out.write(middle, at);
  tail.copy(out, at);
  return out;
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

/** get_all_missions for one viewer, from the cache that belongs to this database connection (pool). */
export function listMissions(db: Queryable, viewerId: string): Promise<PreparedJson<Mission[]> | JsonText<Mission[]>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MissionListCache();
    caches.set(db, cache);
  }
  return cache.list(db, viewerId);
}
