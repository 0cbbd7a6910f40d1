import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Ticket } from 'lucide-react';
import { venueDay } from '@mc/contract/agenda.ts';
import { buttonClasses, Card } from '../../components/ui';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/queryKeys';
import { fetchProgramme } from '../conference';

/** On the conference's days (at the venue), the dashboard offers the badge first: people open the app at the door. */
export function BadgeDashboardCard() {
  const { _ } = useLingui();
  const settings = useQuery({
    queryKey: queryKeys.programme,
    queryFn: fetchProgramme,
    staleTime: 5 * 60_000,
    select: ({ programme }) => programme.settings,
  }).data;
  if (!settings) return null;
  const today = venueDay(new Date(), settings.timeZone);
  if (today < settings.startDate || today > settings.endDate) return null;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 border-sky-400/50" data-testid="badge-dashboard-card">
      <div className="flex min-w-0 items-center gap-3">
        <Ticket aria-hidden="true" className="size-10 shrink-0 text-sky-300" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-50">{_('badge.dashboard.title')}</h2>
          <p className="text-sm text-slate-300">{_('badge.dashboard.text')}</p>
        </div>
      </div>
      <Link to={paths.myBadge()} className={buttonClasses('primary', 'lg')}>
        {_('badge.dashboard.open')}
      </Link>
    </Card>
  );
}
