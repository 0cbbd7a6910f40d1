import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammeSession } from '@mc/contract/programme.ts';
import { Button, Card, CardHeader, Dialog } from '../../../components/ui';
import { orderSessions, type Programme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';
import { SessionDialog } from './SessionDialog';

/** The agenda's sessions and their parts: add, edit, delete. */
export function SessionsCard({ programme }: { programme: Programme }) {
  const { _ } = useLingui();
  const [editing, setEditing] = useState<{ original: ProgrammeSession | null } | null>(null);
  const [deleting, setDeleting] = useState<ProgrammeSession | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const remove = useProgrammeChange('delete_session', _('organiser.sessions.deleted'));

  return (
    <Card>
      <CardHeader
        title={_('organiser.sessions.title', { count: programme.agenda.length })}
        description={_('organiser.sessions.description')}
        action={
          <Button size="sm" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ original: null })}>
            {_('organiser.sessions.add')}
          </Button>
        }
      />
      <SaveProblemAlert problem={problem} />
      {programme.agenda.length === 0 ? <p className="text-slate-300">{_('organiser.sessions.none')}</p> : null}
      <ol aria-label={_('organiser.sessions.list')} className="flex flex-col divide-y divide-slate-700/70">
        {orderSessions(programme.agenda).map((session) => (
          <li key={session.sessionNumber} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-50">{_('organiser.sessions.heading', { number: session.sessionNumber, title: session.sessionTitle })}</p>
              <p className="text-sm text-slate-300">
                {_('organiser.sessions.when', { day: session.day, start: session.startTime, end: session.endTime, count: session.parts.length })}
              </p>
            </div>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={_('organiser.sessions.editLabel', { number: session.sessionNumber })}
                onClick={() => setEditing({ original: session })}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={_('organiser.sessions.deleteLabel', { number: session.sessionNumber })}
                onClick={() => setDeleting(session)}
              >
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
        title={_('organiser.sessions.deleteTitle')}
        description={
          deleting
            ? _('organiser.sessions.deleteDescription', { number: deleting.sessionNumber, title: deleting.sessionTitle, count: deleting.parts.length })
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {_('organiser.common.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel={_('organiser.common.deleting')}
              onClick={() =>
                deleting &&
                remove.mutate(
                  { p_number: deleting.sessionNumber },
                  { onSuccess: () => setProblem(null), onError: (error) => setProblem(saveProblemOf(error)), onSettled: () => setDeleting(null) },
                )
              }
            >
              {_('organiser.sessions.deleteConfirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
