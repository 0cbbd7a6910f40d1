import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../../lib/notify';

const ToasterImpl = lazy(() => import('./ToasterImpl'));

/** Toasts at the top right, below the header, for TOAST_DURATION_MS (sonner, loaded once toasts may be needed: lib/notify). */
export function Toaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  ) : null;
}
