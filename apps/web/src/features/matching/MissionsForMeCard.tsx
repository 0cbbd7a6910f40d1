import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { fitReason, type MissionFit } from '@mc/contract';
import { Badge, Card, QueryState } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { AskToJoinButton } from '../roles';
import { missionsForMeQuery } from './matchingApi';

/**
 * "Missions that need you" (docs/product.md#matching): the open roles that fit the signed-in
 * attendee's role profile best, each with the line that says why, and "Ask to join". Shown only
 * to someone with a role profile.
 */
export function MissionsForMeCard({ limit = 5 }: { limit?: number }) {
  const { user } = useAuth();
  const fits = useQuery(missionsForMeQuery(user?.id ?? null, limit));
  if (fits.data && !fits.data.has_profile) return null;
  return (
    <Card data-testid="missions-for-me">
      <h2 className="mb-1 flex items-center gap-2 text-lg font-semibold text-slate-50">
        <Sparkles aria-hidden="true" className="size-5 text-sky-300" />
        Missions that need you
      </h2>
      <p className="mb-4 text-sm text-slate-300">Open roles that want what you wrote in your role profile.</p>
      <QueryState query={fits} loading="Finding missions that need you...">
        {(data) =>
          data.missions.length === 0 ? (
            <p className="text-slate-300">No open role fits your profile yet. New roles open as teams form: look again later.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.missions.map((fit) => (
                <FitLine key={fit.role_id} fit={fit} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}

function FitLine({ fit }: { fit: MissionFit }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="mission-fit">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-50">
          <Link to={paths.mission(fit.mission_id)} className="underline decoration-slate-500 underline-offset-4 hover:decoration-sky-300">
            {fit.mission_name}
          </Link>
          <span className="font-normal text-slate-300"> needs a {fit.role_title}</span>
        </p>
        <p className="text-sm break-words text-slate-300">{fitReason(fit, 'you')}</p>
      </div>
      {fit.pending ? <Badge tone="info">Request open</Badge> : <AskToJoinButton role={{ role_id: fit.role_id, title: fit.role_title }} />}
    </li>
  );
}
