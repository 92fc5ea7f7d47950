import { Suspense } from 'react';
import { useRateLimited } from '../connection/index.ts';
import { useToasts } from '../../ui/notice-store.ts';
import { lazyPart } from '../../ui/lazy-part.ts';
import './toasts.css';

// The toasts themselves load with the first one: a first page often shows none.
const ToastList = lazyPart(() => import('./toast-list.tsx'));

/**
 * The toasts, top right (top on phones): a live region that is always there, so a screen
 * reader hears the first toast too. Hidden while the player is rate-limited (document 1
 * section 2.2).
 */
export function Toasts() {
  const toasts = useToasts();
  const rateLimited = useRateLimited();
  return (
    <div className="toasts" aria-live="polite">
      {!rateLimited && toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      )}
    </div>
  );
}
