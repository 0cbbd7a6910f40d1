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
  get_mission_details: MissionDetails | MissionDetails[];
  toggle_mission_vote: VoteResult | VoteResult[];
  toggle_mission_subscription: SubscriptionResult | SubscriptionResult[];
}

export type ProcedureResult<N extends ProcedureName> = ProcedureResults[N];

/** PostgREST's code for an exception raised by a procedure: a broken business rule (SPEC §8). */
export const BUSINESS_ERROR_CODE = 'P0001';
export const DATABASE_ERROR_FALLBACK = 'Database error';

/** A failed procedure call. Carries the server's code and message; never shows anything itself. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  readonly code: string;
  readonly procedure: ProcedureName;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(procedure: ProcedureName, code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.procedure = procedure;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  get isBusinessError(): boolean {
    return this.code === BUSINESS_ERROR_CODE;
  }
}

interface WireError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
}

const asText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toRpcError(procedure: ProcedureName, error: WireError): RpcError {
  const code = asText(error.code) ?? '';
  const message = asText(error.message);
  if (code === BUSINESS_ERROR_CODE) {
    return new RpcError(procedure, code, message ?? DATABASE_ERROR_FALLBACK, asText(error.details), asText(error.hint));
  }
  return new RpcError(procedure, code, message ?? `${procedure} failed`, asText(error.details), asText(error.hint));
}

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

/** The first row of a list answer, the value itself for a single answer, or null when empty. */
export function firstRow<T>(data: T | readonly T[] | null | undefined): T | null {
  if (data === null || data === undefined) return null;
  if (Array.isArray(data)) return (data[0] as T | undefined) ?? null;
  return data as T;
}
