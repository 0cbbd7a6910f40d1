import type { BuilderLeftOut, TeamBuilderOverview } from '@mc/contract';
import { organiserProcedure } from '../../kernel/access.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { actorOf } from '../../kernel/actor.ts';
import { roleOpenSql } from '../../kernel/open-roles.ts';
import { acceptsAdditionsSql } from '../../kernel/events.ts';
import { missionOwnerNamesSql } from '../../kernel/people.ts';
import { transaction } from '../../kernel/effects.ts';
import { PLACEABLE_SQL, proposePlacements } from './builder.ts';
import { fitSql } from './fit.ts';
import { refreshMatchWords } from './words.ts';

/** The audit kind of a sent proposal. */
export const TEAM_BUILDER_AUDIT_KIND = 'team_builder.sent';

export const builderProcedures = {
  /** The console's figures: attendees with a profile on no team, and the open places they could take. */
  get_team_builder_overview: organiserProcedure('get_team_builder_overview', async (_params, ctx) => {
    const [figures] = await ctx.db.query<TeamBuilderOverview>(
      `select (select count(*)::int from role_profiles p join users u on u.id = p.user_id
                where not exists (select 1 from mission_members on_team where on_team.user_id = u.id)) as unteamed_with_profile,
              (select count(*)::int from role_profiles p join users u on u.id = p.user_id where ${PLACEABLE_SQL}) as placeable,
              count(r.role_id)::int as open_roles,
              coalesce(sum(r.places - (select count(*) from mission_members taken where taken.role_id = r.role_id)), 0)::int as open_places
         from mission_roles r join missions m on m.mission_id = r.mission_id
        where ${roleOpenSql('r')} and m.hidden_at is null`,
    );
    if (!figures) throw new Error('the overview query answered no row');
    return figures;
  }),

  /**
   * Who of the attendees with a profile on no team the builder may not propose, and why: they do
   * not accept being added to teams, or their card is not open to everyone (it would name them).
   */
  get_team_builder_left_out: organiserProcedure('get_team_builder_left_out', async (_params, ctx) =>
    ctx.db.query<BuilderLeftOut>(
      `select u.id as user_id, shown.first_name, shown.last_name,
              case when ${acceptsAdditionsSql('u')} then 'cardNotShared' else 'noAdditions' end as reason
         from role_profiles p join users u on u.id = p.user_id join people_shown shown on shown.id = u.id
        where not exists (select 1 from mission_members on_team where on_team.user_id = u.id) and not (${PLACEABLE_SQL})
        order by shown.first_name, shown.last_name, u.id`,
    ),
  ),

  /** Proposes a placement; nothing changes until the organiser sends it. */
  preview_team_builder: organiserProcedure('preview_team_builder', async (_params, ctx) => proposePlacements(ctx.db)),

  /**
   * Sends the previewed placements as invitations, from the organiser, each person told in their
   * bell as the organisers' proposal: the mission's owners and the skills that made the fit. A placement that no longer holds (the role closed or filled, the person joined a team,
   * stopped accepting additions, or a request between them was declined) is skipped and counted.
   */
  send_team_builder: organiserProcedure('send_team_builder', async (params, ctx) => {
    const placements = [...new Map(params.p_placements.map((placement) => [placement.user_id, placement])).values()];
    await refreshMatchWords(ctx.db);
    const fit = fitSql('p.match_words', 'p.role_archype', 'p.high_objective');
    const sent = await transaction(ctx.db, async (tx) => {
      const [told] = await tx.query<{ sent: number }>(
        `with proposed as (select * from jsonb_to_recordset($1::jsonb) as w(user_id uuid, role_id uuid)),
              still as (
                select w.user_id, r.role_id, r.mission_id, r.title, array_to_string(fit.matched_skills, ', ') as skills,
                       ${missionOwnerNamesSql('m.mission_id')} as owners
                  from proposed w join mission_roles r on r.role_id = w.role_id join missions m on m.mission_id = r.mission_id
                  join users u on u.id = w.user_id join role_profiles p on p.user_id = u.id ${fit.lateral}
                 where ${roleOpenSql('r')} and m.hidden_at is null and ${PLACEABLE_SQL}
                   and not exists (select 1 from team_requests refused where refused.user_id = u.id and refused.mission_id = m.mission_id
                                     and refused.status = 'declined')),
              invited as (
                insert into team_requests (kind, role_id, mission_id, user_id, invited_by, message, source, fit_reason)
                select 'invite', role_id, mission_id, user_id, $2, '', 'organisers', coalesce(skills, '') from still
                on conflict (role_id, user_id) where status = 'open' do nothing
                returning request_id, role_id, mission_id, user_id)
         select count(record_request_event('invited_to_team', i.mission_id, $2, i.user_id,
                  jsonb_build_object('role', s.title, 'request', i.request_id, 'request_kind', 'invite',
                                     'proposal_owners', coalesce(s.owners, ''), 'proposal_skills', s.skills), array[i.user_id]))::int as sent
           from invited i join still s on s.role_id = i.role_id and s.user_id = i.user_id`,
        [JSON.stringify(placements), ctx.userId],
      );
      const count = told?.sent ?? 0;
      if (count > 0) tx.effects.notificationsWritten();
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: TEAM_BUILDER_AUDIT_KIND,
        subject: `${count} invitations`,
        after: { sent: count, skipped: placements.length - count },
      });
      return count;
    });
    return { sent, skipped: params.p_placements.length - sent };
  }),
};
