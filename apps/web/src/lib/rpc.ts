import type {
  AppUser,
  Mission,
  MissionDetails,
  MissionMember,
  ProcedureName,
  ProcedureParams,
  RemoveMemberResult,
  RoleProfile,
  SubscriptionResult,
  SurveyStatus,
  UserSearchResult,
  VoteResult,
} from '@mc/contract';
import { supabase } from './supabase';
import { toRpcError } from './rpcError';

export { BUSINESS_ERROR_CODE, DATABASE_ERROR_FALLBACK, RpcError, firstRow, toRpcError } from './rpcError';

/** What each procedure answers (SPEC §7). Some answer a row list, some a bare value or a one-item list. */
export interface ProcedureResults {
  register_user_profile: unknown;
  get_user_by_auth: AppUser[];
  get_survey_status: SurveyStatus[];
  mark_survey_completed: SurveyStatus[];
  create_role_profile: RoleProfile[];
  update_role_profile: RoleProfile[];
  get_user_role_profile: RoleProfile[];
  search_users_with_profiles: UserSearchResult[];
  create_mission: Mission[];
  add_mission_member: MissionMember[] | MissionMember | 'error';
  get_mission_members: MissionMember[];
  remove_mission_member: RemoveMemberResult | RemoveMemberResult[];
  update_mission: Mission[];
  get_all_missions: Mission[];
  get_user_related_missions: { mission_id: string }[];
  get_mission_details: MissionDetails | MissionDetails[] | null;
  toggle_mission_vote: VoteResult | VoteResult[];
  toggle_mission_subscription: SubscriptionResult | SubscriptionResult[];
}

export type ProcedureResult<N extends ProcedureName> = ProcedureResults[N];

/**
 * Calls one procedure of SPEC §7 and returns its data, or throws an RpcError.
 * No toasts, no redirects: the screen that called decides what the person sees.
 */
export async function callRpc<N extends ProcedureName>(name: N, params: ProcedureParams<N>): Promise<ProcedureResult<N>> {
  const { data, error } = await supabase.rpc(name, params);
  if (error) throw toRpcError(name, error);
  // The server's answers follow ProcedureResults (see the contract); the wire gives no types of its own.
  return data as ProcedureResult<N>;
}
