import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { Globe, Mic, SearchX } from 'lucide-react';
import { SearchInput, Select, pageClasses } from '../../components/ui';
import { type Session, type Speaker } from '@mc/contract/conference.ts';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { ConferenceDialog } from './ConferenceDialog.tsx';
import { ExternalAnchor, SpeakerPhoto, TypeBadge } from './ConferenceBits.tsx';
import { formatShortDate, useProgramme } from './programme.ts';
import { appearancesOf, dayOf, filterSpeakers, formatTimeRange, sortSpeakers, type SpeakerAppearance, type SpeakerOrder } from './schedule.ts';

const ORDER_OPTIONS = [
  { value: 'name', messageId: 'speakers.sort.name' },
  { value: 'programme', messageId: 'speakers.sort.programme' },
];

export default function SpeakersDirectoryPage() {
  const { _ } = useLingui();
  const programme = useProgramme();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<SpeakerOrder>('name');
  const [params, setParams] = useSearchParams();
  const openSpeakerId = params.get('speaker');
  const speakers = useMemo(() => sortSpeakers(filterSpeakers(programme.speakers, query), order), [programme, query, order]);

  // ?speaker=id (a link from the agenda) opens that profile; closing it drops the parameter.
  function setOpenSpeaker(speakerId: string | null) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (speakerId) next.set('speaker', speakerId);
        else next.delete('speaker');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className={pageClasses}>
      <title>{_('speakers.documentTitle', { productName: appConfig.productName })}</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{_('speakers.heading')}</h1>
      </header>

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput label={_('speakers.search.label')} value={query} onChange={setQuery} placeholder={_('speakers.search.placeholder')} className="flex-1" />
        <Select
          label={_('speakers.sort.label')}
          options={ORDER_OPTIONS.map((option) => ({ value: option.value, label: _(option.messageId) }))}
          value={order}
          onChange={(event) => setOrder(event.target.value === 'programme' ? 'programme' : 'name')}
          containerClassName="sm:w-52"
        />
      </div>

      <p role="status" className="sr-only">
        {_('speakers.count', { count: speakers.length })}
      </p>

      {speakers.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-14 text-center">
          <SearchX aria-hidden="true" className="mb-3 size-10 text-slate-500" />
          {/* docs/product.md#speakers-directory gives the empty state as one text, dash included. */}
          <p className="text-lg font-semibold text-white">
            <Trans id="speakers.empty" components={{ 0: <span className="font-normal text-slate-300" /> }} />
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={_('speakers.list.label')}>
          {speakers.map((speaker) => (
            <li key={speaker.id}>
              <SpeakerCard
                speaker={speaker}
                agenda={programme.agenda}
                days={programme.settings.days}
                open={openSpeakerId === speaker.id}
                onOpenChange={(open) => setOpenSpeaker(open ? speaker.id : null)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SpeakerCardProps {
  speaker: Speaker;
  agenda: readonly Session[];
  days: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function SpeakerCard({ speaker, agenda, days, open, onOpenChange }: SpeakerCardProps) {
  const { _ } = useLingui();
  const appearances = useMemo(() => appearancesOf(speaker.name, agenda), [speaker.name, agenda]);
  return (
    <article
      data-testid="speaker-card"
      className="group relative flex h-full flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-5 transition-colors focus-within:border-indigo-400/70 hover:border-indigo-400/60 hover:bg-slate-900"
    >
      <div className="flex items-center gap-4">
        <SpeakerPhoto src={speaker.profilePicURL} name={speaker.name} size="card" />
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold text-white">
            <ConferenceDialog
              open={open}
              onOpenChange={onOpenChange}
              trigger={
                <button type="button" className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-indigo-100">
                  {speaker.name}
                </button>
              }
              header={
                <div className="mb-4">
                  <SpeakerPhoto src={speaker.profilePicURL} name={speaker.name} size="dialog" />
                </div>
              }
              title={speaker.name}
              description={speaker.designation}
            >
              <SpeakerDetails speaker={speaker} appearances={appearances} days={days} />
            </ConferenceDialog>
          </h2>
          <p className="mt-0.5 text-sm text-indigo-200">{speaker.designation}</p>
        </div>
      </div>
      <p className="mt-3">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-indigo-400/30 bg-indigo-500/10 px-2.5 py-0.5 text-xs font-medium text-indigo-100">
          <Mic aria-hidden="true" className="size-3.5" />
          {/* "1 Session" or "{n} Sessions" (docs/product.md#speakers-directory). */}
          {_('speakers.sessionCount', { count: appearances.length })}
        </span>
      </p>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-300">{speaker.about}</p>
    </article>
  );
}

const linkClass = `relative inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-800/70 px-3 py-2 text-sm font-medium text-indigo-100 hover:border-indigo-400 hover:text-white`;

function SpeakerDetails({ speaker, appearances, days }: { speaker: Speaker; appearances: SpeakerAppearance[]; days: readonly string[] }) {
  const { _ } = useLingui();
  // LinkedIn and Twitter are names, the same in every language.
  const links = [
    { key: 'linkedin', label: 'LinkedIn', href: speaker.linkedinUrl },
    { key: 'website', label: _('speakers.links.website'), href: speaker.websiteUrl },
    { key: 'twitter', label: 'Twitter', href: speaker.twitterUrl },
  ].filter((link): link is { key: string; label: string; href: string } => Boolean(link.href));

  return (
    <>
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={_('speakers.links.label', { name: speaker.name })}>
          {links.map((link) => (
            <li key={link.key}>
              <ExternalAnchor href={link.href} className={linkClass}>
                {link.key === 'website' && <Globe aria-hidden="true" className="size-4" />}
                {link.label}
              </ExternalAnchor>
            </li>
          ))}
        </ul>
      )}
      <section>
        <h3 className="text-sm font-semibold text-slate-100">{_('speakers.about')}</h3>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-300">{speaker.about}</p>
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-100">{_('speakers.sessionCount', { count: appearances.length })}</h3>
        <ul className="mt-2 space-y-2">
          {appearances.map(({ part, session }) => (
            <li key={part.id} className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
                <TypeBadge type={part.type} />
                <span>
                  {formatShortDate(days[dayOf(session) - 1] ?? days[0] ?? '')}, {formatTimeRange(part.startTime, part.endTime)}
                </span>
              </div>
              <p className="mt-1.5 font-medium text-white">
                <Link to={paths.agendaPart(part.id)} className={`underline decoration-indigo-400/50 underline-offset-2 hover:text-indigo-100`}>
                  {part.title}
                  <span className="sr-only"> {_('speakers.inTheAgenda')}</span>
                </Link>
              </p>
              <p className="mt-0.5 text-xs text-slate-400">
                {_('agenda.session.numberAndTitle', { number: session.sessionNumber, title: session.sessionTitle })}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
