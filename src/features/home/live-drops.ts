import { useEffect, useState } from 'react';
import { Rooms, type ServerMessageData } from '../../contract/index.ts';
import { socket } from '../../net/index.ts';

/** A drop of the live strip. */
export type LiveDrop = ServerMessageData<'LOBBY_DROP_DROPPED'>;

/** Document 1 section 9: at most 30 drops visible, and 15 kept while the window has no focus. */
export const LIVE_DROPS = { visible: 30, hidden: 15 } as const;

/** The strip's state: what shows, and what arrived while the window had no focus. */
export type LiveDropsState = { readonly visible: readonly LiveDrop[]; readonly hidden: readonly LiveDrop[] };

/** Adds an arriving drop: on top of the strip while focused, else to the hidden queue (newest kept). */
export function addLiveDrop(state: LiveDropsState, drop: LiveDrop, focused: boolean): LiveDropsState {
  if (state.visible.some((seen) => seen.hash === drop.hash) || state.hidden.some((seen) => seen.hash === drop.hash)) return state;
  if (!focused) return { visible: state.visible, hidden: [drop, ...state.hidden].slice(0, LIVE_DROPS.hidden) };
  return { visible: [drop, ...state.visible].slice(0, LIVE_DROPS.visible), hidden: state.hidden };
}

/** The window got focus back: the hidden drops join the strip. */
export function revealHiddenDrops(state: LiveDropsState): LiveDropsState {
  if (state.hidden.length === 0) return state;
  return { visible: [...state.hidden, ...state.visible].slice(0, LIVE_DROPS.visible), hidden: [] };
}

const hasFocus = () => typeof document !== 'undefined' && document.hasFocus();

/**
 * Live drops of every case (LOBBY_DROP_DROPPED in the LOBBY room), for the home page only:
 * the room is joined while the page is up, and drops show only while the window has focus
 * (document 1 section 4); the ones that come meanwhile wait in a short queue.
 */
export function useLiveDrops(): { drops: readonly LiveDrop[]; focused: boolean } {
  const [state, setState] = useState<LiveDropsState>({ visible: [], hidden: [] });
  const [focused, setFocused] = useState(hasFocus);
  useEffect(() => {
    const leave = socket.subscribe(Rooms.lobby);
    const off = socket.on('LOBBY_DROP_DROPPED', (drop) => setState((now) => addLiveDrop(now, drop, hasFocus())));
    const onFocus = () => {
      setFocused(true);
      setState(revealHiddenDrops);
    };
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      off();
      leave();
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return { drops: state.visible, focused };
}
