import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { POST_SURVEY_FRAME_HEIGHT } from '@mc/contract';
import { useAuth } from '../../lib/auth';
import { appConfig } from '../../lib/appConfig';
import { madeAnonymityChoice } from './anonymity';
import { SurveyPage } from './SurveyPage';
import { newGuid, postSurveyUrl } from './surveyUrls';

export default function PostConferencePage() {
  const { _ } = useLingui();
  const { session, appUser, appUserLoading } = useAuth();
  // One id per visit for an anonymous person without a stored guid, so the frame does not reload.
  const [fallbackGuid] = useState(newGuid);

  const src = useMemo(
    () =>
      appUserLoading
        ? null
        : postSurveyUrl({
            baseUrl: appConfig.postSurveyUrl,
            origin: window.location.origin,
            choice: madeAnonymityChoice(session),
            person: appUser,
            newGuid: () => fallbackGuid,
          }),
    [appUserLoading, session, appUser, fallbackGuid],
  );

  return (
    <SurveyPage
      title={_('surveys.post.title')}
      frameTitle={_('surveys.post.frameTitle')}
      src={src}
      height={POST_SURVEY_FRAME_HEIGHT}
      surveyType="post_survey_completed"
    />
  );
}
