import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function RoleProfileFormPage() {
  return <ComingSoon title="Create Your Role Profile" description="The role profile form will let you define your purpose, skills and contribution." />;
}
