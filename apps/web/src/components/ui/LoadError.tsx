import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Alert } from './Alert';
import { Button } from './Button';
import { PageSpinner, Spinner } from './Spinner';
import { checkNow } from '../../lib/network';

interface LoadErrorProps {
  /** What went wrong, in the person's words (the offline message when there is no network). */
  message: string;
  onRetry: () => void;
  /** A heading above the message, where the screen has several parts that can fail. */
  title?: string;
  /** The retry is under way: the button shows it and ignores presses until it is over. */
  retrying?: boolean;
  className?: string;
}

/**
 * A screen's data could not be loaded and nothing was kept for it on this device: say so, and let
 * the person ask again (docs/product.md#offline-and-updates). Never a default that looks like data.
 */
export function LoadError({ message, onRetry, title, retrying = false, className }: LoadErrorProps) {
  const { _ } = useLingui();
  return (
    <Alert tone="error" title={title} className={className}>
      <p>{message}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        busy={retrying}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
        onClick={() => {
          // Offline, the read would wait for the next probe: ask the network layer to check now.
          checkNow();
          onRetry();
        }}
      >
        {_('common.tryAgain')}
      </Button>
    </Alert>
  );
}

/** What `QueryState` needs of a read; TanStack Query's result has all of it. */
export interface ReadState<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: ReadState<T>;
  /** The loading indicator's text ("Loading the figures..."). */
  loading: string;
  /** The error's heading, where the screen has several parts that can fail. */
  errorTitle?: string;
  /** Said instead of the error's own message (which is already written for a person: lib/rpcError.ts). */
  errorMessage?: string;
  /** A whole screen's loading state (a large centred spinner) rather than a part's. */
  page?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The three states of every part of a screen that reads data (docs/product.md#offline-and-updates):
 * the data, or the copy kept from before when a refresh failed (the offline banner says how old);
 * an error with "Try again" when there is nothing to show; loading otherwise.
 */
export function QueryState<T>({ query, loading, errorTitle, errorMessage, page = false, children }: QueryStateProps<T>) {
  const { _ } = useLingui();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <LoadError
        title={errorTitle}
        message={errorMessage ?? (query.error.message || _('common.loadFailed'))}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return page ? <PageSpinner label={loading} /> : <Spinner label={loading} />;
}
