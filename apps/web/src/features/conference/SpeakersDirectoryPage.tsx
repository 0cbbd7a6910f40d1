import { useMemo, useState } from 'react';
import { Globe, Mic, SearchX } from 'lucide-react';
import { SearchInput } from '../../components/ui';
import type { Speaker } from '@mc/contract/conference.ts';
import { conference } from './content/index.ts';
import { ConferenceDialog } from './ConferenceDialog.tsx';
import { ExternalAnchor, SpeakerPhoto, TypeBadge } from './ConferenceBits.tsx';
import { appearancesOf, filterSpeakers, formatTimeRange, sessionCountLabel, type SpeakerAppearance } from './schedule.ts';
import { focusRing } from './styles.ts';

const SEARCH_PLACEHOLDER = 'Search speakers by name, designation, or expertise...';

export default function SpeakersDirectoryPage() {
  const [query, setQuery] = useState('');
  const speakers = useMemo(() => filterSpeakers(conference.speakers, query), [query]);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Speakers Directory</h1>
      </header>

      <SearchInput label="Search speakers" value={query} onChange={setQuery} placeholder={SEARCH_PLACEHOLDER} className="mb-6" />

      <p role="status" className="sr-only">
        {speakers.length === 1 ? '1 speaker' : `${speakers.length} speakers`}
      </p>

      {speakers.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-14 text-center">
          <SearchX aria-hidden="true" className="mb-3 size-10 text-slate-500" />
          {/* SPEC §2 gives the empty state as one text, dash included. */}
          <p className="text-lg font-semibold text-white">
            No speakers found <span className="font-normal text-slate-300">– Try adjusting your search query</span>
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Speakers">
          {speakers.map((speaker) => (
            <li key={speaker.id}>
              <SpeakerCard speaker={speaker} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SpeakerCard({ speaker }: { speaker: Speaker }) {
  const appearances = useMemo(() => appearancesOf(speaker.name, conference.agenda), [speaker.name]);
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
              trigger={
                <button
                  type="button"
                  className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-indigo-100 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-400"
                >
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
              <SpeakerDetails speaker={speaker} appearances={appearances} />
            </ConferenceDialog>
          </h2>
          <p className="mt-0.5 text-sm text-indigo-200">{speaker.designation}</p>
        </div>
      </div>
      <p className="mt-3">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-indigo-400/30 bg-indigo-500/10 px-2.5 py-0.5 text-xs font-medium text-indigo-100">
          <Mic aria-hidden="true" className="size-3.5" />
          {sessionCountLabel(appearances.length)}
        </span>
      </p>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-300">{speaker.about}</p>
    </article>
  );
}

const linkClass = `relative inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-800/70 px-3 py-2 text-sm font-medium text-indigo-100 hover:border-indigo-400 hover:text-white ${focusRing}`;

function SpeakerDetails({ speaker, appearances }: { speaker: Speaker; appearances: SpeakerAppearance[] }) {
  const links = [
    { label: 'LinkedIn', href: speaker.linkedinUrl },
    { label: 'Website', href: speaker.websiteUrl },
    { label: 'Twitter', href: speaker.twitterUrl },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));

  return (
    <>
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Links for ${speaker.name}`}>
          {links.map((link) => (
            <li key={link.label}>
              <ExternalAnchor href={link.href} className={linkClass}>
                {link.label === 'Website' && <Globe aria-hidden="true" className="size-4" />}
                {link.label}
              </ExternalAnchor>
            </li>
          ))}
        </ul>
      )}
      <section>
        <h3 className="text-sm font-semibold text-slate-100">About</h3>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-300">{speaker.about}</p>
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-100">{sessionCountLabel(appearances.length)}</h3>
        <ul className="mt-2 space-y-2">
          {appearances.map(({ part, session }) => (
            <li key={part.id} className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
                <TypeBadge type={part.type} />
                <span>{formatTimeRange(part.startTime, part.endTime)}</span>
              </div>
              <p className="mt-1.5 font-medium text-white">{part.title}</p>
              <p className="mt-0.5 text-xs text-slate-400">
                Session {session.sessionNumber}: {session.sessionTitle}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
