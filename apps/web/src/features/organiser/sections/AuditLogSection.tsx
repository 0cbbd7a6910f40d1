import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { describeAuditKind, type AuditEntry, type AuditLogPage } from '@mc/contract';
import type { I18n } from '@lingui/core';
import { Badge, Button, Card, Select, QueryState, LoadError } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { SectionHeading } from '../SectionHeading';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';
import { listAuditLog } from '../organiserApi';

const COMMAND_LINE = 'command-line';

/**
 * The kinds of action the server records, in the interface's language; the contract's
 * describeAuditKind words them in English, and still names a kind that is not listed here.
 */
const AUDIT_KINDS: Record<string, { messageId: string }> = {
  'organiser.granted': { messageId: 'organiser.auditKind.organiserGranted' },
  'organiser.revoked': { messageId: 'organiser.auditKind.organiserRevoked' },
  'mfa.reset': { messageId: 'organiser.auditKind.mfaReset' },
  'programme.conference_saved': { messageId: 'organiser.auditKind.programmeConferenceSaved' },
  'programme.speaker_saved': { messageId: 'organiser.auditKind.programmeSpeakerSaved' },
  'programme.speaker_deleted': { messageId: 'organiser.auditKind.programmeSpeakerDeleted' },
  'programme.speakers_reordered': { messageId: 'organiser.auditKind.programmeSpeakersReordered' },
  'programme.session_saved': { messageId: 'organiser.auditKind.programmeSessionSaved' },
  'programme.session_deleted': { messageId: 'organiser.auditKind.programmeSessionDeleted' },
  'programme.imported': { messageId: 'organiser.auditKind.programmeImported' },
  'programme.published': { messageId: 'organiser.auditKind.programmePublished' },
  'announcement.created': { messageId: 'organiser.auditKind.announcementCreated' },
  'mission.hidden': { messageId: 'organiser.auditKind.missionHidden' },
  'mission.unhidden': { messageId: 'organiser.auditKind.missionUnhidden' },
  'account.deleted': { messageId: 'organiser.auditKind.accountDeleted' },
  'account.deleted_by_owner': { messageId: 'organiser.auditKind.accountDeletedByOwner' },
  'export.downloaded': { messageId: 'organiser.auditKind.exportDownloaded' },
  'language.offered': { messageId: 'organiser.auditKind.languageOffered' },
  'language.switched_off': { messageId: 'organiser.auditKind.languageSwitchedOff' },
  'data_export.requested': { messageId: 'organiser.auditKind.dataExportRequested' },
  'data_export.downloaded': { messageId: 'organiser.auditKind.dataExportDownloaded' },
  'privacy_page.saved': { messageId: 'organiser.auditKind.privacyPageSaved' },
  'team_builder.sent': { messageId: 'organiser.auditKind.teamBuilderSent' },
  'vote_round.created': { messageId: 'organiser.auditKind.voteRoundCreated' },
  'vote_round.updated': { messageId: 'organiser.auditKind.voteRoundUpdated' },
  'vote_round.opened': { messageId: 'organiser.auditKind.voteRoundOpened' },
  'vote_round.closed': { messageId: 'organiser.auditKind.voteRoundClosed' },
  'vote_round.revealed': { messageId: 'organiser.auditKind.voteRoundRevealed' },
  'vote_round.exported': { messageId: 'organiser.auditKind.voteRoundExported' },
  'translation.corrected': { messageId: 'organiser.auditKind.translationCorrected' },
  'translation.restored': { messageId: 'organiser.auditKind.translationRestored' },
  'translation.reviewed': { messageId: 'organiser.auditKind.translationReviewed' },
};

function auditKindLabel(kind: string, _: I18n['_']): string {
  const known = AUDIT_KINDS[kind];
  return known ? _(known.messageId) : describeAuditKind(kind);
}

