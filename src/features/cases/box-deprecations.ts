/**
 * A case retired live (LOBBY_BOX_DEPRECATED, document 1 section 4: "a box can become
 * deprecated by a real-time event"; docs/decisions/0050): the catalogue is read again, so lists
 * drop it and its page shows it retired, and a player looking at it is told. Heard whenever the
 * socket is in LOBBY (the home, arena, battles and streams pages keep it there).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { pushNotice } from '../../ui/notice-store.ts';
import { caseKeys } from './keys.ts';

/** Follows retired cases; mounted once by the root route. */
export function useBoxDeprecations(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socket.on('LOBBY_BOX_DEPRECATED', ({ box_hash, key }) => {
        void queryClient.invalidateQueries({ queryKey: caseKeys.all });
        if (window.location.pathname.split('/').includes(key)) {
          pushNotice({ type: 'system', title: 'Case retired', message: `This case (${box_hash}) was retired: it can no longer be opened or put in a new battle.` });
        }
      }),
    [queryClient],
  );
}
