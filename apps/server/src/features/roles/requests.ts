import { OPEN_REQUESTS_MAX, REQUEST_MESSAGES, type TeamRequest } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import type { Queryable } from '../../db/db.ts';
import { acceptsAdditionsSql, recordMembersAdded, recordRequestEvent } from '../../kernel/events.ts';
import { roleCardVisibleSql } from '../../kernel/role-card.ts';
import { isOwnerSql } from '../../kernel/members.ts';
import { missionOwnerNamesSql } from '../../kernel/people.ts';
import { isMissionOwner, roleOpenSql } from '../../kernel/open-roles.ts';
import { committed, transaction, type Tx } from '../../kernel/effects.ts';

/*
 * Asking to join and inviting (docs/product.md#joining-a-team). Every change to one mission's
 * team or requests runs after locking the mission row, so two owners accepting the last place of
 * a role at once end with one member: the second sees the role full.
 */

/**
 * A request's row (TeamRequest). `source` says whether an invitation came from the mission's owners
 * or is the organisers' team-builder proposal, which names the mission's owners (`owners`, as
 * people_shown names them) and the skills that made the fit (`fit_reason`).
 */
const REQUEST_COLUMNS = `q.request_id, q.kind, q.role_id, r.title as role_title, q.mission_id, m.name as mission_name, q.user_id,
  shown.first_name, shown.last_name, q.message, q.status, q.reason, q.created_at, q.source,
  case when q.source = 'organisers' then ${missionOwnerNamesSql('q.mission_id')} else '' end as owners, q.fit_reason`;
const REQUEST_FROM = `team_requests q join mission_roles r on r.role_id = q.role_id join missions m on m.mission_id = q.mission_id
  join people_shown shown on shown.id = q.user_id`;

async function requestById(db: Queryable, requestId: string): Promise<TeamRequest[]> {
  return db.query<TeamRequest>(`select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where q.request_id = $1`, [requestId]);
}

interface RoleState {
  mission_id: string;
  title: string;
  open: boolean;
  hidden: boolean;
}

/** Locks the role's mission and answers what a request needs to know about the role. */
async function lockRole(tx: Queryable, roleId: string): Promise<RoleState> {
  const [found] = await tx.query<{ mission_id: string }>('select mission_id from mission_roles where role_id = $1', [roleId]);
  if (!found) throw businessError(REQUEST_MESSAGES.roleClosed);
  await tx.query('select mission_id from missions where mission_id = $1 for update', [found.mission_id]);
  const [role] = await tx.query<RoleState>(
    `select r.mission_id, r.title, ${roleOpenSql('r')} as open, m.hidden_at is not null as hidden
       from mission_roles r join missions m on m.mission_id = r.mission_id where r.role_id = $1`,
    [roleId],
  );
  if (!role) throw businessError(REQUEST_MESSAGES.roleClosed);
  if (role.hidden) throw businessError(REQUEST_MESSAGES.missionHidden);
  return role;
}

async function isMember(tx: Queryable, missionId: string, userId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from mission_members where mission_id = $1 and user_id = $2', [missionId, userId]);
  return rows.length > 0;
}

async function ownerIds(tx: Queryable, missionId: string): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(`select user_id from mission_members where mission_id = $1 and ${isOwnerSql()}`, [missionId]);
  return rows.map((row) => row.user_id);
}

async function insertRequest(
  tx: Queryable,
  values: { kind: 'ask' | 'invite'; roleId: string; missionId: string; userId: string; by: string | null; message: string },
) {
  const [created] = await tx.query<{ request_id: string }>(
    `insert into team_requests (kind, role_id, mission_id, user_id, invited_by, message) values ($1, $2, $3, $4, $5, $6)
     on conflict (role_id, user_id) where status = 'open' do nothing returning request_id`,
    [values.kind, values.roleId, values.missionId, values.userId, values.by, values.message],
  );
  if (!created) throw businessError(REQUEST_MESSAGES.alreadyAsked);
  return created.request_id;
}

/**
 * The people whose bell shows this request for them to answer (the owners it was sent to, or the
 * person invited): once it is answered or withdrawn, their bells no longer offer to answer it.
 */
const requestReadersSql = (missionId: string, requestId: string) => `select n.user_id from mission_events e join notifications n on n.event_id = e.id
  where e.mission_id = ${missionId} and e.kind in ('join_requested', 'invited_to_team') and e.data->>'request' = ${requestId}::text`;

