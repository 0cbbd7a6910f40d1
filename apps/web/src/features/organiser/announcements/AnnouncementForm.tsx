import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LIMITS, venueInstant, type AnnouncementAudience } from '@mc/contract';
import { Alert, Button, Card, LoadError, Select, TextAreaField, TextField } from '../../../components/ui';
import { LocaleDateField } from '../../../components/ui/LocaleDateTimeFields';
import { LocaleTimeField } from '../../../components/ui/LocaleTimeField';
import { queryKeys } from '../../../lib/queryKeys';
import { screenKeys } from '../../../lib/screenKeys';
import { AnnouncementPreview } from './AnnouncementPreview';
import { scheduledParts, useProgramme, useVenueTimeZone, type Programme } from '../../conference';
import { countAnnouncementRecipients, createAnnouncement, listAnnouncementRecipients } from '../organiserApi';

/** The groups of recipients in the interface's language (the contract's AUDIENCE_LABELS are its English words). */
export const AUDIENCES: Record<AnnouncementAudience, { messageId: string }> = {
  everyone: { messageId: 'organiser.audience.everyone' },
  no_pre_survey: { messageId: 'organiser.audience.noPreSurvey' },
  no_role_profile: { messageId: 'organiser.audience.noRoleProfile' },
  no_team: { messageId: 'organiser.audience.noTeam' },
  mission_owners: { messageId: 'organiser.audience.missionOwners' },
  starred_part: { messageId: 'organiser.audience.starredPart' },
};

/** The form: title, text, link, recipients (with their count now), urgent, and when to send it (venue time). */
export function AnnouncementForm() {
  const { _ } = useLingui();
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
  // The venue's day and time, in the console's date and time fields ("2025-12-06", "17:30"); both empty: now.
  const [sendOn, setSendOn] = useState('');
  const [sendAt, setSendAt] = useState('');
  const scheduled = sendOn !== '' || sendAt !== '';
  const [problem, setProblem] = useState<string | null>(null);
  const part = audience === 'starred_part' ? partId || null : null;

  const send = useMutation({
    mutationFn: () =>
      createAnnouncement({
        p_title: title,
        p_body: body,
        p_link: link.trim() || null,
        p_audience: audience,
        p_part_id: part,
        p_urgent: urgent,
        p_send_at: scheduled ? venueInstant(sendOn, sendAt, timeZone).toISOString() : null,
      }),
    onSuccess: async (created) => {
      toast.success(created.sent_at ? _('organiser.announcements.sentToast', { count: created.recipients ?? 0 }) : _('organiser.announcements.scheduledToast'));
      setTitle('');
      setBody('');
      setLink('');
      setUrgent(false);
      setSendOn('');
      setSendAt('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => setProblem(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // A day without a time (or one that cannot be read) is not a moment: say so rather than send it now.
    if (scheduled && (!sendOn || !sendAt)) {
      setProblem(_('organiser.roundForm.halfAMoment'));
      return;
    }
    send.mutate();
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-50">
          {_('organiser.announcements.new')}
        </h2>
        <TextField
          label={_('organiser.announcements.title')}
          value={title}
          maxLength={ANNOUNCEMENT_LIMITS.title}
          onChange={(event) => setTitle(event.target.value)}
          required
        />
        <TextAreaField
          label={_('organiser.announcements.text')}
          rows={4}
          value={body}
          maxLength={ANNOUNCEMENT_LIMITS.body}
          onChange={(event) => setBody(event.target.value)}
          hint={_('organiser.announcements.characters', { count: body.length, max: ANNOUNCEMENT_LIMITS.body })}
          required
        />
        <TextField
          label={_('organiser.announcements.link')}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          hint={_('organiser.announcements.linkHint')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <RecipientFields programme={programme} audience={audience} onAudience={setAudience} partId={partId} onPartId={setPartId} />
          <SendAtFields day={sendOn} time={sendAt} timeZone={timeZone} onDay={setSendOn} onTime={setSendAt} />
        </div>
        <RecipientCount audience={audience} part={part} />
        <AnnouncementPreview title={title} body={body} link={link} urgent={urgent} />
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className="size-5 accent-sky-400" checked={urgent} onChange={(event) => setUrgent(event.target.checked)} />
          {_('organiser.announcements.urgent', { max: ANNOUNCEMENT_LIMITS.urgentPerDay })}
        </label>
        {problem ? <Alert tone="error" title={problem} /> : null}
        <Button type="submit" busy={send.isPending} busyLabel={_('organiser.common.sending')} className="self-start">
          {_(scheduled ? 'organiser.announcements.schedule' : 'organiser.announcements.send')}
        </Button>
      </form>
    </Card>
  );
}

interface RecipientFieldsProps {
  programme: Programme;
  audience: AnnouncementAudience;
  onAudience: (audience: AnnouncementAudience) => void;
  partId: string;
  onPartId: (partId: string) => void;
}

/** The group of recipients and, for the people who starred a part, which part. */
function RecipientFields({ programme, audience, onAudience, partId, onPartId }: RecipientFieldsProps) {
  const { _ } = useLingui();
  const audienceOptions = ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: _(AUDIENCES[value].messageId) }));
  const partOptions = scheduledParts(programme).map((entry) => ({ value: entry.id, label: `${entry.part.title} (${entry.date} ${entry.part.startTime})` }));
  return (
    <>
      <Select
        label={_('organiser.announcements.recipients')}
        options={audienceOptions}
        value={audience}
        onChange={(event) => onAudience(event.target.value as AnnouncementAudience)}
      />
      {audience === 'starred_part' ? (
        <Select
          label={_('organiser.announcements.part')}
          placeholder={_('organiser.announcements.choosePart')}
          options={partOptions}
          value={partId}
          onChange={(event) => onPartId(event.target.value)}
        />
      ) : null}
    </>
  );
}

interface SendAtFieldsProps {
  day: string;
  time: string;
  timeZone: string;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
}

/** When to send it, in the venue's time: the console's own date and time fields, as every console form has them. */
function SendAtFields({ day, time, timeZone, onDay, onTime }: SendAtFieldsProps) {
  const { _ } = useLingui();
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <LocaleDateField label={_('organiser.announcements.sendOn')} value={day} onValueChange={onDay} />
      <LocaleTimeField
        label={_('organiser.announcements.sendAt')}
        value={time}
        onValueChange={onTime}
        hint={_('organiser.announcements.sendAtHint', { zone: timeZone })}
      />
    </div>
  );
}

