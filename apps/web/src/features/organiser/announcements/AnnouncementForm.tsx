import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LIMITS, AUDIENCE_LABELS, venueInstant, type AnnouncementAudience } from '@mc/contract';
import { Alert, Button, Card, LoadError, Select, TextAreaField, TextField } from '../../../components/ui';
import { countLabel } from '../../../lib/format';
import { queryKeys } from '../../../lib/queryKeys';
import { callRpc } from '../../../lib/rpc';
import { scheduledParts, useProgramme, useVenueTimeZone } from '../../conference';

const AUDIENCE_OPTIONS = ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }));

/** The form: title, text, link, recipients (with their count now), urgent, and when to send it (venue time). */
export function AnnouncementForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const timeZone = useVenueTimeZone();
  const programme = useProgramme();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('everyone');
  const [partId, setPartId] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const part = audience === 'starred_part' ? partId || null : null;
  const partOptions = scheduledParts(programme).map((entry) => ({ value: entry.id, label: `${entry.part.title} (${entry.date} ${entry.part.startTime})` }));

  const send = useMutation({
    mutationFn: () =>
      callRpc('create_announcement', {
        p_title: title,
        p_body: body,
        p_link: link.trim() || null,
        p_audience: audience,
        p_part_id: part,
        p_urgent: urgent,
        p_send_at: sendAt ? venueInstant(sendAt.slice(0, 10), sendAt.slice(11, 16), timeZone).toISOString() : null,
      }),
    onSuccess: async (created) => {
      toast.success(created.sent_at ? `Announcement sent to ${countLabel(created.recipients ?? 0, 'person', 'people')}` : 'Announcement scheduled');
      setTitle('');
      setBody('');
      setLink('');
      setUrgent(false);
      setSendAt('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => setProblem(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    send.mutate();
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-50">
          New announcement
        </h2>
        <TextField label="Title" value={title} maxLength={ANNOUNCEMENT_LIMITS.title} onChange={(event) => setTitle(event.target.value)} required />
        <TextAreaField
          label="Text"
          rows={4}
          value={body}
          maxLength={ANNOUNCEMENT_LIMITS.body}
          onChange={(event) => setBody(event.target.value)}
          hint={`${body.length} of ${ANNOUNCEMENT_LIMITS.body} characters`}
          required
        />
        <TextField
          label="Link in the app (optional)"
          value={link}
          onChange={(event) => setLink(event.target.value)}
          hint="A page of this app, such as /agenda-schedule."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Recipients"
            options={AUDIENCE_OPTIONS}
            value={audience}
            onChange={(event) => setAudience(event.target.value as AnnouncementAudience)}
          />
          {audience === 'starred_part' ? (
            <Select label="Part" placeholder="Choose a part" options={partOptions} value={partId} onChange={(event) => setPartId(event.target.value)} />
          ) : null}
          <TextField
            label="Send at (optional)"
            type="datetime-local"
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
            hint={`Venue time (${timeZone}). Empty: now.`}
          />
        </div>
        <RecipientCount audience={audience} part={part} />
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className="size-5 accent-sky-400" checked={urgent} onChange={(event) => setUrgent(event.target.checked)} />
          Urgent: also e-mail it at once (at most {ANNOUNCEMENT_LIMITS.urgentPerDay} a day)
        </label>
        {problem ? <Alert tone="error" title={problem} /> : null}
        <Button type="submit" busy={send.isPending} busyLabel="Sending..." className="self-start">
          {sendAt ? 'Schedule announcement' : 'Send announcement'}
        </Button>
      </form>
    </Card>
  );
}

/** How many people the announcement goes to now, counted as the recipients are chosen. */
function RecipientCount({ audience, part }: { audience: AnnouncementAudience; part: string | null }) {
  const count = useQuery({
    queryKey: [...queryKeys.organiser, 'announcement-recipients', audience, part],
    enabled: audience !== 'starred_part' || part !== null,
    queryFn: () => callRpc('count_announcement_recipients', { p_audience: audience, p_part_id: part }),
  });
  if (count.isError && !count.data) {
    return (
      <LoadError title="The recipients could not be counted." message={count.error.message} retrying={count.isFetching} onRetry={() => void count.refetch()} />
    );
  }
  return (
    <p role="status" className="text-sm text-slate-200" data-testid="recipient-count">
      {count.isFetching && !count.data
        ? 'Counting the recipients...'
        : count.data
          ? `This goes to ${countLabel(count.data.recipients, 'person', 'people')} now.`
          : 'Choose a part to count its recipients.'}
    </p>
  );
}
