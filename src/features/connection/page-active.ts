import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { TAB_ID, claimedHere, setActiveTab } from '../../ui/active-tab.ts';

/**
 * Keeps PAGE_ACTIVE between the player's tabs: the tab the player turns to (it is shown, gets
 * focus or a click) tells the others over the socket, and every tab follows the latest word.
 * Visitors have no personal room to share it in; their tabs all stay active.
 */
export function usePageActive(): void {
  useEffect(() => {
    let authed = false;
    // Whether this tab's claim has gone out since the socket last signed in.
    let told = false;
    const claim = () => {
      if (document.visibilityState === 'hidden') return;
      setActiveTab(TAB_ID);
      if (!authed) return;
      socket.send({ type: 'page-active', data: { tab: TAB_ID } });
      told = true;
    };
    const offs = [
      socket.on('PAGE_ACTIVE', ({ tab }) => setActiveTab(tab)),
      socket.on('AUTHED', () => {
        authed = true;
        told = false;
        if (document.hasFocus()) claim();
      }),
      socket.on('LEAVED', () => {
        authed = false;
        told = false;
        setActiveTab(null);
      }),
    ];
    // A tap on the tab whose claim went out and still holds says nothing new: it would cost
    // every tap of a game a socket message, sent in the tap's own input delay.
    const claimByTap = () => {
      if (!told || !claimedHere()) claim();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') claim();
    };
    window.addEventListener('focus', claim);
    window.addEventListener('pointerdown', claimByTap, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const off of offs) off();
      window.removeEventListener('focus', claim);
      window.removeEventListener('pointerdown', claimByTap, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
