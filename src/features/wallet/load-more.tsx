import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button.tsx';

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
export function LoadMore({ pager }: { pager: Pager }) {
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
