import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function MissionFormPage() {
  return <ComingSoon title="Create a Mission" description="The mission form will let you create or update your team's mission." />;
}
