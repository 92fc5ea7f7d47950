import { useEffect, useState } from 'react';

/**
 * The time now, read again every second while mounted and `ticking` (the countdowns). A clock
 * that ticks when nothing counts down renders its component every second for nothing, and on a
 * weak phone a tap waits behind that render; so a part that only sometimes counts down passes
 * `ticking`, and the clock's first tick comes at once when it starts again.
 */
export function useNow(ticking = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}
