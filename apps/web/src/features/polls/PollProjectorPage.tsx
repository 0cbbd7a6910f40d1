import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { LiveIndicator } from '../../components/LiveIndicator';
import { buttonClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { PollOnProjector } from './PollOnProjector';
import { partPollsQuery } from './pollsApi';

/** /live/polls/{part}: the part's current poll on the projector, the whole screen, with no sidebar. */
export default function PollProjectorPage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const partId = useParams().partId ?? '';
  const { data } = useQuery(partPollsQuery(partId, user?.id ?? null));
  const title = data?.part_title ?? '';
  return (
    <main className="flex min-h-screen flex-col gap-10 bg-slate-950 px-8 py-10 text-slate-50 lg:px-16">
      <title>{`${_('polls.projector.documentTitle', { part: title || _('polls.heading') })} · ${appConfig.productName}`}</title>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold text-slate-200 lg:text-4xl">{title || _('polls.heading')}</h1>
        <div className="flex items-center gap-4">
          <LiveIndicator />
          <Link to={paths.agendaPart(partId)} className={buttonClasses('secondary', 'sm')}>
            {_('polls.projector.back')}
          </Link>
        </div>
      </header>
      <PollOnProjector partId={partId} />
    </main>
  );
}
