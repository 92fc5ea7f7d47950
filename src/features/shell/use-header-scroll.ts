import { useEffect, useState } from 'react';

/** Where the page is scrolled: past the top, and whether the player scrolls down (phones hide the header then). */
export interface HeaderScroll {
  scrolled: boolean;
  hidden: boolean;
}

const HIDE_AFTER = 140;

/**
 * Follows the scroll for the header's sticky and hide-on-scroll rules (document 1 section 2.2).
 * The position is read only in an animation frame, never in the effect: the effect runs in
 * the commit that replaces the prerendered page, where reading window.scrollY forced a layout
 * of the whole new page inside that already long task (docs/decisions/0053). The first frame
 * reads it once, for a page the player scrolled before the app took over.
 */
export function useHeaderScroll(): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>({ scrolled: false, hidden: false });
  useEffect(() => {
    let last: number | undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const before = last ?? y;
      const down = y > before + 4;
      const up = y < before - 4;
      last = y;
      setState((now) => {
        const hidden = y > HIDE_AFTER && (down || (now.hidden && !up));
        const scrolled = y > 4;
        return hidden === now.hidden && scrolled === now.scrolled ? now : { scrolled, hidden };
      });
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    frame = requestAnimationFrame(update);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
