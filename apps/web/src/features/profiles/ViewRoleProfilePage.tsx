import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function ViewRoleProfilePage() {
  return <ComingSoon title="My Role Profile" description="Your role profile will be shown here." />;
}
