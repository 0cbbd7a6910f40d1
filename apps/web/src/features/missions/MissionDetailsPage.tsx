import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function MissionDetailsPage() {
  return <ComingSoon title="Mission Details" description="The details of this mission will be shown here." />;
}