async function requestReaders(tx: Queryable, missionId: string, requestId: string): Promise<string[]> {
  return (await tx.query<{ user_id: string }>(requestReadersSql('$1', '$2'), [missionId, requestId])).map((row) => row.user_id);
}

/** Accepts an open request: the person joins with the role's title as role_in_team, if a place is left. */
async function accept(tx: Tx, request: { request_id: string; kind: string; role_id: string; user_id: string; invited_by: string | null }, actor: string) {
  const role = await lockRole(tx, request.role_id);
  if (!role.open) throw businessError(REQUEST_MESSAGES.roleClosed);
  if (await isMember(tx, role.mission_id, request.user_id)) throw businessError(REQUEST_MESSAGES.personAlreadyMember);
  // The owner who invited is the one who adds; an accepted request is added by the owner answering.
  const adder = request.kind === 'invite' ? (request.invited_by ?? actor) : actor;
  await recordMembersAdded(tx, role.mission_id, adder, [request.user_id]);
  await tx.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner, role_id) values ($1, $2, $3, false, $4)`, [
    role.mission_id,
    request.user_id,
    role.title,
    request.role_id,
  ]);
  await tx.query(`update team_requests set status = 'accepted', answered_at = now() where request_id = $1`, [request.request_id]);
  return role.mission_id;
}

export const requestProcedures = {
  /** The caller asks to join a mission for an open role, with a short message; the owners are told. */
  ask_to_join: procedure('ask_to_join', async (params, ctx) => {
    const requestId = await transaction(ctx.db, async (tx) => {
      const role = await lockRole(tx, params.p_role_id);
      // One person's requests one after another, so the limit of open requests holds. The mission
      // first, then the person (docs/ARCHITECTURE.md#lock-order), and FOR NO KEY UPDATE, which lets
      // other requests meanwhile write rows that name them (a bell for an owner who is asking too).
      await tx.query('select id from users where id = $1 for no key update', [ctx.userId]);
      if (!role.open) throw businessError(REQUEST_MESSAGES.roleClosed);
      if (await isMember(tx, role.mission_id, ctx.userId)) throw businessError(REQUEST_MESSAGES.alreadyMember);
      const [open] = await tx.query<{ n: number }>(`select count(*)::int as n from team_requests where user_id = $1 and kind = 'ask' and status = 'open'`, [
        ctx.userId,
      ]);
      if ((open?.n ?? 0) >= OPEN_REQUESTS_MAX) throw businessError(REQUEST_MESSAGES.tooMany);
      const id = await insertRequest(tx, {
        kind: 'ask',
        roleId: params.p_role_id,
        missionId: role.mission_id,
        userId: ctx.userId,
        by: null,
        message: params.p_message,
      });
      const data = { role: role.title, request: id, request_kind: 'ask' };
      const event = { kind: 'join_requested', missionId: role.mission_id, actorId: ctx.userId, subjectId: ctx.userId, data } as const;
      await recordRequestEvent(tx, event, await ownerIds(tx, role.mission_id));
      return id;
    });
    return requestById(ctx.db, requestId);
  }),

  /** An owner invites a person whose role card they may read to an open role; the person is told. */
  invite_to_role: procedure('invite_to_role', async (params, ctx) => {
    const requestId = await transaction(ctx.db, async (tx) => {
      const role = await lockRole(tx, params.p_role_id);
      if (!(await isMissionOwner(tx, role.mission_id, ctx.userId))) throw forbidden(REQUEST_MESSAGES.notYours);
      if (!role.open) throw businessError(REQUEST_MESSAGES.roleClosed);
      const [person] = await tx.query<{ readable: boolean; accepts: boolean }>(
        `select ${roleCardVisibleSql('u', '$2')} and exists (select 1 from role_profiles p where p.user_id = u.id) as readable,
                ${acceptsAdditionsSql('u')} as accepts
           from users u where u.id = $1`,
        [params.p_user_id, ctx.userId],
      );
      if (!person?.readable) throw businessError(REQUEST_MESSAGES.noCard);
      if (!person.accepts) throw businessError(REQUEST_MESSAGES.additionsRefused);
      if (await isMember(tx, role.mission_id, params.p_user_id)) throw businessError(REQUEST_MESSAGES.personAlreadyMember);
      const id = await insertRequest(tx, {
        kind: 'invite',
        roleId: params.p_role_id,
        missionId: role.mission_id,
        userId: params.p_user_id,
        by: ctx.userId,
        message: params.p_message,
      });
      const data = { role: role.title, request: id, request_kind: 'invite' };
      const event = { kind: 'invited_to_team', missionId: role.mission_id, actorId: ctx.userId, subjectId: params.p_user_id, data } as const;
      await recordRequestEvent(tx, event, [params.p_user_id]);
      return id;
    });
    return requestById(ctx.db, requestId);
  }),

  /**
   * Accepts or declines (with an optional reason) an open request: a request to join is answered
   * by the mission's owners, an invitation by the person invited.
   */
  answer_team_request: procedure('answer_team_request', async (params, ctx) => {
    const [known] = await ctx.db.query<{ mission_id: string }>('select mission_id from team_requests where request_id = $1', [params.p_request_id]);
    if (!known) throw businessError(REQUEST_MESSAGES.notFound);
    await transaction(ctx.db, async (tx) => {
      await tx.query('select mission_id from missions where mission_id = $1 for update', [known.mission_id]);
      const [request] = await tx.query<{ request_id: string; kind: string; role_id: string; user_id: string; invited_by: string | null; title: string }>(
        `select q.request_id, q.kind, q.role_id, q.user_id, q.invited_by, r.title
           from team_requests q join mission_roles r on r.role_id = q.role_id where q.request_id = $1 and q.status = 'open'`,
        [params.p_request_id],
      );
      if (!request) throw businessError(REQUEST_MESSAGES.notFound);
      const mayAnswer = request.kind === 'ask' ? await isMissionOwner(tx, known.mission_id, ctx.userId) : request.user_id === ctx.userId;
      if (!mayAnswer) throw forbidden(REQUEST_MESSAGES.notYours);
      // Whoever else was asked to answer it sees it answered.
      tx.effects.bellsChanged(await requestReaders(tx, known.mission_id, request.request_id));
      if (params.p_accept) {
        await accept(tx, request, ctx.userId);
        return;
      }
      const reason = params.p_reason ? params.p_reason : null;
      await tx.query(`update team_requests set status = 'declined', reason = $2, answered_at = now() where request_id = $1`, [request.request_id, reason]);
      const readers = request.kind === 'ask' ? [request.user_id] : await ownerIds(tx, known.mission_id);
      const data = { role: request.title, reason, request_kind: request.kind };
      const event = { kind: 'request_declined', missionId: known.mission_id, actorId: ctx.userId, subjectId: request.user_id, data } as const;
      await recordRequestEvent(tx, event, readers);
    });
    return requestById(ctx.db, params.p_request_id);
  }),

  /** The person withdraws their own open request to join, or an owner an open invitation. */
  withdraw_team_request: procedure('withdraw_team_request', async (params, ctx) => {
    const withdrawn = await ctx.db.query<{ request_id: string; readers: string[] }>(
      `update team_requests q set status = 'withdrawn', answered_at = now()
        where q.request_id = $1 and q.status = 'open'
          and ((q.kind = 'ask' and q.user_id = $2)
               or (q.kind = 'invite' and exists (select 1 from mission_members o where o.mission_id = q.mission_id and o.user_id = $2 and ${isOwnerSql('o')})))
        returning q.request_id,
                  array(${requestReadersSql('q.mission_id', 'q.request_id')}) as readers`,
      [params.p_request_id, ctx.userId],
    );
    const [done] = withdrawn;
    if (!done) throw businessError(REQUEST_MESSAGES.notFound);
    // The one statement committed: the people it was sent to no longer see it waiting for them.
    committed(ctx.db, (effects) => effects.bellsChanged(done.readers));
    return requestById(ctx.db, params.p_request_id);
  }),

  /** The caller's open requests to join and the invitations waiting for them, newest first. */
  get_my_team_requests: procedure('get_my_team_requests', async (_params, ctx) =>
    ctx.db.query<TeamRequest>(`select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where q.user_id = $1 and q.status = 'open' order by q.created_at desc`, [
      ctx.userId,
    ]),
  ),

  /** A mission's open requests and invitations, for its owners only. */
  get_mission_team_requests: procedure('get_mission_team_requests', async (params, ctx) => {
    if (!(await isMissionOwner(ctx.db, params.p_mission_id, ctx.userId))) throw forbidden(REQUEST_MESSAGES.notYours);
    return ctx.db.query<TeamRequest>(
      `select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where q.mission_id = $1 and q.status = 'open' order by q.kind, q.created_at`,
      [params.p_mission_id],
    );
  }),
};
