import { useQuery } from '@tanstack/react-query';
import type { SurveyType } from '@mc/contract';
import { CheckCircle2 } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Alert, Button, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { surveyStatusQuery } from '../../lib/queries';
import { useMarkSurveyCompleted } from './useMarkSurveyCompleted';

interface SurveyPageProps {
  title: string;
  /** The frame's accessible name. */
  frameTitle: string;
  /** The prefilled form URL, or null while it is still being worked out. */
  src: string | null;
  /** PRE_SURVEY_FRAME_HEIGHT or POST_SURVEY_FRAME_HEIGHT (docs/product.md#constants). */
  height: number;
  surveyType: SurveyType;
}

/** An embedded external survey form with "Mark as Completed" below it (docs/product.md#survey-screens). */
export function SurveyPage({ title, frameTitle, src, height, surveyType }: SurveyPageProps) {
  const { _ } = useLingui();
  const markCompleted = useMarkSurveyCompleted(surveyType);
  const { user } = useAuth();
  // The same cached status the sidebar and the dashboard read.
  const status = useQuery(surveyStatusQuery(user?.id ?? null));
  const completed = status.data?.[surveyType] === true;

  return (
    <section className={pageClasses}>
      <title>{`${title} · ${appConfig.productName}`}</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
      {completed ? (
        <Alert tone="success" title={_('surveys.done.title')} className="mb-6">
          {_('surveys.done.body')}
        </Alert>
      ) : null}
      <div className="overflow-hidden rounded-2xl border border-slate-700/70 bg-white">
        {src ? (
          <iframe title={frameTitle} src={src} height={height} style={{ height }} className="block w-full border-0" loading="eager" />
        ) : (
          <div style={{ height }} aria-hidden="true" className="bg-slate-900" />
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <Button
          size="lg"
          icon={<CheckCircle2 aria-hidden="true" className="size-5" />}
          busy={markCompleted.isPending}
          busyLabel={_('common.saving')}
          disabled={!src}
          onClick={() => markCompleted.mutate()}
        >
          {_('surveys.markCompleted')}
        </Button>
      </div>
    </section>
  );
}
