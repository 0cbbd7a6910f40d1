import { RefreshCw } from 'lucide-react';
import { Alert } from './Alert';
import { Button } from './Button';
import { checkNow } from '../../lib/network';

interface LoadErrorProps {
  /** What went wrong, in the person's words (the offline message when there is no network). */
  message: string;
  onRetry: () => void;
  className?: string;
}

/**
 * A screen's data could not be loaded and nothing was kept for it on this device: say so, and let
 * the person ask again (docs/product.md#offline-and-updates). Never a default that looks like data.
 */
export function LoadError({ message, onRetry, className }: LoadErrorProps) {
  return (
    <Alert tone="error" className={className}>
      <p>{message}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => {
          // Offline, the read would wait for the next probe: ask the network layer to check now.
          checkNow();
          onRetry();
        }}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </Alert>
  );
}
