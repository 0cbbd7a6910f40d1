import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Download } from 'lucide-react';
import { FEEDBACK_EXPORT_PATH, type PartFeedbackSummary } from '@mc/contract';
import { Alert, Button, Card, LoadError } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { partFeedbackListQuery, setFeedbackOff } from '../../feedback';
import { SectionHeading } from '../SectionHeading';
import { downloadCsv } from '../moderationApi';

function PartRow({ part }: { part: PartFeedbackSummary }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setFeedbackOff(part.part_id, !part.switched_off),
    onSuccess: (list: PartFeedbackSummary[]) => queryClient.setQueryData(screenKeys.organiserFeedback, list),
  });
  return (
    <li className="flex flex-col gap-2 border-t border-slate-700/70 py-4 first:border-t-0" data-testid="part-feedback">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-50">{part.title}</h2>
        <Button type="button" size="sm" variant="secondary" aria-busy={toggle.isPending || undefined} onClick={() => toggle.mutate()}>
          {part.switched_off ? _('organiser.feedback.switchOn', { part: part.title }) : _('organiser.feedback.switchOff', { part: part.title })}
        </Button>
      </div>
      <p className="text-sm text-slate-200">
        {part.switched_off ? `${_('organiser.feedback.off')} · ` : ''}
        {part.average === null ? _('organiser.feedback.none') : _('organiser.feedback.summary', { count: part.count, average: part.average.toFixed(1) })}
      </p>
      {part.count > 0 ? (
        <p className="text-xs text-slate-300">
          {_('organiser.feedback.distribution', {
            one: part.distribution[0] ?? 0,
            two: part.distribution[1] ?? 0,
            three: part.distribution[2] ?? 0,
            four: part.distribution[3] ?? 0,
            five: part.distribution[4] ?? 0,
          })}
        </p>
      ) : null}
      {part.comments.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-200" aria-label={_('organiser.feedback.comments', { part: part.title })}>
          {part.comments.map((comment, index) => (
            <li key={index} className="break-words whitespace-pre-line">
              {comment}
            </li>
          ))}
        </ul>
      ) : null}
      {toggle.error ? <Alert tone="error">{toggle.error.message}</Alert> : null}
    </li>
  );
}

/** Each part's ratings (how many, the average, how many gave each) and comments, never who; switch feedback off per part; all of it as CSV. */
export default function FeedbackSection() {
  const { _ } = useLingui();
  const query = useQuery(partFeedbackListQuery());
  const download = useMutation({
    mutationFn: () => downloadCsv(FEEDBACK_EXPORT_PATH, 'feedback.csv'),
    onSuccess: (fileName) => toast.success(_('organiser.exports.downloaded', { file: fileName })),
  });
  return (
    <>
      <SectionHeading title={_('organiser.sections.feedback')} />
      <Card>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-300">{_('organiser.feedback.intro')}</p>
          <Button type="button" variant="secondary" size="sm" aria-busy={download.isPending || undefined} onClick={() => download.mutate()}>
            <Download aria-hidden="true" className="size-4" />
            {_('organiser.common.download', { file: 'feedback.csv' })}
          </Button>
        </div>
        {download.error ? <Alert tone="error">{download.error.message}</Alert> : null}
        {query.data ? (
          <ul>
            {query.data.map((part) => (
              <PartRow key={part.part_id} part={part} />
            ))}
          </ul>
        ) : query.isError ? (
          <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : null}
      </Card>
    </>
  );
}
