import { useEffect, useState } from 'react';

/** Where the page is scrolled: past the top, and whether the player scrolls down (phones hide the header then). */
export interface HeaderScroll {
  scrolled: boolean;
  hidden: boolean;
}

const HIDE_AFTER = 140;

/** Follows the scroll for the header's sticky and hide-on-scroll rules (document 1 section 2.2). */
export function useHeaderScroll(): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>({ scrolled: false, hidden: false });
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const down = y > last + 4;
      const up = y < last - 4;
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
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
