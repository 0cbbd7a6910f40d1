import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until this screen is built. */
export default function PostConferencePage() {
  return <ComingSoon title="Post-Conference Survey" description="The post-conference survey will be embedded here." />;
}
