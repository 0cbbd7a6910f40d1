import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { describePartChange, PUBLISH_NOTE_MAX, type PublishPreview } from '@mc/contract/programmeVersions.ts';
import { Button, Card, CardHeader, Dialog, TextAreaField, QueryState } from '../../../components/ui';
import { countLabel } from '../../../lib/format';
import { queryKeys } from '../../../lib/queryKeys';
import { callRpc } from '../../../lib/rpc';
import { saveProblemOf, type SaveProblem } from './programmeEditing';
import { SaveProblemAlert } from './SaveProblemAlert';

const KIND_WORDS = { new: 'New', cancelled: 'Cancelled', moved: 'Moved', renamed: 'Renamed', speakers: 'Speakers changed' } as const;

/**
 * Publishing the draft: the organiser first sees exactly what changes for attendees (each part
 * with how many people starred it), writes a short public note, and confirms. Attendees see the
 * last published version only.
 */
export function PublishCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Publish"
        description="Your edits are a draft: attendees, their calendars and offline copies keep the published version until you publish. People who starred a changed part are told."
      />
      <Button icon={<Send aria-hidden="true" className="size-4" />} className="self-start" onClick={() => setOpen(true)}>
        Review and publish
      </Button>
      {open ? <PublishDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function PublishDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const preview = useQuery({ queryKey: [...queryKeys.organiser, 'publish-preview'], queryFn: () => callRpc('preview_programme_publish', {}), staleTime: 0 });
  const publish = useMutation({
    mutationFn: (draftVersion: number) => callRpc('publish_programme', { p_note: note, p_draft_version: draftVersion }),
    onSuccess: async (result) => {
      toast.success(`Version ${result.version} published`);
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
      title="Publish the programme"
      description="What attendees will see change, then a note for the changelog."
      size="lg"
    >
      <QueryState query={preview} loading="Comparing the draft with the published version..." errorTitle="The changes could not be worked out">
        {(data) =>
          data.unchanged ? (
            <p className="text-sm text-slate-300">The draft is the same as the published version {data.published_version}: there is nothing to publish.</p>
          ) : (
            <form onSubmit={(event) => onSubmit(event, data)} noValidate className="flex flex-col gap-4 overflow-y-auto">
              <ChangeList review={data} />
              <TextAreaField
                label="Note for attendees"
                rows={2}
                value={note}
                maxLength={PUBLISH_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                hint={`Shown in the changelog, such as "Session 3 moved to Hall B". At most ${PUBLISH_NOTE_MAX} characters.`}
                required
              />
              <SaveProblemAlert problem={problem} />
              <Button type="submit" busy={publish.isPending} busyLabel="Publishing..." className="self-start">
                Publish version {data.published_version + 1}
              </Button>
            </form>
          )
        }
      </QueryState>
    </Dialog>
  );
}

function ChangeList({ review }: { review: PublishPreview }) {
  if (review.changes.length === 0) {
    return <p className="text-sm text-slate-300">No part moves, is renamed, gains or loses speakers, starts or is cancelled: only other details changed.</p>;
  }
  return (
    <ul aria-label="Changes for attendees" className="flex flex-col gap-2">
      {review.changes.map((change) => (
        <li key={change.partId} className="rounded-lg border border-slate-800 bg-slate-950/60 p-3 text-sm">
          <p className="font-medium text-white">
            {change.kinds.map((kind) => KIND_WORDS[kind]).join(', ')} · {countLabel(change.stars, 'star', 'stars')}
          </p>
          <p className="mt-1 text-slate-300">{describePartChange(change)}</p>
        </li>
      ))}
    </ul>
  );
}
