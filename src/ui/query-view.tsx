import type { ReactNode } from 'react';

/** The parts of a TanStack query (or infinite query) a view needs. */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export interface QueryViewProps<T> {
  query: QueryState<T>;
  /** Shown until the first answer (a Skeleton, usually). */
  pending: ReactNode;
  /** Shown when the query failed, even with an older answer kept. */
  error: ReactNode;
  /** Shown instead of the content when `isEmpty` says the answer holds nothing to list. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The content, given the answer. */
  children: (data: T) => ReactNode;
}

/**
 * One query's states in the order the pages show them: loading, failed, empty, then the
 * content. The content is a function, so it only runs once there is an answer.
 */
export function QueryView<T>({ query, pending, error, empty, isEmpty, children }: QueryViewProps<T>) {
  if (query.isPending) return pending;
  if (query.isError || query.data === undefined) return error;
  if (isEmpty?.(query.data)) return empty ?? null;
  return children(query.data);
}
