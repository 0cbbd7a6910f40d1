import { Suspense } from 'react';
import { useToasterWanted } from '../../lib/notify';
import { lazyCode } from '../../lib/lazyCode';

const ToasterImpl = lazyCode(() => import('./ToasterImpl'));

/** Toasts at the top right, below the header, for TOAST_DURATION_MS (sonner, loaded once toasts may be needed: lib/notify). */
export function Toaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  ) : null;
}
