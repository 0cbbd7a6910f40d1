import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function PreConferencePage() {
  return <ComingSoon title="Pre-Conference Survey" description="The pre-conference survey will be embedded here." />;
}
