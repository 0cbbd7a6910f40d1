import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import type { MissionFit } from '@mc/contract';
import { Badge, Card, QueryState } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { AskToJoinButton } from '../roles';
import { missionsForMeQuery } from './matchingApi';
import { fitReasonText } from './fitReason';

/**
 * "Missions that need you" (docs/product.md#matching): the open roles that fit the signed-in
 * attendee's role profile best, each with the line that says why, and "Ask to join". Shown only
 * to someone with a role profile.
 */
export function MissionsForMeCard({ limit = 5 }: { limit?: number }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const fits = useQuery(missionsForMeQuery(user?.id ?? null, limit));
  if (fits.data && !fits.data.has_profile) return null;
  return (
    <Card data-testid="missions-for-me">
      <h2 className="mb-1 flex items-center gap-2 text-lg font-semibold text-slate-50">
        <Sparkles aria-hidden="true" className="size-5 text-sky-300" />
        {_('matching.forMe.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-300">{_('matching.forMe.intro')}</p>
      <QueryState query={fits} loading={_('matching.forMe.loading')}>
        {(data) =>
          data.missions.length === 0 ? (
            <p className="text-slate-300">{_('matching.forMe.none')}</p>
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

/**
 * Whether a role's title starts with a vowel letter: a hint the catalogue may use to choose an
 * article ("needs an Architect"); the words themselves are the catalogue's.
 */
function initialSound(title: string): 'vowel' | 'other' {
  return /^[aeiou]/i.test(title.trim()) ? 'vowel' : 'other';
}

function FitLine({ fit }: { fit: MissionFit }) {
  const { _ } = useLingui();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="mission-fit">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-50">
          <Trans
            id="matching.forMe.needs"
            values={{ mission: fit.mission_name, role: fit.role_title, initial: initialSound(fit.role_title) }}
            components={{
              0: <Link to={paths.mission(fit.mission_id)} className="underline decoration-slate-500 underline-offset-4 hover:decoration-sky-300" />,
              1: <span className="font-normal text-slate-300" />,
            }}
          />
        </p>
        <p className="text-sm break-words text-slate-300">{fitReasonText(_, fit, 'you')}</p>
      </div>
      {fit.pending ? <Badge tone="info">{_('matching.forMe.requestOpen')}</Badge> : <AskToJoinButton role={{ role_id: fit.role_id, title: fit.role_title }} />}
    </li>
  );
}
