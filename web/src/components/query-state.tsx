import Spin from '@douyinfe/semi-ui/lib/es/spin';
import type { ReactNode } from 'react';
import { errorMessages } from '@/lib/error-messages.ts';
import './query-state.css';

export const LOADING_LABEL = '読み込み中';

/** What QueryState reads: a react-query result fits, and so does one put together from several. */
export interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/** QueryState's loading state alone, for what loads without a query (a lazy chunk under Suspense). */
export function Loading() {
  return (
    <div className="query-state" role="status" aria-label={LOADING_LABEL}>
      <Spin />
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
 * from before a failed refetch still shows under its error.
 */
export function QueryState<T>({ query, empty, isEmpty, children }: QueryStateProps<T>) {
  const error = query.error ? (
    <p className="query-state query-state--error" role="alert">
      {errorMessages(query.error).join(' ')}
    </p>
  ) : null;
  if (query.data === undefined) return error ?? (query.isPending ? <Loading /> : null);
  const content =
    isEmpty?.(query.data) === true ? <p className="query-state">{empty}</p> : children?.(query.data);
  return (
    <>
      {error}
      {content}
    </>
  );
}
