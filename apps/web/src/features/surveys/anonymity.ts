import type { Session } from '@supabase/supabase-js';
import { readAnonymityClaims } from '../../lib/anonymityClaims';
import { readAnonymityChoice } from '../../lib/storage';
import type { SurveyAnonymity } from './surveyUrls';

/**
 * Open Survey (docs/product.md#dashboard): the anonymity choice already made, from local storage first, then from
 * the user's claims; null when none was made. Errors reading the claims are only logged.
 */
export function madeAnonymityChoice(session: Session | null): SurveyAnonymity | null {
  const stored = readAnonymityChoice();
  if (stored) return stored;
  if (!session) return null;
  try {
    const claims = readAnonymityClaims(session);
    if (claims?.anonymity_choice_made !== true) return null;
    return {
      isAnonymous: claims.is_anonymous === true,
      anonymousGuid: typeof claims.anonymous_guid === 'string' && claims.anonymous_guid ? claims.anonymous_guid : null,
    };
  } catch (error) {
    console.error('Could not read the anonymity claims', error);
    return null;
  }
}
