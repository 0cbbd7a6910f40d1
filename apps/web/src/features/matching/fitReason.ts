import type { I18n } from '@lingui/core';
import type { FitParts } from '@mc/contract';
import { archetypeLabel, objectiveLabel } from '../roles';

/**
 * The one line that says why a role and a person fit, as the contract's fitReason writes it in
 * English ("wants: facilitation; you wrote: facilitation; wants a Connector, as you are"), in the
 * interface's language. Skill tags are what people wrote, so they stay as written.
 */
export function fitReasonText(_: I18n['_'], parts: FitParts, who: 'you' | 'they'): string {
  const pieces: string[] = [];
  if (parts.wanted_skills.length) {
    pieces.push(_('matching.reason.wants', { skills: parts.wanted_skills.join(', ') }));
    if (parts.matched_skills.length) {
      const skills = parts.matched_skills.join(', ');
      pieces.push(who === 'you' ? _('matching.reason.youWrote', { skills }) : _('matching.reason.theyWrote', { skills }));
    }
  }
  if (parts.archetype) {
    // The catalogue picks the article for each archetype ("an Architect"), so it gets the key too.
    const values = { archetype: archetypeLabel(_, parts.archetype), kind: parts.archetype };
    pieces.push(who === 'you' ? _('matching.reason.archetypeYou', values) : _('matching.reason.archetypeThey', values));
  }
  if (parts.objective) {
    const objective = objectiveLabel(_, parts.objective);
    pieces.push(who === 'you' ? _('matching.reason.objectiveYou', { objective }) : _('matching.reason.objectiveThey', { objective }));
  }
  return pieces.join('; ');
}