/** Every organiser action, newest first, filterable by who did it and what kind of action it was. */
export default function AuditLogSection() {
  const { _ } = useLingui();
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState('');
  const log = useInfiniteQuery({
    queryKey: screenKeys.auditLog(actor, kind),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }): Promise<AuditLogPage> =>
      listAuditLog({
        p_actor_id: actor && actor !== COMMAND_LINE ? actor : null,
        p_command_line: actor === COMMAND_LINE,
        p_kind: kind || null,
        p_cursor: pageParam,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
  const first = log.data?.pages[0];
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const actorOptions = (first?.actors ?? []).map((item) => ({ value: item.actor_id ?? COMMAND_LINE, label: item.actor_label }));
  const kindOptions = (first?.kinds ?? []).map((item) => ({ value: item, label: auditKindLabel(item, _) }));
  // Keep a chosen filter listed even when the page that named it is being refetched.
  if (actor && !actorOptions.some((option) => option.value === actor)) actorOptions.push({ value: actor, label: _('organiser.audit.chosenPerson') });
  if (kind && !kindOptions.some((option) => option.value === kind)) kindOptions.push({ value: kind, label: auditKindLabel(kind, _) });

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.auditLog')} description={_('organiser.audit.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={_('organiser.audit.person')}
          placeholder={_('organiser.audit.everyone')}
          options={actorOptions}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
        <Select
          label={_('organiser.audit.kindOfAction')}
          placeholder={_('organiser.audit.everyKind')}
          options={kindOptions}
          value={kind}
          onChange={(event) => setKind(event.target.value)}
        />
      </div>

      <QueryState query={log} loading={_('organiser.audit.loading')} errorTitle={_('organiser.audit.loadFailed')}>
        {() =>
          entries.length === 0 ? (
            <Card className="flex items-center gap-3 text-slate-300">
              <History aria-hidden="true" className="size-5 shrink-0" />
              <p>{_(actor || kind ? 'organiser.audit.noMatch' : 'organiser.audit.empty')}</p>
            </Card>
          ) : (
            <>
              <ol aria-label={_('organiser.audit.entries')} className="flex flex-col gap-3">
                {entries.map((entry) => (
                  <AuditLogItem key={entry.id} entry={entry} />
                ))}
              </ol>
              {log.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="self-center"
                  busy={log.isFetchingNextPage}
                  busyLabel={_('organiser.common.loading')}
                  onClick={() => void log.fetchNextPage()}
                >
                  {_('organiser.audit.showOlder')}
                </Button>
              ) : (
                <p className="text-center text-sm text-slate-400">{_('organiser.audit.firstEntry')}</p>
              )}
              {log.isFetchNextPageError ? (
                <LoadError message={_('organiser.audit.olderFailed')} retrying={log.isFetchingNextPage} onRetry={() => void log.fetchNextPage()} />
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function AuditLogItem({ entry }: { entry: AuditEntry }) {
  const { _ } = useLingui();
  const timeZone = useVenueTimeZone();
  const hasValues = entry.before !== null || entry.after !== null;
  return (
    <li className="rounded-xl border border-slate-700/70 bg-slate-900/70 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone="info">{auditKindLabel(entry.kind, _)}</Badge>
        <span className="font-medium break-all text-slate-50">{entry.subject}</span>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        <Trans
          id="organiser.audit.whenAndWho"
          values={{ when: formatVenueDateTime(entry.at, timeZone), actor: entry.actor_label }}
          components={{ 0: <time dateTime={entry.at} />, 1: <span className="break-all" /> }}
        />
      </p>
      {hasValues ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded text-sky-200 hover:text-sky-100">{_('organiser.audit.beforeAndAfter')}</summary>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <Values label={_('organiser.audit.before')} value={entry.before} />
            <Values label={_('organiser.audit.after')} value={entry.after} />
          </div>
        </details>
      ) : null}
    </li>
  );
}

function Values({ label, value }: { label: string; value: unknown }) {
  const { _ } = useLingui();
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</p>
      <pre className="max-h-64 overflow-auto rounded-lg bg-slate-950/80 p-3 text-xs whitespace-pre-wrap text-slate-200">
        {value === null ? _('organiser.audit.nothing') : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
