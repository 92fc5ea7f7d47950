import { useQuery, type UseQueryResult } from '@tanstack/react-query';

/**
 * A fairness page's record and its replay as two queries: the record is what the route's loader
 * fetches ahead (a hovered link, the router's pending view), and the replay runs in the
 * fairness worker once the record is here, again only when a newer record arrives.
 */
export function useReplayed<R, T>(key: readonly string[], record: UseQueryResult<R>, replay: (record: R) => Promise<T>) {
  const report = useQuery({
    queryKey: ['fairness', 'replay', ...key, record.dataUpdatedAt],
    enabled: record.data !== undefined,
    queryFn: () => replay(record.data as R),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    pending: record.isPending || (record.data !== undefined && report.isPending),
    failed: record.isError || report.isError,
    record: report.data === undefined ? undefined : record.data,
    report: report.data,
    /** Why the replay itself could not run (the record came). */
    replayError: report.error,
  };
}
