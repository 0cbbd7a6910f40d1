import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ProgrammeSession } from '@mc/contract/programme.ts';
import { Button, Card, CardHeader, Dialog } from '../../../components/ui';
import { orderSessions, type Programme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeEditing';
import { SaveProblemAlert } from './SaveProblemAlert';
import { SessionDialog } from './SessionDialog';
import { countLabel } from '../../../lib/format';

/** The agenda's sessions and their parts: add, edit, delete. */
export function SessionsCard({ programme }: { programme: Programme }) {
  const [editing, setEditing] = useState<{ original: ProgrammeSession | null } | null>(null);
  const [deleting, setDeleting] = useState<ProgrammeSession | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const remove = useProgrammeChange('delete_session', 'Session deleted');

  return (
    <Card>
      <CardHeader
        title={`Sessions (${programme.agenda.length})`}
        description="Each session has its parts: times, type, title, speakers chosen from the speaker list, description and an optional room."
        action={
          <Button size="sm" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ original: null })}>
            Add session
          </Button>
        }
      />
      <SaveProblemAlert problem={problem} />
      {programme.agenda.length === 0 ? <p className="text-slate-300">No sessions yet. Add the first one.</p> : null}
      <ol aria-label="Sessions" className="flex flex-col divide-y divide-slate-700/70">
        {orderSessions(programme.agenda).map((session) => (
          <li key={session.sessionNumber} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-50">
                Session {session.sessionNumber}: {session.sessionTitle}
              </p>
              <p className="text-sm text-slate-300">
                Day {session.day} · {session.startTime} – {session.endTime} · {session.parts.length} part{session.parts.length === 1 ? '' : 's'}
              </p>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" aria-label={`Edit session ${session.sessionNumber}`} onClick={() => setEditing({ original: session })}>
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Delete session ${session.sessionNumber}`} onClick={() => setDeleting(session)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {editing ? <SessionDialog programme={programme} original={editing.original} onClose={() => setEditing(null)} /> : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this session?"
        description={
          deleting
            ? `Session ${deleting.sessionNumber}, "${deleting.sessionTitle}", and its ${countLabel(deleting.parts.length, 'part', 'parts')} leave the agenda.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel="Deleting..."
              onClick={() =>
                deleting &&
                remove.mutate(
                  { p_number: deleting.sessionNumber },
                  { onSuccess: () => setProblem(null), onError: (error) => setProblem(saveProblemOf(error)), onSettled: () => setDeleting(null) },
                )
              }
            >
              Delete session
            </Button>
          </>
        }
      />
    </Card>
  );
}
