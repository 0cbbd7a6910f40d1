import type { I18n } from '@lingui/core';
import type { Objective, RoleArchetype } from '@mc/contract';

/*
 * The archetypes and higher objectives are the contract's English values: records and procedures
 * keep them so. On screen each is its message in the interface's language; a value the lists do
 * not know (an older record) shows as it is stored.
 */

type Translate = I18n['_'];

const ARCHETYPES: Readonly<Record<RoleArchetype, { messageId: string }>> = {
  Visionary: { messageId: 'roles.archetype.visionary' },
  Leader: { messageId: 'roles.archetype.leader' },
  Architect: { messageId: 'roles.archetype.architect' },
  Teacher: { messageId: 'roles.archetype.teacher' },
  Connector: { messageId: 'roles.archetype.connector' },
  Creator: { messageId: 'roles.archetype.creator' },
  Storyteller: { messageId: 'roles.archetype.storyteller' },
};

const OBJECTIVES: Readonly<Record<Objective, { messageId: string }>> = {
  'Faith / Spirituality': { messageId: 'roles.objective.faith' },
  'Life & Well-being': { messageId: 'roles.objective.life' },
  'Intellect & Knowledge': { messageId: 'roles.objective.intellect' },
  'Family & Care': { messageId: 'roles.objective.family' },
  'Wealth & Economic Justice': { messageId: 'roles.objective.wealth' },
  'Dignity & Honour': { messageId: 'roles.objective.dignity' },
  'Not sure yet': { messageId: 'roles.objective.notSure' },
};

function labelFrom(table: Readonly<Record<string, { messageId: string }>>, _: Translate, value: string): string {
  const entry = Object.hasOwn(table, value) ? table[value] : undefined;
  return entry ? _(entry.messageId) : value;
}

/** An archetype ("Connector") as the interface's language names it. */
export function archetypeLabel(_: Translate, value: string): string {
  return labelFrom(ARCHETYPES, _, value);
}

/** A higher objective ("Family & Care") as the interface's language names it. */
export function objectiveLabel(_: Translate, value: string): string {
  return labelFrom(OBJECTIVES, _, value);
}
