import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyPart } from '../../ui/lazy-part.ts';
import { widerThan } from '../../ui/breakpoints.ts';

const AssistantPart = lazyPart(() => import('./assistant.tsx'));

// The spec disables the assistant on mobile: phones never load its code.
const DESKTOP = widerThan('mobile');
const desktopQuery = () => (typeof matchMedia === 'function' ? matchMedia(DESKTOP) : null);
const subscribe = (listener: () => void) => {
  const query = desktopQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const isDesktop = () => desktopQuery()?.matches ?? false;

/**
 * Whether the visit has had its first click or key press (the spec: the assistant waits for a
 * first click). Watched here, not in the lazy part, so a click made while that loads still counts.
 */
function useFirstGesture(): boolean {
  // This gate loads after the first page: a click made before it did is the browser's sticky user activation.
  const [seen, setSeen] = useState(() => (typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive) ?? false);
  useEffect(() => {
    if (seen) return;
    const done = () => setSeen(true);
    window.addEventListener('pointerdown', done, { once: true, capture: true });
    window.addEventListener('keydown', done, { once: true, capture: true });
    return () => {
      window.removeEventListener('pointerdown', done, { capture: true });
      window.removeEventListener('keydown', done, { capture: true });
    };
  }, [seen]);
  return seen;
}

/** The assistant, loaded after the first page on desktop widths only. */
export function Assistant() {
  const desktop = useSyncExternalStore(subscribe, isDesktop, () => false);
  const gesture = useFirstGesture();
  if (!desktop) return null;
  return (
    <Suspense fallback={null}>
      <AssistantPart gesture={gesture} />
    </Suspense>
  );
}
