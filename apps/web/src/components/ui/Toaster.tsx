import { useToasterWanted } from '../../lib/notify';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../OptionalPart';

const ToasterImpl = lazyCode(() => import('./ToasterImpl'));

/** Toasts at the top right, below the header, for TOAST_DURATION_MS (sonner, loaded once toasts may be needed: lib/notify). */
export function Toaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <OptionalPart>
      <ToasterImpl />
    </OptionalPart>
  ) : null;
}
