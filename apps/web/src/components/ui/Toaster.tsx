import { lazy, Suspense } from 'react';

const ToasterImpl = lazy(() => import('./ToasterImpl'));

/** Toasts at the top right for TOAST_DURATION_MS (sonner, loaded off the critical path). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  );
}
