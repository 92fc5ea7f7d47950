import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { TAB_ID, setActiveTab } from '../../ui/active-tab.ts';

/**
 * Keeps PAGE_ACTIVE between the player's tabs: the tab the player turns to (it is shown, gets
 * focus or a click) tells the others over the socket, and every tab follows the latest word.
 * Visitors have no personal room to share it in; their tabs all stay active.
 */
export function usePageActive(): void {
  useEffect(() => {
    let authed = false;
    const claim = () => {
      if (document.visibilityState === 'hidden') return;
      setActiveTab(TAB_ID);
      if (authed) socket.send({ type: 'page-active', data: { tab: TAB_ID } });
    };
    const offs = [
      socket.on('PAGE_ACTIVE', ({ tab }) => setActiveTab(tab)),
      socket.on('AUTHED', () => {
        authed = true;
        if (document.hasFocus()) claim();
      }),
      socket.on('LEAVED', () => {
        authed = false;
        setActiveTab(null);
      }),
    ];
    const onVisible = () => {
      if (document.visibilityState === 'visible') claim();
    };
    window.addEventListener('focus', claim);
    window.addEventListener('pointerdown', claim, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const off of offs) off();
      window.removeEventListener('focus', claim);
      window.removeEventListener('pointerdown', claim, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
