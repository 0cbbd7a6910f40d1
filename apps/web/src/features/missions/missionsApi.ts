import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  personalMissionList,
  type Mission,
  type MissionDetails,
  type ProcedureName,
  type ProcedureParams,
  type SubscriptionResult,
  type VoteResult,
} from '@mc/contract';
import { callRpc, firstRow, outcomeUnknown } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { getLiveStatus } from '../../lib/live/status';
import { listWithNewsSince, newsClock, noteOwnNews } from '../../lib/missionNews';
import { applySubscriptionResult, applyVoteResult, type Engagement } from './missionRules';
import { isUnchecked, markChecked, markUnchecked, toggleMark } from './uncheckedToggles';

/**
 * The missions screens' calls and what they do with the answers (docs/product.md#procedures).
 * Errors are thrown, never shown here: each screen decides what the person sees.
 */

/** An empty answer where a row was expected: "{procedure} returned no data". */
export function noDataError(procedure: ProcedureName): Error {
  return new Error(`${procedure} returned no data`);
}

/**
 * Every mission as this person sees it: the list everyone shares and their own marks, read in one
 * call and put together as get_all_missions would answer (docs/product.md#get_mission_list).
 */
export function allMissionsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.missionList(userId),
    queryFn: async (): Promise<Mission[]> => {
      const startedAt = newsClock();
      return listWithNewsSince(startedAt, userId, personalMissionList(await callRpc('get_mission_list', {})));
    },
  });
}

export type MissionInput = Pick<
  ProcedureParams<'create_mission'>,
  'p_name' | 'p_shared_intention' | 'p_objective_or_focus' | 'p_statement' | 'p_core_message' | 'p_problem_being_solved' | 'p_first_team_action'
>;

/** Creates the person's mission; `sourceQuestionId` when it starts from a question (docs/product.md#missions-from-questions). */
export async function createMission(creatorId: string, input: MissionInput, sourceQuestionId: string | null = null): Promise<Mission> {
  const row = firstRow(await callRpc('create_mission', { p_creator_id: creatorId, ...input, p_member_ids: [], p_source_question_id: sourceQuestionId }));
  if (!row) throw noDataError('create_mission');
  return row;
}

/** Fields left out (null) stay as they are (docs/product.md#update_mission). */
export async function updateMission(missionId: string, updatedBy: string, input: Partial<MissionInput>): Promise<Mission> {
  const row = firstRow(await callRpc('update_mission', { p_mission_id: missionId, p_updated_by: updatedBy, ...input }));
  if (!row) throw noDataError('update_mission');
  return row;
}

export function toggleVote(missionId: string): Promise<VoteResult> {
  return callRpc('toggle_mission_vote', { p_mission_id: missionId });
}

export function toggleSubscription(missionId: string): Promise<SubscriptionResult> {
  return callRpc('toggle_mission_subscription', { p_mission_id: missionId });
}

export type ToggleKind = 'vote' | 'subscription';

/**
 * Runs a toggle towards `wanted` (the state the person asked for: true to vote or subscribe) for
 * the signed-in `viewerId`, and
 * applies its answer to both cached forms of that mission: its row in the list and its one details
 * entry (which My Mission, the dashboard card and the details page all read), so the counts change
 * everywhere at once without a reload. A toggle whose answer never came may have been applied
 * (uncheckedToggles.ts): the next press reads the mission's state first, and a toggle that had in
 * fact been applied is not sent again.
 */
export async function runToggle(queryClient: QueryClient, kind: ToggleKind, missionId: string, wanted: boolean, viewerId: string | null): Promise<void> {
  const mark = toggleMark(viewerId, kind, missionId);
  if (isUnchecked(mark)) {
    // Offline this read is refused, and the mark stays for the next press.
    const current = await callRpc('get_mission_details', { p_mission_id: missionId, p_user_id: viewerId });
    if (current && (kind === 'vote' ? current.is_voted : current.is_subscribed) === wanted) {
      markChecked(mark);
      applyCurrentState(queryClient, viewerId, missionId, current);
      return;
    }
  }
  markUnchecked(mark);
  let step: <T extends Engagement>(state: T) => T;
  try {
    step =
      kind === 'vote'
        ? await toggleVote(missionId).then(
            (result) =>
              <T extends Engagement>(state: T) =>
                applyVoteResult(state, result),
          )
        : await toggleSubscription(missionId).then(
            (result) =>
              <T extends Engagement>(state: T) =>
                applySubscriptionResult(state, result),
          );
  } catch (error) {
    // Refused before it left, or refused by the server: nothing was applied. Only a lost answer keeps the mark.
    if (!outcomeUnknown(error)) markChecked(mark);
    throw error;
  }
  markChecked(mark);
  // The person's own flag after this answer (it does not depend on the state it is applied to), for
  // a list or details read that is on its way and was put together before the toggle.
  const own = step({ vote_count: 0, is_voted: false, subscription_count: 0, is_subscribed: false });
  noteOwnNews(viewerId, missionId, kind === 'vote' ? { is_voted: own.is_voted } : { is_subscribed: own.is_subscribed });
  // While the live channel is up it sends this toggle's new counts too, and it may arrive before
  // or after this answer: adding the answer's step on top would count the toggle twice. Then the
  // answer sets only the person's own flag and the counts are the live channel's alone.
  const live = getLiveStatus() === 'live';
  const apply = <T extends Engagement>(state: T): T => {
    const next = step(state);
    return live ? { ...next, vote_count: state.vote_count, subscription_count: state.subscription_count } : next;
  };
  updateCachedMission(queryClient, missionId, apply);
}

function updateCachedMission(queryClient: QueryClient, missionId: string, apply: <T extends Engagement>(state: T) => T): void {
  queryClient.setQueriesData<Mission[]>({ queryKey: queryKeys.missionListOfAnyViewer }, (list) =>
    list?.map((mission) => (mission.mission_id === missionId ? apply(mission) : mission)),
  );
  queryClient.setQueriesData<MissionDetails | null>({ queryKey: queryKeys.missionDetailsOfAnyViewer(missionId) }, (details) =>
    details ? { ...apply(details), mission: apply(details.mission) } : details,
  );
}

/** The mission's engagement as the server has it now, into every cached copy. */
function applyCurrentState(queryClient: QueryClient, viewerId: string | null, missionId: string, current: MissionDetails): void {
  const engagement = {
    is_voted: current.is_voted,
    vote_count: current.vote_count,
    is_subscribed: current.is_subscribed,
    subscription_count: current.subscription_count,
  };
  noteOwnNews(viewerId, missionId, { is_voted: current.is_voted, is_subscribed: current.is_subscribed });
  updateCachedMission(queryClient, missionId, (state) => ({ ...state, ...engagement }));
}

/** After creating or updating: everything mission-related is stale, including the sidebar's memberships. */
export async function invalidateMissions(queryClient: QueryClient, userId: string | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.missions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userMissions(userId) }),
  ]);
}