/** How many people the announcement goes to now, counted as the recipients are chosen. */
function RecipientCount({ audience, part }: { audience: AnnouncementAudience; part: string | null }) {
  const { _ } = useLingui();
  const count = useQuery({
    queryKey: screenKeys.announcementRecipients(audience, part),
    enabled: audience !== 'starred_part' || part !== null,
    queryFn: () => countAnnouncementRecipients(audience, part),
  });
  if (count.isError && !count.data) {
    return (
      <LoadError
        title={_('organiser.announcements.countFailed')}
        message={count.error.message}
        retrying={count.isFetching}
        onRetry={() => void count.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-slate-200" data-testid="recipient-count">
        {count.isFetching && !count.data
          ? _('organiser.announcements.counting')
          : count.data
            ? _('organiser.announcements.goesTo', { count: count.data.recipients })
            : _('organiser.announcements.choosePartToCount')}
      </p>
      {count.data ? <RecipientList audience={audience} part={part} /> : null}
    </div>
  );
}

/**
 * "Who is in the group": the people the announcement goes to now, by name and e-mail as the
 * console shows people, loaded when the organiser opens the list.
 */
function RecipientList({ audience, part }: { audience: AnnouncementAudience; part: string | null }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const people = useQuery({
    queryKey: screenKeys.announcementRecipientList(audience, part),
    enabled: open,
    queryFn: () => listAnnouncementRecipients(audience, part),
  });
  return (
    <div>
      <Button type="button" size="sm" variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {_('organiser.announcements.showWho')}
      </Button>
      <div id={listId} hidden={!open} className="mt-2">
        {!open ? null : people.isError && !people.data ? (
          <LoadError
            title={_('organiser.announcements.whoFailed')}
            message={people.error.message}
            retrying={people.isFetching}
            onRetry={() => void people.refetch()}
          />
        ) : !people.data ? (
          <p className="text-sm text-slate-300">{_('organiser.announcements.whoLoading')}</p>
        ) : people.data.people.length === 0 ? (
          <p className="text-sm text-slate-300">{_('organiser.announcements.whoNone')}</p>
        ) : (
          <>
            <ul aria-label={_('organiser.announcements.whoLabel')} className="max-h-64 overflow-y-auto rounded-xl border border-slate-800 text-sm" tabIndex={0}>
              {people.data.people.map((person) => (
                <li key={person.user_id} className="flex flex-wrap gap-x-2 border-b border-slate-800 px-3 py-2 last:border-b-0">
                  <span className="text-slate-100">{`${person.first_name} ${person.last_name}`.trim()}</span>
                  <span className="break-all text-slate-300">{person.email}</span>
                </li>
              ))}
            </ul>
            {people.data.total > people.data.people.length ? (
              <p className="mt-1 text-sm text-slate-300">{_('organiser.announcements.whoMore', { count: people.data.total - people.data.people.length })}</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
