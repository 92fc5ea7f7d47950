import { useEffect, useState } from 'react';
import { afterLoadAndIdle } from './idle.ts';

/** What counts as the player reaching for the page: a press, a key, a mouse moving over it. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'pointermove'] as const;

/**
 * Whether a page's PixiJS scene should load now. PixiJS and a scene cost a phone hundreds of
 * milliseconds of main thread, and a page that shows its first view in HTML (the chicken's
 * road, the dice bar) does not need them until something moves: they load on the player's
 * first press, key or mouse move on the page, or, when `eager` (a signed-in player who can play,
 * a game already running), once the page has loaded and the main thread is idle.
 */
export function useSceneWanted(eager: boolean): boolean {
  const [intent, setIntent] = useState(false);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (intent) return;
    const reach = (event: Event) => {
      // A touch screen's pointermove comes with a press anyway; a mouse moving over the page is a reach.
      if (event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse') return;
      setIntent(true);
    };
    for (const type of INTENT_EVENTS) addEventListener(type, reach, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) removeEventListener(type, reach, { capture: true });
    };
  }, [intent]);

  useEffect(() => {
    if (!eager || idle) return;
    let live = true;
    void afterLoadAndIdle().then(() => {
      if (live) setIdle(true);
    });
    return () => {
      live = false;
    };
  }, [eager, idle]);

  return intent || (eager && idle);
}
