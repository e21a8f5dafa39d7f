import Button from '@douyinfe/semi-ui/lib/es/button';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import type { ReactNode } from 'react';
import { isApiError, isConnectionError } from '@/lib/api-error.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { Forbidden } from './errors/forbidden.tsx';
import './query-state.css';

export const LOADING_LABEL = '読み込み中';
export const RETRY_LABEL = '再試行';

/** What QueryState reads: a react-query result fits, and so does one put together from several. */
export interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  /** The last failure while react-query is still retrying (error is null until it gives up). */
  failureReason?: unknown;
  /** The data is another query's, kept on screen while this one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  refetch?: () => unknown;
}

/** QueryState's loading state alone, for what loads without a query (a lazy chunk under Suspense). */
export function Loading() {
  return (
    <div className="query-state" role="status" aria-label={LOADING_LABEL}>
      <Spin />
    </div>
  );
}

/** The API could not be reached: says so, with a button that asks again. */
export function ConnectionError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="query-state query-state--error" role="alert" data-testid="connection-error">
      <p className="query-state__message">{message}</p>
      {onRetry ? (
        <Button onClick={onRetry} data-testid="connection-retry">
          {RETRY_LABEL}
        </Button>
      ) : null}
    </div>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Said instead of the content when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The content once the data is there; without it only the loading and error states show. */
  children?: (data: T) => ReactNode;
}

/**
 * The one rendering of a query's loading, error and empty states, so every screen announces them
 * alike: a spinner with role="status", the error's Japanese messages with role="alert". Data kept
 * from before a failed refetch still shows under its error. A refusal (403) is the one 権限がありません
 * page; an API that cannot be reached says so with 再試行 as soon as the first try failed, and never
 * leaves another list's data (or its "nothing here") on screen as if it were the answer.
 */
export function QueryState<T>({ query, empty, isEmpty, children }: QueryStateProps<T>) {
  const failure = query.error ?? query.failureReason;
  if (isApiError(failure, 403)) return <Forbidden message={failure.detail} />;

  const placeholder = query.isPlaceholderData === true;
  const data = placeholder && failure ? undefined : query.data;
  let error: ReactNode = null;
  if (isConnectionError(failure)) {
    const { refetch } = query;
    error = (
      <ConnectionError
        message={errorMessages(failure).join(' ')}
        onRetry={refetch ? () => void refetch() : undefined}
      />
    );
  } else if (query.error) {
    error = (
      <p className="query-state query-state--error" role="alert">
        {errorMessages(query.error).join(' ')}
      </p>
    );
  }
  if (data === undefined) return error ?? (query.isPending || placeholder ? <Loading /> : null);
  if (isEmpty?.(data) === true) {
    // Another list's "nothing here" is not this one's answer: it is still loading.
    if (placeholder) return <Loading />;
    return (
      <>
        {error}
        <p className="query-state">{empty}</p>
      </>
    );
  }
  return (
    <>
      {error}
      {children?.(data)}
    </>
  );
}
