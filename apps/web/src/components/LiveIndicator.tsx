import { useLingui } from '@lingui/react';
import { useLiveStatus } from '../lib/live/status';

/**
 * Says quietly when counts are not live; says nothing while they are. A status region, so a
 * screen reader hears the change once, without interrupting.
 */
export function LiveIndicator({ className = '' }: { className?: string }) {
  const { _ } = useLingui();
  const status = useLiveStatus();
  const text = status === 'reconnecting' ? _('app.live.reconnecting') : status === 'unavailable' ? _('app.live.unavailable') : '';
  return (
    <p role="status" className={`text-xs text-slate-300 ${text ? '' : 'sr-only'} ${className}`} data-live-status={status}>
      {text}
    </p>
  );
}
