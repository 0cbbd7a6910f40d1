import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { cn } from '../../components/ui';
import { paths } from '../../lib/paths';
import { missionDetailsQuery, userMissionsQuery } from '../../lib/queries';

/**
 * On My Mission, every mission the person is on, when there is more than one: each a link that
 * shows that mission below (docs/product.md#my-mission). The names come from each mission's one
 * cached details entry, the same the page and the dashboard read.
 */
export function MissionSwitcher({ userId, selectedId }: { userId: string | null; selectedId: string }) {
  const { _ } = useLingui();
  const memberships = useQuery(userMissionsQuery(userId)).data ?? [];
  const details = useQueries({ queries: memberships.map((row) => missionDetailsQuery(row.mission_id, userId)) });
  if (memberships.length < 2) return null;
  return (
    <nav aria-label={_('mission.switcher.label')} className="mb-6">
      <p className="mb-2 text-sm text-slate-300">{_('mission.switcher.intro', { count: memberships.length })}</p>
      <ul className="flex flex-wrap gap-2">
        {memberships.map((row, index) => {
          const selected = row.mission_id === selectedId;
          const name = details[index]?.data?.mission.name || _('mission.untitled');
          return (
            <li key={row.mission_id}>
              <Link
                to={paths.myMission(row.mission_id)}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium',
                  selected ? 'border-sky-300 bg-sky-400/15 text-sky-100' : 'border-slate-600 text-slate-200 hover:bg-white/5',
                )}
              >
                {name}
                <span className="ml-1.5 text-xs text-slate-400">({row.role_in_team === 'owner' ? _('mission.role.owner') : _('mission.role.member')})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
