import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { Vote } from 'lucide-react';
import { buttonClasses } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { currentRoundQuery, votesLeftLabel } from './roundsApi';

/** The dashboard's way to the vote, shown only while a round is open. */
export default function VoteRoundBanner() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const round = useQuery(currentRoundQuery(user?.id ?? null));
  if (round.data?.state !== 'open') return null;
  return (
    <section
      aria-labelledby="vote-banner-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-sky-500/40 bg-sky-500/10 p-5"
    >
      <div>
        <h2 id="vote-banner-title" className="text-lg font-semibold text-slate-50">
          {_('vote.banner.title', { round: round.data.name })}
        </h2>
        <p className="text-sm text-slate-300">{votesLeftLabel(round.data)}</p>
      </div>
      <Link to={paths.vote()} className={buttonClasses('primary')}>
        <Vote aria-hidden="true" className="size-4" />
        {_('vote.banner.voteNow')}
      </Link>
    </section>
  );
}
