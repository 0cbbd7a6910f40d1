import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function DashboardPage() {
  return <ComingSoon title="Dashboard" description="Your mission dashboard with survey status, role profile and mission is being assembled." />;
}
