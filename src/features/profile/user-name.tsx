import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { lazyPart } from '../../ui/lazy-part.ts';
import { PathLink } from '../../ui/path-link.tsx';
import type { WidgetPlace } from './user-widget.tsx';
import { DOUBLE_TAP_MS, WIDGET_HIDE_MS, WIDGET_OPEN_MS } from './widget-timing.ts';
import './user-widget.css';

const UserWidget = lazyPart(() => import('./user-widget.tsx'));

const CARD_WIDTH = 280;
/** Room the card needs under a name to open below it (its tallest content). */
const CARD_ROOM = 260;

/**
 * A player's name linking to their profile; hovering it opens their card. On a touch screen,
 * where nothing hovers, a tap opens the card and a double tap (within DOUBLE_TAP_MS) follows
 * the link. Clicking elsewhere, scrolling or changing route hides it at once. Bots never get one.
 * A simulated player of the sim's world (tag `sim`) carries a small marker: the arena never
 * passes one off as a person (docs/decisions/0051).
 */
export function UserName({ user, className }: { user: { hash: string; name: string; display_name: string; tags: string[] }; className?: string }) {
  const anchor = useRef<HTMLAnchorElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The card remembers the route it opened on: on another route it is gone at once.
  const [open, setOpen] = useState<{ place: WidgetPlace; path: string } | null>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const bot = user.tags.includes('bot');
  const shown = open !== null && open.path === path;

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const place = () => {
    const box = anchor.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(8, Math.min(box.left, window.innerWidth - CARD_WIDTH - 8));
    // The card is fixed: where the name sits low on the screen it opens above it, or it
    // would hang below the fold where no scroll can reach it.
    const below = box.bottom + 8 + CARD_ROOM <= window.innerHeight;
    setOpen({ place: below ? { left, top: box.bottom + 8 } : { left, bottom: window.innerHeight - box.top + 8 }, path });
  };
  const show = () => {
    clear();
    if (bot || shown) return;
    timer.current = setTimeout(place, WIDGET_OPEN_MS);
  };
  // The pointer of the press that ends in a click, and when the last touch tap was.
  const pointer = useRef('mouse');
  const lastTap = useRef(Number.NEGATIVE_INFINITY);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // detail 0: Enter on the focused link, not a tap.
    if (pointer.current !== 'touch' || bot || event.detail === 0) return;
    const now = event.timeStamp;
    const double = now - lastTap.current <= DOUBLE_TAP_MS;
    lastTap.current = now;
    // The second tap of a double tap is the link's own click: on to the profile.
    if (double) return;
    event.preventDefault();
    clear();
    place();
  };
  const leave = () => {
    clear();
    timer.current = setTimeout(() => setOpen(null), WIDGET_HIDE_MS);
  };

  useEffect(() => {
    const pending = timer;
    return () => {
      if (pending.current) clearTimeout(pending.current);
    };
  }, []);
  useEffect(() => {
    if (!shown) return;
    const hide = () => setOpen(null);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest('.user-widget') && !anchor.current?.contains(target)) hide();
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [shown]);

  return (
    <>
      <PathLink
        ref={anchor}
        to={`/@${user.name}`}
        className={`user-link${className ? ` ${className}` : ''}`}
        onPointerDown={(event) => (pointer.current = event.pointerType)}
        onPointerEnter={(event) => event.pointerType !== 'touch' && show()}
        onPointerLeave={(event) => event.pointerType !== 'touch' && leave()}
        onClick={onClick}
      >
        {user.display_name}
      </PathLink>
      {user.tags.includes('sim') && (
        <span className="sim-marker" title="A simulated player of the sim's world" aria-label="simulated player">
          sim
        </span>
      )}
      {shown && (
        <Suspense fallback={null}>
          <UserWidget hash={user.hash} place={open.place} onEnter={clear} onLeave={leave} />
        </Suspense>
      )}
    </>
  );
}
