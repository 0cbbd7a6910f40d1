import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import { PRE_SURVEY_FRAME_HEIGHT } from '@mc/contract';
import { useAuth } from '../../lib/auth';
import { appConfig } from '../../lib/appConfig';
import { madeAnonymityChoice } from './anonymity';
import { SurveyPage } from './SurveyPage';
import { preSurveyUrl } from './surveyUrls';

/** What Open Survey hands to /pre-conference (docs/product.md#routes). */
export interface PreConferenceState {
  surveyUrl?: string;
}

function stateSurveyUrl(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('surveyUrl' in state)) return null;
  const { surveyUrl } = state as PreConferenceState;
  return typeof surveyUrl === 'string' ? surveyUrl : null;
}

export default function PreConferencePage() {
  const { _ } = useLingui();
  const location = useLocation();
  const { session, appUser, appUserLoading } = useAuth();
  const stateUrl = stateSurveyUrl(location.state);
  const waiting = !stateUrl && appUserLoading;

  const src = useMemo(
    () =>
      waiting
        ? null
        : preSurveyUrl({ baseUrl: appConfig.preSurveyUrl, origin: window.location.origin, stateUrl, choice: madeAnonymityChoice(session), person: appUser }),
    [waiting, stateUrl, session, appUser],
  );

  return (
    <SurveyPage
      title={_('surveys.pre.title')}
      frameTitle={_('surveys.pre.frameTitle')}
      src={src}
      height={PRE_SURVEY_FRAME_HEIGHT}
      surveyType="pre_survey_completed"
    />
  );
}
