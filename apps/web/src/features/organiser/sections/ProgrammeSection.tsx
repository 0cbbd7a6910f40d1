import { Suspense } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { Spinner } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { ConferenceSettingsCard } from '../programme/ConferenceSettingsCard';
import { ImportExportCard } from '../programme/ImportExportCard';
import { useProgrammeDraft } from '../programme/programmeApi';
import { PublishCard } from '../programme/PublishCard';
import { SessionHostsCard } from '../programme/SessionHostsCard';
import { SessionsCard } from '../programme/SessionsCard';
import { SpeakersCard } from '../programme/SpeakersCard';
import { SectionHeading } from '../SectionHeading';

/** The programme's draft (conference details, speakers, sessions, the whole of it as a file) and its publication. */
export default function ProgrammeSection() {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title={_('organiser.sections.programme')}
        description={
          <Trans
            id="organiser.programme.description"
            components={{
              0: <Link to={paths.agendaSchedule()} className="text-sky-200 underline underline-offset-2" />,
              1: <Link to={paths.speakersDirectory()} className="text-sky-200 underline underline-offset-2" />,
            }}
          />
        }
      />
      <Suspense fallback={<Spinner label={_('organiser.programme.loading')} />}>
        <ProgrammeEditor />
      </Suspense>
    </section>
  );
}

function ProgrammeEditor() {
  const programme = useProgrammeDraft();
  // A new version (an import, another organiser's save) starts the forms again from what is saved.
  return (
    <div key={programme.version} className="flex flex-col gap-6">
      <PublishCard />
      <ConferenceSettingsCard programme={programme} />
      <SpeakersCard programme={programme} />
      <SessionsCard programme={programme} />
      <SessionHostsCard />
      <ImportExportCard />
    </div>
  );
}
