import { lazy, Suspense } from 'react';

const ToasterImpl = lazy(() => import('./ToasterImpl'));

/** SPEC §9: toasts at the top right for 4000 ms (sonner, loaded off the critical path). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  );
}
