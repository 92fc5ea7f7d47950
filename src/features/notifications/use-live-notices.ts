import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { playBalanceChange } from '../../sound/index.ts';
import { pushNotice } from './notice-store.ts';

/** Turns the player's live events into toasts and sounds; mounted once by the root route. */
export function useLiveNotices(): void {
  useEffect(
    () =>
      socket.on('WALLET_BALANCE_CHANGED', (change) => {
        if (change.amount > 0) playBalanceChange(change.amount);
        // The labels load with the first change; nothing on the first page needs them.
        void import('./notices.ts').then(({ balanceNotice }) => {
          const notice = balanceNotice(change);
          if (notice) pushNotice(notice);
        });
      }),
    [],
  );
}
