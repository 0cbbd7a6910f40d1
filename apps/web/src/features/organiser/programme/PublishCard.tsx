import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { onlyShifted, PUBLISH_NOTE_MAX, type PublishPreview } from '@mc/contract/programmeVersions.ts';
import { describeChange, describeShift } from '../../conference';
import { Button, Card, CardHeader, Dialog, TextAreaField, QueryState } from '../../../components/ui';
import { queryKeys } from '../../../lib/queryKeys';
import { screenKeys } from '../../../lib/screenKeys';
import { previewProgrammePublish, publishProgramme, saveProblemOf, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';

const KIND_WORDS = {
  new: { messageId: 'organiser.publish.kindNew' },
  cancelled: { messageId: 'organiser.publish.kindCancelled' },
  moved: { messageId: 'organiser.publish.kindMoved' },
  renamed: { messageId: 'organiser.publish.kindRenamed' },
  speakers: { messageId: 'organiser.publish.kindSpeakers' },
} as const;

/**
 * Publishing the draft: the organiser first sees exactly what changes for attendees (each part
 * with how many people starred it), writes a short public note, and confirms. Attendees see the
 * last published version only.
 */
export function PublishCard() {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader title={_('organiser.publish.title')} description={_('organiser.publish.description')} />
      <Button icon={<Send aria-hidden="true" className="size-4" />} className="self-start" onClick={() => setOpen(true)}>
        {_('organiser.publish.review')}
      </Button>
      {open ? <PublishDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function PublishDialog({ onClose }: { onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const preview = useQuery({ queryKey: screenKeys.publishPreview, queryFn: previewProgrammePublish, staleTime: 0 });
  const publish = useMutation({
    mutationFn: (draftVersion: number) => publishProgramme(note, draftVersion),
    onSuccess: async (result) => {
      toast.success(_('organiser.publish.published', { version: result.version }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.programme });
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => setProblem(saveProblemOf(error)),
  });

  const onSubmit = (event: FormEvent, review: PublishPreview) => {
    event.preventDefault();
    setProblem(null);
    publish.mutate(review.draft_version);
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={_('organiser.publish.dialogTitle')}
      description={_('organiser.publish.dialogDescription')}
      size="lg"
    >
      <QueryState query={preview} loading={_('organiser.publish.comparing')} errorTitle={_('organiser.publish.compareFailed')}>
        {(data) =>
          data.unchanged ? (
            <p className="text-sm text-slate-300">{_('organiser.publish.unchanged', { version: data.published_version })}</p>
          ) : (
            <form onSubmit={(event) => onSubmit(event, data)} noValidate className="flex flex-col gap-4 overflow-y-auto">
              <ChangeList review={data} />
              <TextAreaField
                label={_('organiser.publish.note')}
                rows={2}
                value={note}
                maxLength={PUBLISH_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                hint={_('organiser.publish.noteHint', { max: PUBLISH_NOTE_MAX })}
                required
              />
              <SaveProblemAlert problem={problem} />
              <Button type="submit" busy={publish.isPending} busyLabel={_('organiser.publish.publishing')} className="self-start">
                {_('organiser.publish.submit', { version: data.published_version + 1 })}
              </Button>
            </form>
          )
        }
      </QueryState>
    </Dialog>
  );
}

function ChangeList({ review }: { review: PublishPreview }) {
  const { _ } = useLingui();
  if (review.changes.length === 0) {
    return <p className="text-sm text-slate-300">{_('organiser.publish.noPartChanges')}</p>;
  }
  // A shift of every part (the conference's dates moved) is one line, with the stars of all the parts it moves.
  const shifted = review.changes.filter((change) => onlyShifted(change, review.shift));
  const rest = review.changes.filter((change) => !onlyShifted(change, review.shift));
  return (
    <ul aria-label={_('organiser.publish.changes')} className="flex flex-col gap-2">
      {review.shift ? (
        <li className="rounded-lg border border-slate-800 bg-slate-950/60 p-3 text-sm">
          <p className="font-medium text-white">
            {_(KIND_WORDS.moved.messageId)} · {_('organiser.publish.stars', { count: shifted.reduce((sum, change) => sum + change.stars, 0) })}
          </p>
          <p className="mt-1 text-slate-300">{describeShift(review.shift)}</p>
        </li>
      ) : null}
      {rest.map((change) => (
        <li key={change.partId} className="rounded-lg border border-slate-800 bg-slate-950/60 p-3 text-sm">
          <p className="font-medium text-white">
            {change.kinds.map((kind) => _(KIND_WORDS[kind].messageId)).join(', ')} · {_('organiser.publish.stars', { count: change.stars })}
          </p>
          <p className="mt-1 text-slate-300">{describeChange(change)}</p>
        </li>
      ))}
    </ul>
  );
}
