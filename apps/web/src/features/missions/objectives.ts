import { OBJECTIVES, type Objective } from '@mc/contract';

/**
 * The objectives (docs/product.md#constants) are the contract's English words, stored as they are;
 * on screen each is the catalogue's message, so the mission form's choices and a mission's
 * "Objective / Focus" read in the interface's language.
 */
export const OBJECTIVE_LABELS: Readonly<Record<Objective, { messageId: string }>> = {
  'Faith / Spirituality': { messageId: 'mission.objective.faith' },
  'Life & Well-being': { messageId: 'mission.objective.life' },
  'Intellect & Knowledge': { messageId: 'mission.objective.intellect' },
  'Family & Care': { messageId: 'mission.objective.family' },
  'Wealth & Economic Justice': { messageId: 'mission.objective.wealth' },
  'Dignity & Honour': { messageId: 'mission.objective.dignity' },
  'Not sure yet': { messageId: 'mission.objective.notSure' },
};

function isObjective(value: string | null | undefined): value is Objective {
  return (OBJECTIVES as readonly (string | null | undefined)[]).includes(value);
}

/** The message of a stored objective, or null for a value that is none of them (kept as written). */
export function objectiveMessageId(value: string | null | undefined): string | null {
  return isObjective(value) ? OBJECTIVE_LABELS[value].messageId : null;
}
