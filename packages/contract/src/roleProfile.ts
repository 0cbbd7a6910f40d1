import { OBJECTIVES, PROFILE_TEXT_MAX, ROLE_ARCHETYPES, SHORT_TEXT_MAX } from './constants.ts';
import { requiredFieldsMessage } from './procedures.ts';

/**
 * The role profile (docs/product.md#role-profile-form): its nine fields, the form-field → record
 * mapping, the labels in the order the form shows them (and the combined "Please fill in all
 * required fields: …" message lists them), and the one required-fields rule that the form and the server both apply.
 */

/** The record fields a person fills in (role_archype spelled so, as the product's record spells it). */
export type RoleProfileRecordField =
  | 'role_title'
  | 'intention'
  | 'skills_and_resources'
  | 'knowledge_and_experience'
  | 'community_need'
  | 'contribution'
  | 'first_action_next_7_days'
  | 'high_objective'
  | 'role_archype';

/** The form's state names, each mapped to a record field. */
export type RoleProfileFormField =
  'roleTitle' | 'kernel' | 'hardware' | 'software' | 'systemRequirement' | 'applicationService' | 'executionLayer' | 'higherObjective' | 'roleArchetype';

export interface RoleProfileFieldSpec {
  form: RoleProfileFormField;
  record: RoleProfileRecordField;
  /** The label the form shows and the required-fields message names. */
  label: string;
  kind: 'line' | 'text' | 'select';
  maxLength: number;
}

/** In the order the form shows them; the combined message names missing fields in this same order. */
export const ROLE_PROFILE_FIELDS: readonly RoleProfileFieldSpec[] = [
  { form: 'roleTitle', record: 'role_title', label: 'Name this role', kind: 'line', maxLength: SHORT_TEXT_MAX },
  { form: 'roleArchetype', record: 'role_archype', label: 'Role Archetype', kind: 'select', maxLength: SHORT_TEXT_MAX },
  { form: 'kernel', record: 'intention', label: 'Your intention or purpose', kind: 'text', maxLength: PROFILE_TEXT_MAX },
  { form: 'higherObjective', record: 'high_objective', label: 'Higher objective (Maqāşid)', kind: 'select', maxLength: SHORT_TEXT_MAX },
  { form: 'hardware', record: 'skills_and_resources', label: 'Skills and resources', kind: 'text', maxLength: PROFILE_TEXT_MAX },
  { form: 'software', record: 'knowledge_and_experience', label: 'Knowledge and experience', kind: 'text', maxLength: PROFILE_TEXT_MAX },
  { form: 'systemRequirement', record: 'community_need', label: 'Community need you see', kind: 'text', maxLength: PROFILE_TEXT_MAX },
  { form: 'applicationService', record: 'contribution', label: 'How you plan to serve', kind: 'text', maxLength: PROFILE_TEXT_MAX },
  { form: 'executionLayer', record: 'first_action_next_7_days', label: 'First action in the next 7 days', kind: 'text', maxLength: PROFILE_TEXT_MAX },
];

/** The options of the two select fields (docs/product.md#constants). */
export const ROLE_PROFILE_OPTIONS: Partial<Record<RoleProfileRecordField, readonly string[]>> = {
  high_objective: OBJECTIVES,
  role_archype: ROLE_ARCHETYPES,
};

export type RoleProfileValues = Record<RoleProfileRecordField, string | null | undefined>;

/** The labels of the fields that are empty after trimming, in the message's order. */
export function missingRoleProfileLabels(values: RoleProfileValues): string[] {
  return ROLE_PROFILE_FIELDS.filter((field) => !(values[field.record] ?? '').trim()).map((field) => field.label);
}

/** The one combined message (docs/product.md#role-profile-form), or null when all nine fields are filled in. */
export function roleProfileRequiredMessage(values: RoleProfileValues): string | null {
  const missing = missingRoleProfileLabels(values);
  return missing.length ? requiredFieldsMessage(missing) : null;
}

/** Server messages for the role-profile rules (docs/product.md#create_role_profile), as P0001. */
export const ROLE_PROFILE_MESSAGES = {
  surveyFirst: 'Please complete the pre-conference survey before creating your role profile',
  alreadyExists: 'You already have a role profile. Please update it instead.',
  notFound: 'You do not have a role profile yet. Please create one first.',
} as const;
