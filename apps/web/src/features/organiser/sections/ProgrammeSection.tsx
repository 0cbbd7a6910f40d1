import { Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useProgramme } from '../../conference';
import { ConferenceSettingsCard } from '../programme/ConferenceSettingsCard';
import { ImportExportCard } from '../programme/ImportExportCard';
import { SessionsCard } from '../programme/SessionsCard';
import { SpeakersCard } from '../programme/SpeakersCard';
import { SectionHeading } from '../SectionHeading';

/** The programme attendees see: conference details, speakers, sessions, and the whole of it as a file. */
export default function ProgrammeSection() {
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Programme"
        description={
          <>
            What attendees see in the{' '}
            <Link to={paths.agendaSchedule()} className="text-sky-200 underline underline-offset-2">
              Agenda Schedule
            </Link>{' '}
            and the{' '}
            <Link to={paths.speakersDirectory()} className="text-sky-200 underline underline-offset-2">
              Speakers Directory
            </Link>
            . Every change shows there on their next load.
          </>
        }
      />
      <Suspense fallback={<Spinner label="Loading the programme..." />}>
        <ProgrammeEditor />
      </Suspense>
    </section>
  );
}

function ProgrammeEditor() {
  const programme = useProgramme();
  // A new version (an import, another organiser's save) starts the forms again from what is saved.
  return (
    <div key={programme.version} className="flex flex-col gap-6">
      <ConferenceSettingsCard programme={programme} />
      <SpeakersCard programme={programme} />
      <SessionsCard programme={programme} />
      <ImportExportCard />
    </div>
  );
}
