import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react';
import type { AppUser } from '@mc/contract';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { storeAnonymityChoice } from '../../lib/storage';
import { useAuth } from '../../lib/auth';
import { madeAnonymityChoice, newGuid, preSurveyUrl, type PreConferenceState, type SurveyAnonymity } from '../surveys';

export type AnonymityAnswer = 'anonymous' | 'share';

/**
 * Open Survey (docs/product.md#dashboard): go straight to /pre-conference when the anonymity choice was made
 * (local storage first, then the claims), otherwise ask. Recording the answer on the server may
 * fail: the choice is still kept locally and the person still goes on to the survey.
 */
export function useOpenSurvey() {
  const { _ } = useLingui();
  const { session, appUser, refreshAppUser, setAnonymity } = useAuth();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState<AnonymityAnswer | null>(null);
  // Whether the profile of a person who shares could not be loaded: the alert says so.
  const [profileFailed, setProfileFailed] = useState(false);

  const goToSurvey = async (choice: SurveyAnonymity, person: AppUser | null) => {
    const surveyUrl = preSurveyUrl({ baseUrl: appConfig.preSurveyUrl, origin: window.location.origin, choice, person });
    const state: PreConferenceState = { surveyUrl };
    await navigate(paths.preConference(), { state });
  };

  /**
   * The app user for a person who shares: reloaded when asked to (right after the choice)
   * or when it is missing. Without a user id the profile alert shows and nothing else happens.
   */
  const personWhoShares = async (reload: boolean): Promise<AppUser | null> => {
    const person = (reload ? null : appUser) ?? (await refreshAppUser().catch(() => null));
    if (!person?.id) {
      setProfileFailed(true);
      return null;
    }
    return person;
  };

  const openSurvey = async () => {
    setProfileFailed(false);
    const choice = madeAnonymityChoice(session);
    if (!choice) {
      setDialogOpen(true);
      return;
    }
    if (choice.isAnonymous) {
      await goToSurvey(choice, null);
      return;
    }
    const person = await personWhoShares(false);
    if (person) await goToSurvey(choice, person);
  };

  const record = async (isAnonymous: boolean, guid: string | null) => {
    try {
      const result = await setAnonymity(isAnonymous, guid);
      if (result.error) console.warn('Could not record the anonymity choice', result.error);
      if (result.refreshError) console.warn('Anonymity recorded; the session refresh failed', result.refreshError);
    } catch (error) {
      console.warn('Could not record the anonymity choice', error);
    }
    storeAnonymityChoice({ isAnonymous, anonymousGuid: guid });
  };

  const answer = async (choice: AnonymityAnswer) => {
    setBusy(choice);
    setProfileFailed(false);
    try {
      if (choice === 'anonymous') {
        const guid = newGuid();
        await record(true, guid);
        await goToSurvey({ isAnonymous: true, anonymousGuid: guid }, null);
        return;
      }
      await record(false, null);
      const person = await personWhoShares(true);
      if (person) await goToSurvey({ isAnonymous: false, anonymousGuid: null }, person);
    } finally {
      setBusy(null);
    }
  };

  return {
    openSurvey,
    answer,
    busy,
    profileAlert: profileFailed ? _('dashboard.profileLoadAlert') : null,
    dialogOpen,
    setDialogOpen: (open: boolean) => {
      if (busy) return;
      setDialogOpen(open);
      if (!open) setProfileFailed(false);
    },
  };
}
