/** Paged lists (balance history, transactions, referrals): a table whose rows page in as the player scrolls. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { formatEnGb } from './date-format.ts';
import './paged-table.css';

/** What an infinite list needs of its query. */
interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * The end of an infinite list: the next page loads when this comes into view (with a button
 * for keyboards and for browsers without IntersectionObserver).
 */
function LoadMore({ pager }: { pager: Pager }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pager;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="load-more">
      <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : 'Show more'}
      </Button>
    </div>
  );
}

/** A table under `columns`, wide ones scrolling sideways, with the next page loading at its end. */
export function PagedTable({ columns, className, pager, children }: { columns: readonly string[]; className?: string; pager: Pager; children: ReactNode }) {
  return (
    <>
      <div className="table-scroll">
        <table className={className ? `history-table ${className}` : 'history-table'}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <LoadMore pager={pager} />
    </>
  );
}

/** When an entry happened. */
export function EntryTime({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatEnGb(at, 'date-minutes')}</time>;
}
