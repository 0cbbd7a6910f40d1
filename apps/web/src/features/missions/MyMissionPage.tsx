import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function MyMissionPage() {
  return <ComingSoon title="My Mission" description="Your mission and its team will be shown here." />;
}
