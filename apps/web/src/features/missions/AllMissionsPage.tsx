import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function AllMissionsPage() {
  return <ComingSoon title="All Missions" description="Browse, vote on and subscribe to every mission here." />;
}
